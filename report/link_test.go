package report_test

import (
	"fmt"
	"testing"

	"github.com/haifu/haifu/report"
	"github.com/haifu/haifu/stats"
)

// ExampleTenhouLink gives a finding's link to Tenhou's viewer, at its hand
// and from its seat's side.
func ExampleTenhouLink() {
	id, hand, seat := "2016022509gm-0009-0000-b327da61", int32(3), int32(2)
	fmt.Println(report.TenhouLink(&stats.DiscrepancyRow{GameID: &id, Hand: &hand, Seat: &seat}))
	fmt.Println(report.TenhouLink(&stats.DiscrepancyRow{GameID: &id}))
	uuid := "240101-7c0d5b7e-1f2a-4c3b-9d8e-0a1b2c3d4e5f"
	fmt.Printf("%q\n", report.TenhouLink(&stats.DiscrepancyRow{GameID: &uuid, Hand: &hand}))
	// Output:
	// https://tenhou.net/0/?log=2016022509gm-0009-0000-b327da61&ts=3&tw=2
	// https://tenhou.net/0/?log=2016022509gm-0009-0000-b327da61
	// ""
}

// TestErrorKind: an error's kind is the error its message ends with.
func TestErrorKind(t *testing.T) {
	for msg, want := range map[string]string{
		"a.mjlog: offset 11473, element 699, round S3-0: mjlog: no game end (owari) after the last complete element: log ends before the game does": "log ends before the game does",
		"README.md: content starts with \"# Real game logs\"...: not a game log":                                                                    "not a game log",
		"x.json: offset 66: tenhou6: line 3, column 47: a // comment: syntax error":                                                                 "syntax error",
		"g.mjson: offset 84, line 2, round E1-0: mjai: dora_marker 7m (2m-8m) in a three-player game: invalid value":                                "invalid value",
		"h.json: offset 60, line 2: mjai: start_kyoku without dora_marker: unsupported":                                                             "unsupported",
		"big.gz: size limit exceeded":                              "size limit exceeded",
		"missing.xml: open missing.xml: no such file or directory": "other",
	} {
		if got := report.ErrorKind(msg); got != want {
			t.Errorf("ErrorKind(%q) = %q, want %q", msg, got, want)
		}
	}
}

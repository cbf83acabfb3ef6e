package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReplayShowsFindings: replay judges the game as verify does and shows
// each of verify's findings at its event, with its expected and recorded
// values; a finding about the whole game is shown at the end.
func TestReplayShowsFindings(t *testing.T) {
	for _, path := range []string{
		"../../fixtures/bad/mjai/msanma__sample-nuki.mjson",
		"../../fixtures/bad/mjai/akochan__79b3c109__haifu_log_1000_0.json",
		"../../fixtures/bad/tenhou6/colint__out.tenhou.json",
		"../../fixtures/bad/mjlog/tpb__23.txt",
	} {
		t.Run(filepath.Base(path), func(t *testing.T) {
			vout, _, _ := haifu(t, "", "verify", "--json", path)
			rout, _, code := haifu(t, "", "replay", path)
			n := 0
			for line := range strings.SplitSeq(strings.TrimRight(vout, "\n"), "\n") {
				var f struct {
					Event        *int
					Check        string
					Severity     string
					Message      string
					ExpectedText *string `json:"expected_text"`
					RecordedText *string `json:"recorded_text"`
				}
				if err := json.Unmarshal([]byte(line), &f); err != nil {
					t.Fatal(err)
				}
				if f.Severity != "discrepancy" {
					continue
				}
				n++
				want := "!! "
				if f.Event != nil {
					want += fmt.Sprintf("event %d: ", *f.Event)
				}
				want += f.Check + ": " + f.Message
				if f.ExpectedText != nil {
					want += " (expected " + *f.ExpectedText + ", recorded " + *f.RecordedText + ")"
				}
				if !strings.Contains(rout, want+"\n") {
					t.Errorf("replay does not show %q", want)
				}
			}
			if n == 0 {
				t.Fatal("verify finds nothing")
			}
			if code != exitFound {
				t.Errorf("replay: exit %d, want %d (verify finds %d discrepancies)", code, exitFound, n)
			}
		})
	}
}

// TestReplayWinNotAsRecorded: a win whose recorded yaku are not the hand's
// (pinfu recorded as tanyao, the han and points the same) is not "as
// recorded": replay writes the record and the win.yaku finding after the
// value, with the viewer link to the hand, seen from the winner.
func TestReplayWinNotAsRecorded(t *testing.T) {
	const id = "2011020417gm-00a9-0000-b67fcaa3"
	data, err := os.ReadFile("../../fixtures/good/mjlog/mjx__" + id + ".mjlog")
	if err != nil {
		t.Fatal(err)
	}
	const from, to = `ten="30,2000,0" yaku="7,1,54,1"`, `ten="30,2000,0" yaku="8,1,54,1"`
	if !strings.Contains(string(data), from) {
		t.Fatalf("no %s in the fixture", from)
	}
	path := filepath.Join(t.TempDir(), id+".mjlog")
	if err := os.WriteFile(path, []byte(strings.Replace(string(data), from, to, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	out, _, code := haifu(t, "", "replay", "--round", "9", path)
	if code != exitFound {
		t.Errorf("exit %d, want %d", code, exitFound)
	}
	want := "   value: pinfu 1, aka_dora 1 = 2 han 30 fu, 2000 points (recorded: 2 han 30 fu, 2000 points)\n" +
		"!! event 1033: win.yaku: the recorded yaku are not the hand's: missing pinfu (1 han); not the hand's tanyao (1 han) (expected pinfu 1, recorded tanyao 1)\n" +
		"   https://tenhou.net/0/?log=" + id + "&ts=8&tw=1\n"
	if !strings.Contains(out, want) {
		t.Errorf("replay --round 9 does not show\n%s\nit shows:\n%s", want, out)
	}
	if strings.Contains(out, "(as recorded)") {
		t.Error("replay says (as recorded) of a win whose yaku are not the hand's")
	}
}

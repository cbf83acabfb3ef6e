package parser

import (
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/haifu/haifu/event"
)

// TestMetaTidy: the strings of a game are valid UTF-8 and bounded.
func TestMetaTidy(t *testing.T) {
	log := readFixture(t, "mjlog/mjx__2011020417gm-00a9-0000-b67fcaa3.mjlog")
	i := strings.Index(log, `n0="`) + len(`n0="`)
	j := i + strings.Index(log[i:], `"`)
	huge := strings.Repeat("%E9%B3%B3", 200_000) // 鳳 × 200,000: 600,000 bytes
	log = log[:i] + huge + log[j:]
	var d Decoder
	var g event.Game
	if err := d.Decode(&Input{Path: "x.xml", Data: []byte(log)}, &g); err != nil {
		t.Fatal(err)
	}
	name := g.Meta.Seats[0].Name
	if len(name) > MaxNameBytes || !utf8.ValidString(name) || !strings.HasPrefix(name, "鳳鳳") {
		t.Errorf("name of %d bytes %q..., want at most %d bytes of 鳳", len(name), name[:min(len(name), 12)], MaxNameBytes)
	}
	if w := strings.Join(g.Meta.Warnings, "; "); !strings.Contains(w, "seat 0's name of 600000 bytes cut to its first 255") {
		t.Errorf("warnings %q, want one on the name", w)
	}
	m := event.Meta{Seed: "x", Rules: event.Rules{Name: "a\xffb"}}
	tidyMeta(&m)
	if m.Rules.Name != "a\uFFFDb" || len(m.Warnings) != 1 {
		t.Errorf("rule name %q, warnings %q", m.Rules.Name, m.Warnings)
	}
}

// TestInvalidNamesWarned: a player's name that is not valid UTF-8 is made
// valid, with a warning, in every format, whether the decoder repaired it
// (a percent-encoded Tenhou name, a JSON string) or tidyMeta did; a name
// that is valid has none.
func TestInvalidNamesWarned(t *testing.T) {
	for _, tc := range []struct {
		fixture, from, to, want string
	}{
		{"mjlog/mjx__2011020417gm-00a9-0000-b67fcaa3.mjlog", `n0="%2D%72%6F%6E%2D"`, `n0="%FF%41"`, "\uFFFDA"},
		{"tenhou6/jeff__sample_tenhou.json", `"name": ["A"`, "\"name\": [\"\xffA\"", "\uFFFDA"},
		{"mjai/riichienv__126_204_0_mjai.jsonl", `"names":["0"`, "\"names\":[\"\xffA\"", "\uFFFDA"},
		{"majsoul/fpc__paipu_200610-50aa82d2-577d-4ac3-b0d9-838f1a1d9ac3.json", `"nickname": "宫永五峰"`, "\"nickname\": \"\xffA\"", "\uFFFDA"},
	} {
		t.Run(tc.fixture, func(t *testing.T) {
			log := readFixture(t, tc.fixture)
			for _, bad := range []bool{false, true} {
				text := log
				if bad {
					if !strings.Contains(log, tc.from) {
						t.Fatalf("%s holds no %s", tc.fixture, tc.from)
					}
					text = strings.Replace(log, tc.from, tc.to, 1)
				}
				var d Decoder
				var g event.Game
				if err := d.Decode(&Input{Path: filepath.Base(tc.fixture), Data: []byte(text)}, &g); err != nil {
					t.Fatal(err)
				}
				names := ""
				for _, s := range g.Meta.Seats {
					names += s.Name
				}
				warned := strings.Contains(strings.Join(g.Meta.Warnings, "; "), "name is not valid UTF-8")
				switch {
				case !utf8.ValidString(names):
					t.Errorf("bad %v: names %q are not valid UTF-8", bad, names)
				case bad && !strings.Contains(names, tc.want):
					t.Errorf("names %q, want one of them %q", names, tc.want)
				case warned != bad:
					t.Errorf("bad %v: warnings %q", bad, g.Meta.Warnings)
				}
			}
		})
	}
}

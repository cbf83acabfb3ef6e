package parser

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/text/encoding/japanese"

	"github.com/haifu/haifu/event"
)

// sjis encodes s in Shift-JIS.
func sjis(t *testing.T, s string) string {
	out, err := japanese.ShiftJIS.NewEncoder().String(s)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// zipRaw writes a zip whose member names are stored as given, with zip's
// UTF-8 flag set or not.
func zipRaw(t *testing.T, names []string, utf8Flag []bool) string {
	var b bytes.Buffer
	w := zip.NewWriter(&b)
	for i, name := range names {
		h := &zip.FileHeader{Name: name, Method: zip.Deflate, NonUTF8: !utf8Flag[i]}
		if utf8Flag[i] {
			h.Flags |= 0x800
		}
		f, err := w.CreateHeader(h)
		if err != nil {
			t.Fatal(err)
		}
		f.Write([]byte("x"))
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// tarRaw writes a GNU tar with one member whose name is stored as given.
func tarRaw(t *testing.T, name string) string {
	var b bytes.Buffer
	w := tar.NewWriter(&b)
	if err := w.WriteHeader(&tar.Header{Name: name, Mode: 0o644, Size: 1, Typeflag: tar.TypeReg, Format: tar.FormatGNU}); err != nil {
		t.Fatal(err)
	}
	w.Write([]byte("x"))
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestNonUTF8Names: zip member names in CP932 are decoded, names in UTF-8
// kept, and bytes that are neither escaped; tar members and files on disk
// with invalid names are escaped. Every path is valid UTF-8.
func TestNonUTF8Names(t *testing.T) {
	dir := t.TempDir()
	names := []string{
		sjis(t, "天鳳/鳳凰卓の牌譜.mjlog"), // Shift-JIS, no flag: decoded
		"雀魂/記録.json",               // UTF-8 with the flag
		"東風/記録.json",               // UTF-8 without the flag (some tools)
		"bad\xff\xfe.xml",          // neither
	}
	writeFiles(t, dir, map[string]string{
		"a.zip": zipRaw(t, names, []bool{false, true, false, false}),
		"b.tar": tarRaw(t, "t\x81x/\xe9.xml"),
	})
	disk := filepath.Join(dir, "c\xff.xml")
	if err := os.WriteFile(disk, []byte("x"), 0o644); err != nil {
		t.Skipf("the file system refuses a non-UTF-8 name: %v", err)
	}
	got := walkAll(t, []string{filepath.Join(dir, "a.zip"), filepath.Join(dir, "b.tar"), disk}, Options{})
	var paths []string
	for _, r := range got {
		paths = append(paths, strings.TrimPrefix(r.Path, dir+"/"))
		if !utf8.ValidString(r.Path) {
			t.Errorf("path %q is not valid UTF-8", r.Path)
		}
	}
	want := []string{
		"a.zip!天鳳/鳳凰卓の牌譜.mjlog",
		"a.zip!雀魂/記録.json",
		"a.zip!東風/記録.json",
		`a.zip!bad\xff\xfe.xml`,
		`b.tar!t\x81x/\xe9.xml`,
		`c\xff.xml`,
	}
	if d := cmp.Diff(want, paths); d != "" {
		t.Errorf("paths (-want +got):\n%s", d)
	}
}

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

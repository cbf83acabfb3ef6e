package parser

import (
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/haifu/haifu/event"
)

// utf16Text returns s as UTF-16 with a byte order mark, little-endian
// (what Windows PowerShell's ">" writes) or big-endian.
func utf16Text(s string, big bool) string {
	u := utf16.Encode([]rune(s))
	b := make([]byte, 2, 2+2*len(u))
	var order binary.AppendByteOrder = binary.LittleEndian
	if big {
		order = binary.BigEndian
	}
	b = order.AppendUint16(b[:0], 0xfeff)
	for _, c := range u {
		b = order.AppendUint16(b, c)
	}
	return string(b)
}

// walkDecode walks the paths and decodes every game, returning the games
// and the errors (the input's or the decoder's) in walk order.
func walkDecode(t *testing.T, paths []string) ([]event.Game, []error) {
	t.Helper()
	var games []event.Game
	var errs []error
	var d Decoder
	err := Walk(paths, Options{}, func(in Input) error {
		var g event.Game
		err := d.Decode(&in, &g)
		games = append(games, g)
		errs = append(errs, err)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return games, errs
}

// TestUTF16 reads logs saved as UTF-16 with a byte order mark (mjlog XML,
// tenhou.net/6 and mjai JSON, plain and in gzip): each is the game of its
// UTF-8 file, with a warning that says how it was read.
func TestUTF16(t *testing.T) {
	for _, name := range []string{
		"mjlog/mjx__2011020417gm-00a9-0000-b67fcaa3.mjlog",
		"tenhou6/jeff__sample_tenhou.json",
		"mjai/riichienv__126_204_0_mjai.jsonl",
	} {
		log := readFixture(t, name)
		dir := t.TempDir()
		files := map[string]string{
			"a.utf8":    log,
			"b.utf16le": utf16Text(log, false),
			"c.utf16be": utf16Text(log, true),
			"d.gz":      gz(utf16Text(log, false)),
		}
		writeFiles(t, dir, files)
		games, errs := walkDecode(t, []string{dir})
		if len(games) != 4 {
			t.Fatalf("%s: %d games, want 4: %v", name, len(games), errs)
		}
		for i := range games {
			if errs[i] != nil && !errors.Is(errs[i], event.ErrTruncated) {
				t.Errorf("%s: %s: %v", name, games[i].Meta.Path, errs[i])
			}
		}
		want := games[0]
		for _, g := range games[1:] {
			if w := g.Meta.Warnings; len(w) == 0 || !strings.Contains(w[0], "UTF-16") {
				t.Errorf("%s: %s: warnings %q, want one that says UTF-16", name, g.Meta.Path, w)
			}
			opts := []cmp.Option{cmpopts.IgnoreFields(event.Meta{}, "Path", "Warnings"), cmpopts.EquateEmpty()}
			if diff := cmp.Diff(want, g, opts...); diff != "" {
				t.Errorf("%s: %s differs from the UTF-8 file's game (-want +got):\n%s", name, filepath.Base(g.Meta.Path), diff)
			}
		}
	}
}

// decodeOne walks one file holding data and decodes its inputs.
func decodeOne(t *testing.T, name, data string) ([]event.Game, []error, []Input) {
	t.Helper()
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{name: data})
	var games []event.Game
	var errs []error
	var ins []Input
	var d Decoder
	err := Walk([]string{filepath.Join(dir, name)}, Options{}, func(in Input) error {
		var g event.Game
		err := d.Decode(&in, &g)
		games, errs, ins = append(games, g), append(errs, err), append(ins, in)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return games, errs, ins
}

// TestMjaiArenaRecord reads mjai events wrapped in an object with the
// players ({"events": [...], "players": [...]}), compact and indented: the
// game of the JSON lines, with the players' names.
func TestMjaiArenaRecord(t *testing.T) {
	lines := strings.Split(strings.TrimSpace(readFixture(t, "mjai/riichienv__126_204_0_mjai.jsonl")), "\n")
	ref, errs, _ := decodeOne(t, "a.jsonl", strings.Join(lines, "\n")+"\n")
	if len(ref) != 1 || errs[0] != nil {
		t.Fatalf("the JSON lines: %v", errs)
	}
	players := `[{"name": "P0"}, {"name": "P1"}, "P2", {"nickname": "P3"}]`
	for _, layout := range []string{"compact", "indented"} {
		var data string
		if layout == "compact" {
			data = `{"events": [` + strings.Join(lines, ",") + `], "players": ` + players + `}`
		} else {
			data = "{\n  \"players\": " + players + ",\n  \"events\": [\n    " + strings.Join(lines, ",\n    ") + "\n  ]\n}\n"
		}
		games, errs, ins := decodeOne(t, "arena.json", data)
		if len(games) != 1 || errs[0] != nil || ins[0].Err != nil {
			t.Fatalf("%s: %d games, %v", layout, len(games), errs)
		}
		g := &games[0]
		if g.Meta.Format != event.FormatMjai {
			t.Errorf("%s: format %v", layout, g.Meta.Format)
		}
		opts := []cmp.Option{cmpopts.IgnoreFields(event.Meta{}, "Path", "Seats"), cmpopts.IgnoreFields(event.Event{}, "Pos"), cmpopts.EquateEmpty()}
		if diff := cmp.Diff(ref[0], *g, opts...); diff != "" {
			t.Errorf("%s: differs from the JSON lines' game (-want +got):\n%s", layout, diff)
		}
		for s, want := range []string{"P0", "P1", "P2", "P3"} {
			if ref[0].Meta.Seats[s].Name != "" {
				want = ref[0].Meta.Seats[s].Name // start_game's names come first
			}
			if got := g.Meta.Seats[s].Name; got != want {
				t.Errorf("%s: seat %d's name %q, want %q", layout, s, got, want)
			}
		}
	}
}

// TestNoGameObject: a JSON object that holds no game (no key of a game of
// the format its content looks like) is an input that cannot be read,
// whose error says why, not a game.
func TestNoGameObject(t *testing.T) {
	for _, c := range []struct{ name, data, msg string }{
		{"mjai indented", "{\n  \"note\": {\"type\": \"start_game\"},\n  \"n\": 1\n}\n", `neither a "game" nor an "events" array`},
		{"mjai compact", `{"note": {"type": "start_game"}, "n": 1}`, `neither a "game" nor an "events" array`},
		{"majsoul", `{"note": "RecordNewRound", "x": 1}`, "no Mahjong Soul records"},
	} {
		games, errs, ins := decodeOne(t, "x.json", c.data)
		if len(games) != 1 || ins[0].Err == nil || !errors.Is(errs[0], ErrUnknownFormat) || !strings.Contains(errs[0].Error(), c.msg) {
			t.Errorf("%s: %d inputs, input error %v, error %v: want an unreadable input whose error says %q", c.name, len(games), ins[0].Err, errs[0], c.msg)
			continue
		}
		if g := &games[0]; g.Meta.Platform != event.PlatformUnknown || g.Meta.Format != event.FormatUnknown || len(g.Events) != 0 {
			t.Errorf("%s: the game of an unreadable input has platform %v, format %v, %d events", c.name, g.Meta.Platform, g.Meta.Format, len(g.Events))
		}
	}
}

// TestTenhou6SanmaBlankSeat: a three-player tenhou.net/6 log that writes
// "" for the empty seat in sc and rate (where Tenhou writes 0 and 1500) is
// read; a four-player log with "" in sc is refused.
func TestTenhou6SanmaBlankSeat(t *testing.T) {
	src := readFixture(t, "tenhou6/msanma__2026011811gm-00b9-0000-7afd5c3a.json")
	ref, errs, _ := decodeOne(t, "a.json", src)
	if errs[0] != nil {
		t.Fatal(errs[0])
	}
	blanked := strings.Replace(strings.Replace(src, `68200,63.2,0,0]`, `68200,63.2,"",""]`, 1), `2311.66,1500]`, `2311.66,""]`, 1)
	if blanked == src || !strings.Contains(blanked, `63.2,"",""]`) || !strings.Contains(blanked, `2311.66,""]`) {
		t.Fatal("the fixture's sc and rate are not as the test expects")
	}
	games, errs, _ := decodeOne(t, "b.json", blanked)
	if errs[0] != nil {
		t.Fatalf("sc and rate with \"\" for the empty seat: %v", errs[0])
	}
	opts := []cmp.Option{cmpopts.IgnoreFields(event.Meta{}, "Path", "Seats"), cmpopts.EquateEmpty()}
	if diff := cmp.Diff(ref[0], games[0], opts...); diff != "" {
		t.Errorf("differs from the log with 0 (-want +got):\n%s", diff)
	}
	four := readFixture(t, "tenhou6/jeff__sample_tenhou.json")
	i := strings.Index(four, `"sc":`)
	j := strings.Index(four[i:], "]")
	if i < 0 || j < 0 {
		t.Fatal("no sc in the four-player fixture")
	}
	sc := four[i : i+j]
	k := strings.LastIndex(sc, ",")
	k = strings.LastIndex(sc[:k], ",")
	bad := four[:i] + sc[:k] + `, "", ""` + four[i+j:]
	if _, errs, _ := decodeOne(t, "c.json", bad); errs[0] == nil || !strings.Contains(errs[0].Error(), `"sc" has "" for seat 3 of a 4-player game`) {
		t.Errorf("a four-player log with \"\" in sc: error %v", errs[0])
	}
}

// TestTenhou6LinesRepeatedRound: JSON lines of one round each, whose
// second repeats the first's round and honba (the hand after a chombo),
// are one game when both name it by the same ref; without a ref the
// second is taken for a copy, a game of its own.
func TestTenhou6LinesRepeatedRound(t *testing.T) {
	src := readFixtureFile(t, "tenhou6/testdata/legal/exhaustive-chombo-then-the-same-hand.json")
	i := strings.Index(src, `"log":[`)
	j := strings.Index(src[i:], "]],[[")
	if i < 0 || j < 0 {
		t.Fatal("the log does not have two rounds")
	}
	r1 := src[i+len(`"log":[`) : i+j+2]
	r2 := src[i+j+3 : strings.LastIndex(src, "]]")+1]
	if !strings.HasPrefix(r1, "[[0,0,0]") || !strings.HasPrefix(r2, "[[0,0,1]") {
		t.Fatalf("rounds %.20s and %.20s: not E1-0 twice", r1, r2)
	}
	for _, c := range []struct {
		ref   string
		games int
	}{{`"ref":"200101-00000000-0000-0000-0000-000000000000",`, 1}, {"", 2}} {
		lines := "{" + c.ref + `"log":[` + r1 + "]}\n{" + c.ref + `"log":[` + r2 + "]}\n"
		games, errs, _ := decodeOne(t, "lines.json", lines)
		if len(games) != c.games {
			t.Errorf("ref %q: %d games, want %d (%v)", c.ref, len(games), c.games, errs)
			continue
		}
		for k, err := range errs {
			if err != nil {
				t.Errorf("ref %q: game %d: %v", c.ref, k, err)
			}
		}
	}
}

// readFixtureFile reads a file of the parser packages' test data (path
// relative to the parser directory).
func readFixtureFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.FromSlash(path))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestErrorPositionsInFile: the error of a game that does not start its
// file gives the line and column of the file, in agreement with its
// offset (which is the file's): a tenhou.net/6 object after another, an
// mjai game after another (whose line numbers are the file's too).
func TestErrorPositionsInFile(t *testing.T) {
	t6 := readFixture(t, "tenhou6/pantheon__pao_tsumo.json") // pretty-printed
	bad6 := strings.Replace(t6, "\"log\": [\n    [\n      [\n        0,", "\"log\": [\n    [\n      [\n        §0,", 1)
	bad6 = strings.Replace(bad6, "[\n        35\n      ]", "[\n        20\n      ]", 1) // a dora indicator that is no tile
	if !strings.Contains(bad6, "        20\n") {
		t.Fatal("the fixture is not as the test expects")
	}
	bad6 = strings.Replace(bad6, "§", "", 1)
	mj := strings.TrimSpace(readFixture(t, "mjai/riichienv__126_204_0_mjai.jsonl"))
	lines := strings.Split(mj, "\n")
	lines[5] = lines[5][:len(lines[5])-1] + ",}" // malformed JSON in the second game
	for _, c := range []struct{ name, data, want string }{
		{"tenhou6", t6 + "\n" + bad6, "20 is not a tile code"},
		{"mjai", mj + "\n" + strings.Join(lines, "\n") + "\n", ""},
	} {
		games, errs, _ := decodeOne(t, "two."+c.name, c.data)
		if len(games) != 2 || errs[0] != nil || errs[1] == nil {
			t.Fatalf("%s: %d games, errors %v: want the second game's error", c.name, len(games), errs)
		}
		pe, ok := errors.AsType[*event.Error](errs[1])
		if !ok || pe.Offset < 0 || !strings.Contains(pe.Error(), c.want) {
			t.Fatalf("%s: %v", c.name, errs[1])
		}
		line, col := fileLineCol(c.data, int(pe.Offset))
		want := fmt.Sprintf("line %d, column %d:", line, col)
		if !strings.Contains(pe.Error(), want) {
			t.Errorf("%s: %q does not say %q, where its offset %d is", c.name, pe.Error(), want, pe.Offset)
		}
		if pe.Line != line || pe.Column != col {
			t.Errorf("%s: the error's Line, Column %d, %d; want %d, %d", c.name, pe.Line, pe.Column, line, col)
		}
		if c.name == "mjai" && pe.Index != line {
			t.Errorf("mjai: the error's line (Index) %d, want %d", pe.Index, line)
		}
	}
}

// fileLineCol returns the 1-based line and column (in characters) of
// offset off of s.
func fileLineCol(s string, off int) (line, col int) {
	before := s[:off]
	line = 1 + strings.Count(before, "\n")
	return line, 1 + utf8.RuneCountInString(before[strings.LastIndexByte(before, '\n')+1:])
}

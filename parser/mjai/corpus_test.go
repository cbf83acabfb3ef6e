package mjai

import (
	"bytes"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/internal/corpus"
)

// mjaiEntries returns the corpus directory and the manifest rows of its
// mjai files.
func mjaiEntries(t testing.TB) (string, []corpus.Entry) {
	t.Helper()
	dir := corpus.Dir(t)
	all, err := corpus.Manifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []corpus.Entry
	for _, e := range all {
		if e.Format == "mjai" {
			out = append(out, e)
		}
	}
	if len(out) < 40 {
		t.Fatalf("manifest lists only %d mjai files", len(out))
	}
	return dir, out
}

// corpusExpect says what decoding a corpus file must give, for the files
// that do not decode cleanly: the sentinel wrapped and a text the message
// must contain.
var corpusExpect = map[string]struct {
	err  error
	text string
}{
	// akochan self-play under Chinese (MCR) rules: no dora, MCR fan names
	// in hora info, 84 draws before an exhaustive draw.
	"mjai/akochan__0c454856__haifu_log_1000_0.json": {event.ErrUnsupported, "Chinese-rules"},
	"mjai/akochan__0e6c007e__haifu_log_1000_0.json": {event.ErrUnsupported, "Chinese-rules"},
	"mjai/akochan__233397df__haifu_log_1000_0.json": {event.ErrUnsupported, "Chinese-rules"},
	"mjai/akochan__3112cc69__haifu_log_1000_0.json": {event.ErrUnsupported, "Chinese-rules"},
	"mjai/akochan__443aafae__haifu_log_1000_0.json": {event.ErrUnsupported, "Chinese-rules"},
	"mjai/akochan__4b5107d5__haifu_log_1000_0.json": {event.ErrUnsupported, "Chinese-rules"},
	"mjai/akochan__4ba29290__haifu_log_1000_0.json": {event.ErrUnsupported, "Chinese-rules"},
	"mjai/akochan__4d9b5f96__haifu_log_1000_0.json": {event.ErrUnsupported, "Chinese-rules"},
	"mjai/akochan__5458a942__haifu_log_1000_0.json": {event.ErrUnsupported, "Chinese-rules"},
	"mjai/akochan__5f09ef7b__haifu_log_1000_0.json": {event.ErrUnsupported, "Chinese-rules"},
	"mjai/akochan__6f0daf38__haifu_log_1000_0.json": {event.ErrUnsupported, "Chinese-rules"},
	"mjai/akochan__ab38b892__haifu_log_1000_0.json": {event.ErrUnsupported, "Chinese-rules"},
	"mjai/akochan__bb8845ef__haifu_log_1000_0.json": {event.ErrUnsupported, "Chinese-rules"},
	"mjai/akochan__bbe3e82f__haifu_log_1000_0.json": {event.ErrUnsupported, "Chinese-rules"},
	"mjai/akochan__c1232f2e__haifu_log_1000_0.json": {event.ErrUnsupported, "Chinese-rules"},
	"mjai/akochan__c1631a80__haifu_log_1000_0.json": {event.ErrUnsupported, "Chinese-rules"},
	"mjai/akochan__e6d9fe21__haifu_log_1000_0.json": {event.ErrUnsupported, "Chinese-rules"},
	"mjai/akochan__ebd01c2b__haifu_log_1000_0.json": {event.ErrUnsupported, "Chinese-rules"},
	"mjai/akochan__f64976c0__haifu_log_1000_0.json": {event.ErrUnsupported, "Chinese-rules"},
	// A garbled three-player conversion: manzu 2m-8m, no souzu and no
	// honours in any hand (there is no mjlog twin).
	"mjai/msanma__sample.mjson": {event.ErrValue, "(2m-8m) in a three-player game"},
	// Games that stop before end_game.
	"mjai/akochan__08c77429__haifu_log_sample.json": {event.ErrTruncated, "no end_game"},
	"mjai/manuego__2026-06-18-160903.mjson":         {event.ErrTruncated, "the server stopped the game: Error in player 1's response"},
	"mjai/manuego__2026-06-19-030401.mjson":         {event.ErrTruncated, "the server stopped the game: Error in player 2's response"},
}

// TestCorpus decodes every mjai file of the corpus. Each must decode with
// no error, or with the error corpusExpect names. A decoded game must have
// as many round_start events as the file has start_kyoku objects, as many
// wins as hora (or agari) objects and as many draws as ryukyoku objects
// (counted by a plain byte scan, not by the decoder), a game end exactly
// when the file has one, and detect must accept the file.
func TestCorpus(t *testing.T) {
	dir, entries := mjaiEntries(t)
	var d Decoder
	var g event.Game
	ok, rejected := 0, 0
	for _, e := range entries {
		data, err := corpus.ReadFile(filepath.Join(dir, e.File))
		if err != nil {
			t.Fatal(err)
		}
		if !detect(data) {
			t.Errorf("%s: detect = false", e.File)
		}
		err = d.Decode(data, e.File, &g)
		want, special := corpusExpect[e.File]
		switch {
		case special && err == nil:
			t.Errorf("%s: no error, want one wrapping %v", e.File, want.err)
			continue
		case special:
			var pe *event.Error
			if !errors.As(err, &pe) || !errors.Is(err, want.err) || !strings.Contains(err.Error(), want.text) {
				t.Errorf("%s: error %v, want an *event.Error wrapping %v containing %q", e.File, err, want.err, want.text)
			}
			if pe != nil && pe.Path != e.File {
				t.Errorf("%s: error path %q", e.File, pe.Path)
			}
			rejected++
			t.Logf("%s: %v", e.File, err)
			if !errors.Is(err, event.ErrTruncated) {
				continue
			}
		case err != nil:
			t.Errorf("%s [%s]: %v", e.File, e.Kind, err)
			continue
		default:
			ok++
		}
		count := func(types ...string) int {
			n := 0
			for _, ty := range types {
				n += bytes.Count(data, []byte(`"type":"`+ty+`"`)) + bytes.Count(data, []byte(`"type": "`+ty+`"`))
			}
			return n
		}
		var rounds, wins, draws, ends int
		for _, ev := range g.Events {
			switch ev.Type {
			case event.RoundStart:
				rounds++
			case event.Win:
				wins++
			case event.Ryuukyoku:
				// end_kyoku with no result stands for a draw of
				// unrecorded kind.
				if !bytes.Contains(lineAt(data, ev.Pos.Offset), []byte("end_kyoku")) {
					draws++
				}
			case event.GameEnd:
				ends++
			}
		}
		if n := count("start_kyoku"); rounds != n {
			t.Errorf("%s: %d round_start events, %d start_kyoku objects", e.File, rounds, n)
		}
		if n := count("hora", "agari"); wins != n {
			t.Errorf("%s: %d win events, %d hora objects", e.File, wins, n)
		}
		if n := count("ryukyoku", "ryuukyoku"); draws != n {
			t.Errorf("%s: %d ryuukyoku events, %d ryukyoku objects", e.File, draws, n)
		}
		wantEnd := 0
		if err == nil {
			wantEnd = 1
		}
		if ends != wantEnd {
			t.Errorf("%s: %d game ends", e.File, ends)
		}
		if len(g.Events) == 0 || g.Events[0].Type != event.GameStart {
			t.Errorf("%s: the first event is not game_start", e.File)
		}
	}
	t.Logf("%d files: %d decoded, %d rejected as expected", len(entries), ok, rejected)
}

// lineAt returns the line of data starting at off.
func lineAt(data []byte, off int32) []byte {
	if off < 0 || int(off) >= len(data) {
		return nil
	}
	b := data[off:]
	if i := bytes.IndexByte(b, '\n'); i >= 0 {
		b = b[:i]
	}
	return b
}

// TestDetectCorpus runs detect on every file of the corpus: it must accept
// exactly the mjai files (no false positives on mjlog XML, tenhou.net/6
// JSON, Mahjong Soul records or archive indexes).
func TestDetectCorpus(t *testing.T) {
	dir := corpus.Dir(t)
	all, err := corpus.Manifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range all {
		data, err := corpus.ReadFile(filepath.Join(dir, e.File))
		if err != nil {
			t.Fatal(err)
		}
		if got, want := detect(data), e.Format == "mjai"; got != want {
			t.Errorf("%s (%s): detect = %v", e.File, e.Format, got)
		}
		n++
	}
	t.Logf("%d files", n)
}

package tenhou

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"testing"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/internal/corpus"
	"github.com/haifu/haifu/tile"
)

// mjlogEntries returns the manifest rows of the corpus's mjlog files.
func mjlogEntries(t *testing.T) (string, []corpus.Entry) {
	t.Helper()
	dir := corpus.Dir(t)
	all, err := corpus.Manifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []corpus.Entry
	for _, e := range all {
		if e.Format == "mjlog" {
			out = append(out, e)
		}
	}
	if len(out) < 3000 {
		t.Fatalf("manifest lists only %d mjlog files", len(out))
	}
	return dir, out
}

// TestCorpus decodes every mjlog of the corpus. Complete logs ([real],
// [real-reformatted], [edited], [simulator]) must decode with no error and
// give one round_start per INIT element (counted by a plain byte scan, not by
// the decoder). Truncated logs must give a positioned *event.Error wrapping
// event.ErrTruncated, after the events that could be read; a truncated-
// labelled file may instead decode completely when the decoder repaired it
// (then Meta.Warnings says so).
func TestCorpus(t *testing.T) {
	dir, entries := mjlogEntries(t)
	var d Decoder
	var g event.Game
	var games, rounds, truncated int
	for _, e := range entries {
		data, err := corpus.ReadFile(filepath.Join(dir, e.File))
		if err != nil {
			t.Fatal(err)
		}
		err = d.Decode(data, e.File, &g)
		inits := bytes.Count(data, []byte("<INIT "))
		got := 0
		for _, ev := range g.Events {
			if ev.Type == event.RoundStart {
				got++
			}
		}
		switch e.Kind {
		case "real", "real-reformatted", "edited", "simulator":
			if err != nil {
				t.Errorf("%s [%s]: %v", e.File, e.Kind, err)
				continue
			}
			if got != inits {
				t.Errorf("%s: %d round_start events, %d INIT elements", e.File, got, inits)
			}
			games++
			rounds += got
		case "real-truncated":
			if err == nil {
				if len(g.Meta.Warnings) == 0 {
					t.Errorf("%s [real-truncated]: no error and no repair warning", e.File)
				}
				continue
			}
			var pe *event.Error
			if !errors.As(err, &pe) || !errors.Is(err, event.ErrTruncated) {
				t.Errorf("%s: error %v is not a positioned truncation error", e.File, err)
				continue
			}
			if pe.Offset < 0 || pe.Path != e.File {
				t.Errorf("%s: error has no position or path: %+v", e.File, pe)
			}
			if got != inits {
				t.Errorf("%s: %d round_start events before the error, %d INIT elements", e.File, got, inits)
			}
			truncated++
		default:
			t.Errorf("%s: unexpected manifest kind %q", e.File, e.Kind)
		}
	}
	t.Logf("%d complete games (%d hands), %d truncated logs rejected with a position", games, rounds, truncated)
}

// TestCorpusMelds checks the decoded meld codes on the whole corpus: the
// called tile of a chi, pon or open kan is the discard just before it (same
// physical tile, discarded by the seat the meld says it came from), an added
// kan's tiles are its pon's plus the added tile, and the tiles of every meld
// are four of one kind, three of one kind, or a run of one suit.
func TestCorpusMelds(t *testing.T) {
	dir, entries := mjlogEntries(t)
	var d Decoder
	var g event.Game
	counts := map[event.MeldKind]int{}
	for _, e := range entries {
		data, err := corpus.ReadFile(filepath.Join(dir, e.File))
		if err != nil {
			t.Fatal(err)
		}
		_ = d.Decode(data, e.File, &g) // truncated logs: check the events read
		var lastDiscard *event.Event
		pons := map[[2]int]event.Meld{} // seat, kind → pon
		for i := range g.Events {
			ev := &g.Events[i]
			switch ev.Type {
			case event.RoundStart:
				lastDiscard = nil
				clear(pons)
			case event.Discard:
				lastDiscard = ev
			case event.Draw:
				lastDiscard = nil
			case event.Call, event.ClosedKan, event.AddedKan, event.Kita:
				m := ev.Meld
				counts[m.Kind]++
				where := fmt.Sprintf("%s: element %d", e.File, ev.Pos.Index)
				if msg := meldShape(&m); msg != "" {
					t.Errorf("%s: %v meld %v: %s", where, m.Kind, m.Slice(), msg)
				}
				switch ev.Type {
				case event.Call:
					if lastDiscard == nil {
						t.Errorf("%s: call with no discard before it", where)
						break
					}
					if lastDiscard.ID != ev.ID || m.IDs[m.Called] != ev.ID {
						t.Errorf("%s: called tile id %d, last discard id %d", where, ev.ID, lastDiscard.ID)
					}
					if lastDiscard.Seat != m.From || ev.From != m.From {
						t.Errorf("%s: called from seat %d, last discard by seat %d", where, m.From, lastDiscard.Seat)
					}
					if m.Kind == event.MeldPon {
						pons[[2]int{int(ev.Seat), int(m.FirstKind())}] = m
					}
				case event.AddedKan:
					pon, ok := pons[[2]int{int(ev.Seat), int(m.FirstKind())}]
					if !ok {
						t.Errorf("%s: added kan without a pon", where)
						break
					}
					if pon.From != m.From || pon.IDs[pon.Called] != m.IDs[m.Called] {
						t.Errorf("%s: added kan (from %d, called %d) does not keep its pon's fields (from %d, called %d)",
							where, m.From, m.IDs[m.Called], pon.From, pon.IDs[pon.Called])
					}
					var want []tile.ID
					want = append(want, pon.IDs[:pon.N]...)
					want = append(want, ev.ID)
					if !sameIDs(want, m.IDs[:m.N]) {
						t.Errorf("%s: added kan %v is not pon %v + added %d", where, m.IDs[:m.N], pon.IDs[:pon.N], ev.ID)
					}
				}
				lastDiscard = nil
			}
		}
	}
	t.Logf("melds checked: %v", counts)
	for _, k := range []event.MeldKind{event.MeldChi, event.MeldPon, event.MeldOpenKan, event.MeldClosedKan, event.MeldAddedKan, event.MeldKita} {
		if counts[k] == 0 {
			t.Errorf("no %v meld in the corpus", k)
		}
	}
}

func sameIDs(a, b []tile.ID) bool {
	if len(a) != len(b) {
		return false
	}
	var seen [tile.NumIDs]int
	for _, x := range a {
		seen[x]++
	}
	for _, x := range b {
		seen[x]--
	}
	for _, n := range seen {
		if n != 0 {
			return false
		}
	}
	return true
}

// meldShape returns "" when m's tiles have the shape its kind needs, else a
// description of the problem. The ids must be distinct.
func meldShape(m *event.Meld) string {
	ids := m.IDs[:m.N]
	for i := range ids {
		for j := i + 1; j < len(ids); j++ {
			if ids[i] == ids[j] {
				return "the same tile twice"
			}
		}
	}
	k0 := ids[0].Kind()
	same := true
	for _, id := range ids {
		if id.Kind() != k0 {
			same = false
		}
	}
	switch m.Kind {
	case event.MeldChi:
		if len(ids) != 3 || k0.IsHonor() || ids[1].Kind() != k0+1 || ids[2].Kind() != k0+2 || (k0+2).Suit() != k0.Suit() {
			return "not a run"
		}
	case event.MeldPon:
		if len(ids) != 3 || !same {
			return "not three of a kind"
		}
	case event.MeldOpenKan, event.MeldClosedKan, event.MeldAddedKan:
		if len(ids) != 4 || !same {
			return "not four of a kind"
		}
	case event.MeldKita:
		if len(ids) != 1 || k0 != tile.North {
			return "not a North"
		}
	}
	return ""
}

// TestScannerMatchesEncodingXML proves the hand-written scanner against
// encoding/xml on every mjlog of the corpus: both must see the same elements
// with the same attributes (values after entity decoding). encoding/xml may
// fail at the very end of a file that lacks its closing tag; everything
// before that must agree.
func TestScannerMatchesEncodingXML(t *testing.T) {
	dir, entries := mjlogEntries(t)
	var sc scanner
	files, elements := 0, 0
	for _, e := range entries {
		data, err := corpus.ReadFile(filepath.Join(dir, e.File))
		if err != nil {
			t.Fatal(err)
		}
		root := bytes.Index(data, rootTag)
		if root < 0 {
			t.Errorf("%s: no root", e.File)
			continue
		}
		data = data[root:]
		if !isASCII(data) {
			// Files with console text written into them are not XML;
			// TestConsolePrompts covers them.
			continue
		}
		want, xerr := xmlElements(data)
		var got []string
		sc.reset(data, 0)
		var serr error
		for {
			if serr = sc.next(); serr != nil {
				break
			}
			if sc.close {
				got = append(got, "/"+string(sc.bytesOf(sc.name)))
				continue
			}
			got = append(got, elementString(string(sc.bytesOf(sc.name)), len(sc.attrs), func(i int) (string, string) {
				a := sc.attrs[i]
				return string(sc.bytesOf(a.name)), string(unescape(sc.bytesOf(a.value)))
			}))
		}
		if serr != errEOF && serr != errTruncated {
			t.Errorf("%s: scanner: %v", e.File, serr)
		}
		if xerr != nil && !errors.Is(xerr, io.ErrUnexpectedEOF) && !strings.Contains(xerr.Error(), "unexpected EOF") {
			t.Errorf("%s: encoding/xml: %v", e.File, xerr)
		}
		n := min(len(want), len(got))
		for i := range n {
			if want[i] != got[i] {
				t.Errorf("%s: element %d: encoding/xml %q, scanner %q", e.File, i, want[i], got[i])
				break
			}
		}
		if len(want) != len(got) && xerr == nil {
			t.Errorf("%s: encoding/xml saw %d elements, scanner %d", e.File, len(want), len(got))
		}
		files++
		elements += len(got)
	}
	t.Logf("%d files, %d elements agree", files, elements)
}

// xmlElements lists the elements of an XML document with encoding/xml.
func xmlElements(data []byte) ([]string, error) {
	dec := xml.NewDecoder(bytes.NewReader(data))
	var out []string
	for {
		tok, err := dec.RawToken()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return out, err
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			out = append(out, elementString(tok.Name.Local, len(tok.Attr), func(i int) (string, string) {
				return tok.Attr[i].Name.Local, tok.Attr[i].Value
			}))
		case xml.EndElement:
			if tok.Name.Local == "mjloggm" {
				out = append(out, "/mjloggm")
			}
		}
	}
}

func elementString(name string, n int, attr func(int) (string, string)) string {
	var b strings.Builder
	b.WriteString(name)
	for i := range n {
		k, v := attr(i)
		fmt.Fprintf(&b, " %s=%q", k, v)
	}
	return b.String()
}

// TestFastPaths decodes every corpus mjlog twice, with and without the
// fast paths (fastRun, and the calls, riichi, wins and hand starts it
// decodes in place), and requires the same game, event positions
// included, and the same error.
// The corpus's simulator, reformatted, edited and truncated logs put the
// fast paths' fall-backs to work too.
func TestFastPaths(t *testing.T) {
	dir, entries := mjlogEntries(t)
	b := newBothPaths()
	for _, e := range entries {
		data, err := corpus.ReadFile(filepath.Join(dir, e.File))
		if err != nil {
			t.Fatal(err)
		}
		if _, diff := b.decode(data, e.File); diff != "" {
			t.Fatalf("%s: %s", e.File, diff)
		}
	}
}

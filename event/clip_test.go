package event_test

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/haifu/haifu/event"
)

// pieces returns the pieces of text ClipText bounds: quoted strings and
// runs without a space or a quote.
func pieces(text string) []string {
	var out []string
	for i := 0; i < len(text); {
		switch text[i] {
		case ' ':
			i++
			continue
		case '"':
			if j := strings.IndexByte(text[i+1:], '"'); j >= 0 && !strings.Contains(text[i+1:i+1+j], `\`) {
				out = append(out, text[i+1:i+1+j])
				i += j + 2
				continue
			}
		}
		j := i + 1
		for j < len(text) && text[j] != ' ' && text[j] != '"' {
			j++
		}
		out = append(out, text[i:j])
		i = j
	}
	return out
}

// TestClipText: hostile text (a tile name of twenty million bytes, a
// member name, quoted with escapes, unquoted, with spaces in its quotes,
// multi-byte) is cut to MaxQuote bytes a piece with its length said; text
// without a long piece is returned as it is, without allocating.
func TestClipText(t *testing.T) {
	long := strings.Repeat("X", 20_000_000)
	cases := []struct {
		name, text, want string
	}{
		{"quoted tile", fmt.Sprintf("mjai: pai %q: invalid value", long), `mjai: pai "` + long[:197] + `…" (20000000 bytes): invalid value`},
		{"path and member", "a.tar.gz!" + long + ".mjlog: not a game log", "a.tar.gz!" + long[:188] + "… (20000015 bytes): not a game log"},
		{"quoted with spaces", fmt.Sprintf("name %q", strings.Repeat("a b ", 1000)), `name "` + strings.Repeat("a b ", 49) + `a…" (4000 bytes)`},
		{"unclosed quote", `bad "` + long, `bad "` + long[:196] + "… (20000001 bytes)"},
		{"escapes kept whole", fmt.Sprintf("%q", strings.Repeat("\x01", 100)), `"` + strings.Repeat(`\x01`, 49) + `…" (400 bytes)`},
		{"multi-byte", strings.Repeat("鳳", 100), strings.Repeat("鳳", 65) + "… (300 bytes)"},
		{"short pieces", strings.Repeat("seat 0 draws 1m, ", 100), strings.Repeat("seat 0 draws 1m, ", 100)},
	}
	for _, c := range cases {
		got := event.ClipText(c.text)
		if got != c.want {
			t.Errorf("%s: got %.300q…, want %.300q…", c.name, got, c.want)
		}
		if !utf8.ValidString(got) {
			t.Errorf("%s: not UTF-8: %q", c.name, got)
		}
		if again := event.ClipText(got); again != got {
			t.Errorf("%s: cut again: %q", c.name, again)
		}
	}
	msg := strings.Repeat("seat 2's hand 123m456p789s1122z ", 50)
	if n := testing.AllocsPerRun(10, func() { event.ClipText(msg) }); n != 0 {
		t.Errorf("a text with no long piece: %v allocations", n)
	}
	if got := event.Clip(long); got != long[:197]+"… (20000000 bytes)" {
		t.Errorf("Clip: %.300q", got)
	}
}

// TestClipError: an error whose message quotes long input text is cut,
// and still unwraps to its cause; an *event.Error cuts its own path and
// message.
func TestClipError(t *testing.T) {
	long := strings.Repeat("A", 1_000_000)
	err := event.ClipError(fmt.Errorf("%s: %w", "x.zip!"+long, event.ErrValue))
	if len(err.Error()) > 2*event.MaxQuote || !errors.Is(err, event.ErrValue) {
		t.Errorf("%d bytes, errors.Is %v", len(err.Error()), errors.Is(err, event.ErrValue))
	}
	short := errors.New("short")
	if event.ClipError(short) != short || event.ClipError(nil) != nil {
		t.Error("an error that needs no cut is not returned as it is")
	}
	pe := &event.Error{Path: "x.tar!" + long, Offset: 12, Index: -1, Hand: -1, Err: fmt.Errorf("pai %q: %w", long, event.ErrValue)}
	if msg := pe.Error(); len(msg) > 3*event.MaxQuote || !strings.Contains(msg, "("+strconv.Itoa(len(long)+6)+" bytes)") {
		t.Errorf("event.Error: %d bytes: %.500q", len(msg), msg)
	}
}

// FuzzClipText: ClipText leaves no piece longer than MaxQuote, keeps UTF-8
// valid, cuts nothing in a text without a long piece, and cuts nothing
// again.
func FuzzClipText(f *testing.F) {
	f.Add(`pai "` + strings.Repeat("X", 300) + `" and ` + strings.Repeat("Y", 300))
	f.Add(`"\"` + strings.Repeat(`\u00e9`, 80) + `"`)
	f.Add(strings.Repeat("鳳", 100))
	f.Fuzz(func(t *testing.T, text string) {
		got := event.ClipText(text)
		long := false
		for _, p := range pieces(text) {
			long = long || len(p) > event.MaxQuote
		}
		if !long && !strings.Contains(text, `\`) && got != text {
			t.Fatalf("cut a text with no long piece: %q to %q", text, got)
		}
		if utf8.ValidString(text) && !utf8.ValidString(got) {
			t.Fatalf("not UTF-8: %q", got)
		}
		if again := event.ClipText(got); again != got {
			t.Fatalf("cut again: %q to %q", got, again)
		}
		if len(text) > 4*event.MaxQuote && len(got) > len(text) {
			t.Fatalf("longer: %d bytes to %d", len(text), len(got))
		}
	})
}

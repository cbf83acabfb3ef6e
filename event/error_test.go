package event_test

import (
	"errors"
	"fmt"
	"io"
	"testing"

	"github.com/haifu/haifu/event"
)

func TestErrorString(t *testing.T) {
	tests := []struct {
		name string
		err  event.Error
		want string
	}{
		{
			name: "everything",
			err: event.Error{Path: "logs/a.xml", Format: event.FormatMjlog, Offset: 1234, Index: 56, Hand: 2,
				Round: event.RoundID{Wind: 0, Number: 3, Honba: 1}, Err: fmt.Errorf("tile id 140: %w", event.ErrValue)},
			want: "logs/a.xml: offset 1234, element 56, round E3-1: mjlog: tile id 140: invalid value",
		},
		{
			name: "mjai lines",
			err: event.Error{Path: "g.mjson", Format: event.FormatMjai, Offset: -1, Index: 12, Hand: 5,
				Round: event.RoundID{Wind: 1, Number: 2, Honba: 0}, Err: event.ErrSyntax},
			want: "g.mjson: line 12, round S2-0: mjai: syntax error",
		},
		{
			name: "tenhou6 items",
			err:  event.Error{Path: "t.json", Format: event.FormatTenhou6, Offset: 77, Index: 3, Hand: -1, Err: event.ErrTruncated},
			want: "t.json: offset 77, item 3: tenhou6: log ends before the game does",
		},
		{
			name: "majsoul items",
			err:  event.Error{Path: "m.bin", Format: event.FormatMajsoul, Offset: -1, Index: 0, Hand: -1, Err: event.ErrUnsupported},
			want: "m.bin: item 0: majsoul: unsupported",
		},
		{
			name: "offset only",
			err:  event.Error{Path: "x.gz", Offset: 0, Index: -1, Hand: -1, Err: io.ErrUnexpectedEOF},
			want: "x.gz: offset 0: unexpected EOF",
		},
		{
			name: "round only",
			err: event.Error{Path: "p", Format: event.FormatMjlog, Offset: -1, Index: -1, Hand: 15,
				Round: event.RoundID{Wind: 1, Number: 4, Honba: 2}, Err: event.ErrValue},
			want: "p: round S4-2: mjlog: invalid value",
		},
		{
			name: "no position",
			err:  event.Error{Path: "dir/b.zip!c.xml", Offset: -1, Index: -1, Hand: -1, Err: event.ErrSyntax},
			want: "dir/b.zip!c.xml: syntax error",
		},
		{
			name: "no path",
			err:  event.Error{Format: event.FormatTenhou6, Offset: 5, Index: -1, Hand: -1, Err: event.ErrSyntax},
			want: "offset 5: tenhou6: syntax error",
		},
		{
			name: "nothing but the error",
			err:  event.Error{Offset: -1, Index: -1, Hand: -1, Err: event.ErrTruncated},
			want: "log ends before the game does",
		},
		{
			name: "a hand whose round is not read yet",
			err:  event.Error{Path: "r.xml", Format: event.FormatMjlog, Offset: 35, Index: 2, Hand: 0, Err: event.ErrValue},
			want: "r.xml: offset 35, element 2, hand 1: mjlog: invalid value",
		},
		{
			name: "round with an unknown wind",
			err: event.Error{Path: "q", Offset: -1, Index: -1, Hand: 0,
				Round: event.RoundID{Wind: 7, Number: 1, Honba: 0}, Err: event.ErrValue},
			want: "q: round ?1-0: invalid value",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var err error = &tc.err
			if got := err.Error(); got != tc.want {
				t.Errorf("Error() =\n%q\nwant\n%q", got, tc.want)
			}
		})
	}
}

func TestErrorIs(t *testing.T) {
	sentinels := []error{event.ErrTruncated, event.ErrSyntax, event.ErrValue, event.ErrUnsupported}
	for i, s := range sentinels {
		for j, o := range sentinels {
			if (i == j) != errors.Is(s, o) {
				t.Errorf("errors.Is(%v, %v) = %v", s, o, errors.Is(s, o))
			}
		}
	}
	for _, s := range sentinels {
		direct := &event.Error{Path: "a", Offset: -1, Index: 1, Hand: -1, Err: s}
		nested := &event.Error{Path: "a", Offset: 3, Index: -1, Hand: -1, Err: fmt.Errorf("field ten: %w", s)}
		outer := fmt.Errorf("reading archive: %w", nested)
		for _, err := range []error{direct, nested, outer} {
			for _, o := range sentinels {
				if got, want := errors.Is(err, o), o == s; got != want {
					t.Errorf("errors.Is(%q, %v) = %v, want %v", err, o, got, want)
				}
			}
			var pe *event.Error
			if !errors.As(err, &pe) || pe.Path != "a" {
				t.Errorf("errors.As(%q, *event.Error) failed", err)
			}
		}
		if direct.Unwrap() != s {
			t.Errorf("Unwrap() = %v, want %v", direct.Unwrap(), s)
		}
	}
	if errors.Is(&event.Error{Offset: -1, Index: -1, Hand: -1, Err: io.EOF}, event.ErrTruncated) {
		t.Error("an io.EOF Error matches ErrTruncated")
	}
	if (&event.Error{}).Unwrap() != nil {
		t.Error("Unwrap of an Error without Err is not nil")
	}
}

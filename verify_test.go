package haifu_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"os"
	"reflect"
	"slices"
	"testing"

	"github.com/haifu/haifu"
	"github.com/haifu/haifu/check"
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/parser"
)

const riichiFixture = "fixtures/bad/mjlog/tpb__23.txt" // three legality.riichi findings

// TestVerifyBytesLikePaths: a log verified from bytes, gzipped, reports
// what the same file verified by its path does.
func TestVerifyBytesLikePaths(t *testing.T) {
	ctx := context.Background()
	byPath, err := haifu.Verify(ctx, haifu.Paths(riichiFixture), nil)
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(riichiFixture)
	if err != nil {
		t.Fatal(err)
	}
	var z bytes.Buffer
	zw := gzip.NewWriter(&z)
	zw.Write(data)
	zw.Close()
	byBytes, err := haifu.Verify(ctx, haifu.Bytes(riichiFixture, z.Bytes()), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(byPath.Games) != 1 || byPath.Findings() != 3 || byPath.OK() {
		t.Fatalf("by path: %d games, %d findings, OK %v; want 1 game, 3 findings", len(byPath.Games), byPath.Findings(), byPath.OK())
	}
	if !reflect.DeepEqual(byPath, byBytes) {
		t.Errorf("from gzipped bytes:\n%+v\nby path:\n%+v", byBytes, byPath)
	}
}

// TestVerifyJobs: the report is the same whatever the number of workers.
func TestVerifyJobs(t *testing.T) {
	ctx := context.Background()
	src := haifu.Paths("fixtures/good", "fixtures/bad")
	one, err := haifu.Verify(ctx, src, &haifu.Options{Jobs: 1})
	if err != nil {
		t.Fatal(err)
	}
	two, err := haifu.Verify(ctx, src, &haifu.Options{Jobs: 2})
	if err != nil {
		t.Fatal(err)
	}
	if len(one.Games) < 40 {
		t.Fatalf("%d games in the fixtures", len(one.Games))
	}
	if !reflect.DeepEqual(one, two) {
		t.Error("-j 2 gives another report than -j 1")
	}
	if one.OK() {
		t.Error("the bad fixtures verify as consistent")
	}
	good, err := haifu.Verify(ctx, haifu.Paths("fixtures/good"), nil)
	if err != nil {
		t.Fatal(err)
	}
	if !good.OK() {
		for _, g := range good.Games {
			t.Errorf("%s: err %v, %d findings", g.Path, g.Err, len(g.Findings))
		}
	}
}

// TestVerifyOptions: bad options are errors of the call; the checks
// select passes.
func TestVerifyOptions(t *testing.T) {
	ctx := context.Background()
	src := haifu.Paths(riichiFixture)
	if _, err := haifu.Verify(ctx, src, &haifu.Options{Rules: "no-such-preset"}); err == nil {
		t.Error("an unknown rule set is no error")
	}
	if _, err := haifu.Verify(ctx, src, &haifu.Options{Checks: "no-such-pass"}); err == nil {
		t.Error("an unknown pass is no error")
	}
	rep, err := haifu.Verify(ctx, src, &haifu.Options{Checks: "-legality"})
	if err != nil {
		t.Fatal(err)
	}
	if n := rep.Findings(); n != 0 || !rep.Games[0].Judged {
		t.Errorf("without the legality pass: %d findings, judged %v; want 0, true", n, rep.Games[0].Judged)
	}
	ctxDone, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := haifu.Verify(ctxDone, src, nil); !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled context: %v", err)
	}
}

// TestVerifyUnreadable: an input that holds no game is in the report with
// its error, and the report is not OK.
func TestVerifyUnreadable(t *testing.T) {
	rep, err := haifu.Verify(context.Background(), haifu.Bytes("notes.txt", []byte("hello, world\n")), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Games) != 1 || rep.OK() {
		t.Fatalf("%d games, OK %v; want 1 unreadable input", len(rep.Games), rep.OK())
	}
	g := rep.Games[0]
	if g.Judged || !errors.Is(g.Err, parser.ErrUnknownFormat) || g.Path != "notes.txt" {
		t.Errorf("got %+v; want notes.txt, not judged, ErrUnknownFormat", g)
	}
}

// TestGames: every game of a source in order, the errors of what cannot
// be read, and an early stop.
func TestGames(t *testing.T) {
	ctx := context.Background()
	var paths []string
	for g, err := range haifu.Games(ctx, haifu.Paths("fixtures/good/mjai", "fixtures/no-such-dir"), nil) {
		if g.Meta.Path == "fixtures/no-such-dir" {
			if !errors.Is(err, os.ErrNotExist) {
				t.Errorf("a missing path: %v", err)
			}
		} else if err != nil {
			t.Errorf("%s: %v", g.Meta.Path, err)
		}
		paths = append(paths, g.Meta.Path)
	}
	if len(paths) != 5 {
		t.Errorf("got %q; want the 4 mjai fixtures and the missing path", paths)
	}
	n := 0
	for range haifu.Games(ctx, haifu.Paths("fixtures/good"), nil) {
		if n++; n == 2 {
			break
		}
	}
	if n != 2 {
		t.Errorf("stopped after %d games", n)
	}
}

// TestVerifyTypedFindings: the library's report carries what verify --json
// writes: a payment finding's typed values (one number per seat, beside
// their text), an error's line and column, and each finding's link.
func TestVerifyTypedFindings(t *testing.T) {
	ctx := context.Background()
	rep, err := haifu.Verify(ctx, haifu.Paths("fixtures/bad/mjai/msanma__sample-nuki.mjson"), nil)
	if err != nil {
		t.Fatal(err)
	}
	var pay *check.Finding
	for i, f := range rep.Games[0].Findings {
		if f.Check == check.WinPayment {
			pay = &rep.Games[0].Findings[i]
		}
		if f.Check.Level() == check.LevelLegality && !f.TypedExpected().IsZero() {
			t.Errorf("a legality finding with a value: %+v", f)
		}
	}
	if pay == nil {
		t.Fatal("no win.payment finding")
	}
	want, got := pay.TypedExpected(), pay.TypedRecorded()
	if want.Kind() != check.NumbersValue || !slices.Equal(want.Numbers(), []float64{0, -18000, 19000}) ||
		!slices.Equal(got.Numbers(), []float64{0, -8000, 9000}) || pay.Expected != "[0 -18000 19000]" {
		t.Errorf("win.payment: expected %v %v (%q), recorded %v", want.Kind(), want.Numbers(), pay.Expected, got.Numbers())
	}
	if l := rep.Games[0].Link(pay); l != "" {
		t.Errorf("a log without an id has a link: %s", l)
	}

	rep, err = haifu.Verify(ctx, haifu.Paths("fixtures/bad/mjai/akochan__0c454856__haifu_log_1000_0.json"), nil)
	if err != nil {
		t.Fatal(err)
	}
	var pe *event.Error
	if !errors.As(rep.Games[0].Err, &pe) || pe.Offset != 60 || pe.Line != 2 || pe.Column != 1 || pe.Index != 2 {
		t.Errorf("error %v: %+v, want offset 60, line 2, column 1, item 2", rep.Games[0].Err, pe)
	}

	g := haifu.GameReport{ID: "2016022509gm-0009-0000-b327da61", Viewpoint: 2}
	for _, tt := range []struct {
		f    check.Finding
		want string
	}{
		{check.Finding{Hand: 4, Seat: 1}, "https://tenhou.net/0/?log=2016022509gm-0009-0000-b327da61&ts=4&tw=1"},
		{check.Finding{Hand: 4, Seat: event.NoSeat}, "https://tenhou.net/0/?log=2016022509gm-0009-0000-b327da61&ts=4&tw=2"},
		{check.Finding{Hand: -1, Seat: event.NoSeat}, "https://tenhou.net/0/?log=2016022509gm-0009-0000-b327da61&tw=2"},
	} {
		if l := g.Link(&tt.f); l != tt.want {
			t.Errorf("Link(%+v) = %s, want %s", tt.f, l, tt.want)
		}
	}
}

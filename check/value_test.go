package check_test

import (
	"math"
	"testing"

	"github.com/haifu/haifu/check"
)

// TestValueJSON: each kind of Value as JSON, numbers in their shortest
// form; and a finding's typed values: its own, else its text, else none.
func TestValueJSON(t *testing.T) {
	for _, tt := range []struct {
		v    check.Value
		kind check.ValueKind
		want string
	}{
		{check.Value{}, check.NoValue, `null`},
		{check.Int(8000), check.NumberValue, `8000`},
		{check.Number(-5.3), check.NumberValue, `-5.3`},
		{check.Number(math.NaN()), check.NumberValue, `null`},
		{check.Scores([]int32{-1100, 6300, -1100, -2100}), check.NumbersValue, `[-1100,6300,-1100,-2100]`},
		{check.Numbers([]float64{45.3, -5, 0}), check.NumbersValue, `[45.3,-5,0]`},
		{check.Numbers(nil), check.NumbersValue, `[]`},
		{check.Text(`mangan "x"`), check.TextValue, `"mangan \"x\""`},
	} {
		if got := string(tt.v.AppendJSON(nil)); got != tt.want || tt.v.Kind() != tt.kind {
			t.Errorf("%v: %s (%v), want %s (%v)", tt.v, got, tt.v.Kind(), tt.want, tt.kind)
		}
	}
	f := check.Finding{Expected: "8000 (3 han 30 fu)", Recorded: "7700", ExpectedValue: check.Int(8000)}
	if e, r := f.TypedExpected(), f.TypedRecorded(); e.Kind() != check.NumberValue || e.Number() != 8000 || r.Kind() != check.TextValue || r.Text() != "7700" {
		t.Errorf("typed: %v %v", e, r)
	}
	if v := (&check.Finding{}).TypedExpected(); !v.IsZero() {
		t.Errorf("a finding that compares nothing: %v", v)
	}
}

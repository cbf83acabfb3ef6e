package report

import (
	"strings"
	"testing"

	"github.com/haifu/haifu/stats"
)

// TestNiceScale: the axis holds the largest value, in four to eight steps
// of 1, 2, 2.5 or 5 times a power of ten.
func TestNiceScale(t *testing.T) {
	for _, tt := range []struct{ max, top, step float64 }{
		{14.27, 15, 5}, {100, 100, 20}, {0.37, 0.4, 0.1}, {1542, 2000, 500}, {0, 1, 0.25}, {3, 3, 1}, {56.15, 60, 20},
	} {
		top, step := niceScale(tt.max)
		if top != tt.top || step != tt.step {
			t.Errorf("niceScale(%v) = %v, %v; want %v, %v", tt.max, top, step, tt.top, tt.step)
		}
		if top < tt.max || top/step > 8.0001 {
			t.Errorf("niceScale(%v) = %v, %v: not a scale for it", tt.max, top, step)
		}
	}
}

// TestCut: a label too wide is cut with an ellipsis, a wide character
// counted an em.
func TestCut(t *testing.T) {
	if got := cut("tenhou 4p south", 500, 12); got != "tenhou 4p south" {
		t.Errorf("cut of a label that fits: %q", got)
	}
	got := cut(strings.Repeat("四鳳南喰赤", 10), 60, 12)
	if got != "四鳳南喰…" {
		t.Errorf("cut = %q", got)
	}
	if textWidth("四", 12) != 12 || textWidth("a", 12) >= 12 {
		t.Error("textWidth: a wide character is an em, a narrow one less")
	}
}

// TestCharts: the bars and columns of a chart, their figures with their
// sources, the intervals, a bar that is none, the axis and its label.
func TestCharts(t *testing.T) {
	c := &chart{ID: "c1", Title: "t", Axis: "rate, %", Unit: "%", Series: []string{"auto", "wrc"}, Groups: []group{
		{Label: "all", Bars: []bar{rateBar(stats.Rate{Count: 1, Of: 4, Rate: 0.25, Low: 0.05, High: 0.7}, "by#/x"), {None: true, Text: "not applicable"}}},
	}}
	for _, columns := range []bool{false, true} {
		var b strings.Builder
		if columns {
			c.columns(&b)
		} else {
			c.hbars(&b)
		}
		s := b.String()
		for _, want := range []string{`<svg id="c1" class="chart"`, `data-src="by#/x"`, "25.00% [5.00–70.00] · 1 of 4", `class="ci"`, `class="halo"`,
			`class="s0"`, ">auto</text>", ">wrc</text>", ">not applicable</text>", ">rate, %</text>", ">80%</text>", "</svg>"} {
			if !strings.Contains(s, want) {
				t.Errorf("columns %v: the chart lacks %q:\n%s", columns, want, s)
			}
		}
	}
}

// TestPointer: a figure's source escapes "/" and "~" as RFC 6901 asks.
func TestPointer(t *testing.T) {
	if got := ptr("lobby", "rule_sets", 0, "groups", "a/b~c", "exhaustive_draw_rate"); got != "lobby#/rule_sets/0/groups/a~1b~0c/exhaustive_draw_rate" {
		t.Errorf("ptr = %q", got)
	}
}

// TestClip: a message is cut on a character boundary.
func TestClip(t *testing.T) {
	if got := clip("四鳳南", 4); got != "四…" {
		t.Errorf("clip = %q", got)
	}
	if got := clip("short", 10); got != "short" {
		t.Errorf("clip = %q", got)
	}
}

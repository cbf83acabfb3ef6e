package report

import (
	"fmt"
	"html"
	"math"
	"strconv"
	"strings"
)

// The charts are SVG drawn here, inline in the page: no script, no font
// and no image fetched, text that a reader can select and copy. Two kinds:
// horizontal bars (one row per group, a bar per series, the figure written
// beside each bar) and columns (a distribution: a column per category and
// series, the figure above it). A bar may carry its 95% interval, drawn as
// a whisker with a white halo so that it shows on a dark bar and a light
// one alike. The series are told apart by lightness and by pattern (solid
// dark, light, hatched, white, cross-hatched, mid), so that a chart printed
// in grey still reads, and each chart has its legend.

// bar is one bar of a chart: its value in the chart's unit, its interval
// when it has one, the figure written beside it and where that figure
// comes from (data-src: see the package doc).
type bar struct {
	Value     float64
	Low, High float64
	Interval  bool
	// Text is written beside the bar; Src, when not empty, is its source
	// in the summary (the data-src attribute of the text).
	Text string
	Src  string
	// Sum, when not empty, is the sources (space-separated) whose values
	// add up to the figure (the data-sum attribute of the text).
	Sum string
	// None: there is no bar (a rule set that does not apply to the
	// group); Text says why.
	None bool
	// Tip is the bar's tooltip (its <title>), when not empty.
	Tip string
}

// group is a row of bars (or a category of columns): one bar per series.
type group struct {
	Label string
	Bars  []bar
}

// chart is a chart's data and labels.
type chart struct {
	// ID names the chart in the page (its id, and the prefix of its
	// patterns' ids).
	ID string
	// Title is the chart's accessible name (aria-label).
	Title string
	// Axis labels the value axis ("exhaustive-draw rate, % of judged
	// hands"); Unit is written after tick labels ("%", or "").
	Axis string
	Unit string
	// Series name the bars of each group, in order; one series has no
	// legend.
	Series []string
	Groups []group
}

// Geometry, in CSS pixels: the font sizes, a bar's thickness and the gaps.
const (
	fontSize    = 12
	smallFont   = 10.5
	barThick    = 14
	barGap      = 2
	groupGap    = 9
	plotWidth   = 360
	columnWidth = 34
	columnGap   = 4
	plotHeight  = 190
	legendRow   = 18
	maxLabel    = 280 // the widest group label, in pixels; longer ones are cut (the whole in a tooltip)
)

// textWidth estimates the width of s in pixels at the given font size: a
// wide (East Asian) character an em, another about 0.6 em. It errs on the
// wide side, so that a label does not run into its bar.
func textWidth(s string, size float64) float64 {
	w := 0.0
	for _, r := range s {
		switch {
		case r >= 0x1100 && (r <= 0x115f || r >= 0x2e80 && r <= 0xa4cf || r >= 0xac00 && r <= 0xd7a3 || r >= 0xf900 && r <= 0xfaff || r >= 0xfe30 && r <= 0xfe4f || r >= 0xff00 && r <= 0xff60 || r >= 0xffe0 && r <= 0xffe6 || r >= 0x20000):
			w += size
		case r == ' ' || r == '.' || r == ',' || r == ':' || r == 'i' || r == 'l' || r == '[' || r == ']' || r == '|':
			w += 0.32 * size
		case r >= 'A' && r <= 'Z' || r == 'm' || r == 'w' || r == '%' || r == '–':
			w += 0.8 * size
		default:
			w += 0.64 * size
		}
	}
	return w
}

// cut shortens s to at most width pixels at size, ending it with "…".
func cut(s string, width, size float64) string {
	if textWidth(s, size) <= width {
		return s
	}
	rs := []rune(s)
	for len(rs) > 0 && textWidth(string(rs)+"…", size) > width {
		rs = rs[:len(rs)-1]
	}
	return string(rs) + "…"
}

// num writes a coordinate: at most one decimal, no trailing zero.
func num(f float64) string {
	return strconv.FormatFloat(math.Round(f*10)/10, 'f', -1, 64)
}

// esc escapes text for an element's content or an attribute's value.
func esc(s string) string { return html.EscapeString(s) }

// niceScale returns the top of an axis that holds max and its tick step:
// 1, 2, 2.5 or 5 times a power of ten, four to eight ticks.
func niceScale(max float64) (top, step float64) {
	if max <= 0 || math.IsNaN(max) || math.IsInf(max, 0) {
		return 1, 0.25
	}
	raw := max / 5
	pow := math.Pow(10, math.Floor(math.Log10(raw)))
	for _, m := range []float64{1, 2, 2.5, 5, 10} {
		step = m * pow
		if step >= raw {
			break
		}
	}
	top = math.Ceil(max/step-1e-9) * step
	return top, step
}

// tick writes a tick's label: the value, with the decimals its step needs.
func tick(v, step float64, unit string) string {
	dec := 0
	for s := step; dec < 4 && math.Abs(s-math.Round(s)) > 1e-9; s *= 10 {
		dec++
	}
	if unit == "" && v >= 1000 {
		return groupDigits(int64(math.Round(v)))
	}
	return strconv.FormatFloat(v, 'f', dec, 64) + unit
}

// seriesStyles is the number of series styles (CSS classes s0 … s5: solid
// dark, light, hatched, white, cross-hatched, mid; see css and patterns);
// further series take them again.
const seriesStyles = 6

// class is the CSS class of series i's bars.
func class(i int) string { return "s" + strconv.Itoa(i%seriesStyles) }

// patterns are the fills of the hatched series, defined once in the page
// (an svg of no size at the top of its body) and used by every chart.
const patterns = `<svg class="defs" width="0" height="0" aria-hidden="true"><defs>` +
	`<pattern id="hatch" width="5" height="5" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="5" height="5" fill="#fff"/><line x1="0" y1="0" x2="0" y2="5" stroke="#24476b" stroke-width="2.2"/></pattern>` +
	`<pattern id="cross" width="6" height="6" patternUnits="userSpaceOnUse"><rect width="6" height="6" fill="#fff"/><path d="M0 0L6 6M6 0L0 6" stroke="#24476b" stroke-width="1.2"/></pattern>` +
	`</defs></svg>`

// legend writes the legend of the series at (x, y), in one row or more
// within width; it returns the height it took.
func legend(b *strings.Builder, series []string, x, y, width float64) float64 {
	if len(series) < 2 {
		return 0
	}
	cx, cy := x, y
	for i, s := range series {
		w := 18 + textWidth(s, fontSize) + 14
		if cx > x && cx+w > x+width {
			cx, cy = x, cy+legendRow
		}
		fmt.Fprintf(b, `<rect class="%s" x="%s" y="%s" width="12" height="12"/><text x="%s" y="%s">%s</text>`,
			class(i), num(cx), num(cy), num(cx+17), num(cy+10.5), esc(s))
		cx += w
	}
	return cy - y + legendRow + 4
}

// dataSrc is the data-src attribute of a figure, or nothing.
func dataSrc(src string) string {
	if src == "" {
		return ""
	}
	return ` data-src="` + esc(src) + `"`
}

// figAttrs are the attributes of a bar's figure that name its sources.
func figAttrs(br bar) string {
	s := dataSrc(br.Src)
	if br.Sum != "" {
		s += ` data-sum="` + esc(br.Sum) + `"`
	}
	return s
}

// whisker adds an interval from a1 to a2 (horizontal) at y, or (vertical)
// at x, with caps, to the path d; the chart draws d once with a white halo
// and once as a dark line over it.
func whisker(d *strings.Builder, horizontal bool, a1, a2, at, capHalf float64) {
	if horizontal {
		fmt.Fprintf(d, "M%s %sH%sM%s %sV%sM%s %sV%s", num(a1), num(at), num(a2), num(a1), num(at-capHalf), num(at+capHalf), num(a2), num(at-capHalf), num(at+capHalf))
	} else {
		fmt.Fprintf(d, "M%s %sV%sM%s %sH%sM%s %sH%s", num(at), num(a1), num(a2), num(at-capHalf), num(a1), num(at+capHalf), num(at-capHalf), num(a2), num(at+capHalf))
	}
}

// whiskers draws the intervals of a chart, the path d.
func whiskers(b *strings.Builder, d string) {
	if d != "" {
		fmt.Fprintf(b, `<path class="halo" d="%s"/><path class="ci" d="%s"/>`, d, d)
	}
}

// hbars writes c as horizontal bars: the group labels on the left, the bars
// on a common scale from 0, the figure beside each bar, the axis below.
func (c *chart) hbars(b *strings.Builder) {
	labelW := 40.0
	for _, g := range c.Groups {
		labelW = max(labelW, min(textWidth(g.Label, fontSize), maxLabel))
	}
	labelW += 10
	textW := 60.0
	top := 0.0
	for _, g := range c.Groups {
		for _, br := range g.Bars {
			textW = max(textW, textWidth(br.Text, smallFont))
			top = max(top, br.Value)
			if br.Interval {
				top = max(top, br.High)
			}
		}
	}
	top, step := niceScale(top)
	x0 := labelW
	width := x0 + plotWidth + 8 + textW + 6
	scale := func(v float64) float64 { return x0 + plotWidth*max(0, min(v, top))/top }

	var body, ci strings.Builder
	y := 4.0
	y += legend(&body, c.Series, x0, y, plotWidth+textW)
	plotTop := y
	for _, g := range c.Groups {
		n := len(g.Bars)
		gh := float64(n)*barThick + float64(n-1)*barGap
		label := cut(g.Label, maxLabel, fontSize)
		tip := ""
		if label != g.Label {
			tip = "<title>" + esc(g.Label) + "</title>"
		}
		fmt.Fprintf(&body, `<text class="label" x="%s" y="%s" text-anchor="end">%s%s</text>`, num(x0-8), num(y+gh/2+4), tip, esc(label))
		for i, br := range g.Bars {
			by := y + float64(i)*(barThick+barGap)
			if br.None {
				fmt.Fprintf(&body, `<text class="fig none" x="%s" y="%s"%s>%s</text>`, num(x0+4), num(by+barThick-3.5), figAttrs(br), esc(br.Text))
				continue
			}
			w := scale(br.Value) - x0
			fmt.Fprintf(&body, `<rect class="%s" x="%s" y="%s" width="%s" height="%d"/>`, class(i), num(x0), num(by), num(w), barThick)
			end := scale(br.Value)
			if br.Interval {
				whisker(&ci, true, scale(br.Low), scale(br.High), by+barThick/2, 4)
				end = max(end, scale(br.High))
			}
			fmt.Fprintf(&body, `<text class="fig" x="%s" y="%s"%s>%s</text>`, num(end+5), num(by+barThick-3.5), figAttrs(br), esc(br.Text))
		}
		y += gh + groupGap
	}
	plotBottom := y - groupGap + 4
	// The axis: grid lines and ticks, their labels, the axis label.
	var grid strings.Builder
	for v := 0.0; v <= top+step/1e6; v += step {
		x := scale(v)
		fmt.Fprintf(&grid, `<line class="grid" x1="%s" y1="%s" x2="%s" y2="%s"/>`, num(x), num(plotTop-2), num(x), num(plotBottom))
		fmt.Fprintf(&body, `<text class="tick" x="%s" y="%s" text-anchor="middle">%s</text>`, num(x), num(plotBottom+14), tick(v, step, c.Unit))
	}
	fmt.Fprintf(&body, `<line class="axis" x1="%s" y1="%s" x2="%s" y2="%s"/>`, num(x0), num(plotTop-2), num(x0), num(plotBottom))
	fmt.Fprintf(&body, `<line class="axis" x1="%s" y1="%s" x2="%s" y2="%s"/>`, num(x0), num(plotBottom), num(x0+plotWidth), num(plotBottom))
	fmt.Fprintf(&body, `<text class="axislabel" x="%s" y="%s" text-anchor="middle">%s</text>`, num(x0+plotWidth/2), num(plotBottom+30), esc(c.Axis))
	height := plotBottom + 38
	c.open(b, width, height)
	b.WriteString(grid.String())
	b.WriteString(body.String())
	whiskers(b, ci.String())
	b.WriteString(`</svg>`)
}

// columns writes c as columns: a category per group along the bottom, a
// column per series, the figure above each column, the axis on the left.
func (c *chart) columns(b *strings.Builder) {
	top := 0.0
	textW := 0.0
	for _, g := range c.Groups {
		for _, br := range g.Bars {
			top = max(top, br.Value)
			if br.Interval {
				top = max(top, br.High)
			}
			textW = max(textW, textWidth(br.Text, smallFont))
		}
	}
	top, step := niceScale(top)
	axisW := 12 + textWidth(tick(top, step, c.Unit), smallFont)
	x0 := axisW + 26
	n := max(1, len(c.Series))
	colW := max(float64(columnWidth), textW/float64(n)+2)
	catW := float64(n)*colW + float64(n-1)*columnGap
	catGap := 14.0
	for _, g := range c.Groups {
		catW = max(catW, textWidth(g.Label, fontSize)+4-catGap)
	}
	plotW := float64(len(c.Groups))*(catW+catGap) + catGap
	width := x0 + max(plotW, 120) + 10

	var body, ci strings.Builder
	y := 4.0
	y += legend(&body, c.Series, x0, y, max(plotW, 300))
	plotTop := y + 16 // room for the figures above the highest column
	plotBottom := plotTop + plotHeight
	scale := func(v float64) float64 { return plotBottom - plotHeight*max(0, min(v, top))/top }
	var grid strings.Builder
	for v := 0.0; v <= top+step/1e6; v += step {
		yy := scale(v)
		fmt.Fprintf(&grid, `<line class="grid" x1="%s" y1="%s" x2="%s" y2="%s"/>`, num(x0), num(yy), num(x0+plotW), num(yy))
		fmt.Fprintf(&body, `<text class="tick" x="%s" y="%s" text-anchor="end">%s</text>`, num(x0-5), num(yy+3.5), tick(v, step, c.Unit))
	}
	for gi, g := range c.Groups {
		gx := x0 + catGap + float64(gi)*(catW+catGap)
		inner := float64(len(g.Bars))*colW + float64(len(g.Bars)-1)*columnGap
		bx0 := gx + (catW-inner)/2
		for i, br := range g.Bars {
			bx := bx0 + float64(i)*(colW+columnGap)
			if br.None {
				fmt.Fprintf(&body, `<text class="fig none" x="%s" y="%s" text-anchor="middle"%s>%s</text>`, num(bx+colW/2), num(plotBottom-4), figAttrs(br), esc(br.Text))
				continue
			}
			yy := scale(br.Value)
			fmt.Fprintf(&body, `<rect class="%s" x="%s" y="%s" width="%s" height="%s">`, class(i), num(bx), num(yy), num(colW), num(plotBottom-yy))
			if br.Tip != "" {
				fmt.Fprintf(&body, `<title>%s</title>`, esc(br.Tip))
			}
			body.WriteString(`</rect>`)
			topY := yy
			if br.Interval {
				whisker(&ci, false, scale(br.Low), scale(br.High), bx+colW/2, 4)
				topY = min(topY, scale(br.High))
			}
			fmt.Fprintf(&body, `<text class="fig" x="%s" y="%s" text-anchor="middle"%s>%s</text>`, num(bx+colW/2), num(topY-4), figAttrs(br), esc(br.Text))
		}
		fmt.Fprintf(&body, `<text class="label" x="%s" y="%s" text-anchor="middle">%s</text>`, num(gx+catW/2), num(plotBottom+15), esc(g.Label))
	}
	fmt.Fprintf(&body, `<line class="axis" x1="%s" y1="%s" x2="%s" y2="%s"/>`, num(x0), num(plotTop-8), num(x0), num(plotBottom))
	fmt.Fprintf(&body, `<line class="axis" x1="%s" y1="%s" x2="%s" y2="%s"/>`, num(x0), num(plotBottom), num(x0+plotW), num(plotBottom))
	// The value axis's label, along it.
	fmt.Fprintf(&body, `<text class="axislabel" transform="translate(12 %s) rotate(-90)" text-anchor="middle">%s</text>`, num((plotTop+plotBottom)/2), esc(c.Axis))
	height := plotBottom + 24
	c.open(b, width, height)
	b.WriteString(grid.String())
	b.WriteString(body.String())
	whiskers(b, ci.String())
	b.WriteString(`</svg>`)
}

// open writes the chart's svg element.
func (c *chart) open(b *strings.Builder, width, height float64) {
	fmt.Fprintf(b, `<svg id="%s" class="chart" role="img" aria-label="%s" width="%s" height="%s" viewBox="0 0 %s %s">`,
		esc(c.ID), esc(c.Title), num(width), num(height), num(width), num(height))
}

package report

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/haifu/haifu/stats"
)

// groupDigits writes n with a comma between groups of three digits.
func groupDigits(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := strings.HasPrefix(s, "-")
	if neg {
		s = s[1:]
	}
	var b strings.Builder
	if neg {
		b.WriteByte('-')
	}
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// count writes an int with its digits grouped.
func count(n int) string { return groupDigits(int64(n)) }

// whole writes f rounded to a whole number, its digits grouped.
func whole(f float64) string { return groupDigits(int64(math.Round(f))) }

// rateText writes a rate as the page shows it beside a bar: "15.00%
// [14.28–15.76] · 1,340 of 8,933".
func rateText(r stats.Rate) string {
	return rateCell(r) + " · " + count(r.Count) + " of " + count(r.Of)
}

// rateCell writes a rate in a table's cell: "15.00% [14.28–15.76]".
func rateCell(r stats.Rate) string {
	return fmt.Sprintf("%.2f%% [%.2f–%.2f]", 100*r.Rate, 100*r.Low, 100*r.High)
}

// rateBar is the bar of a rate, in percent, with its interval; a rate of
// nothing is no bar.
func rateBar(r stats.Rate, src string) bar {
	if r.Of == 0 {
		return bar{None: true, Text: "no " + r.Denominator}
	}
	return bar{Value: 100 * r.Rate, Low: 100 * r.Low, High: 100 * r.High, Interval: true, Text: rateText(r), Src: src,
		Tip: fmt.Sprintf("%s of %s %s", count(r.Count), count(r.Of), r.Denominator)}
}

// shortRateBar is the bar of a rate with a short figure, for columns:
// "58.0%" (the interval and the counts in its tooltip).
func shortRateBar(r stats.Rate, src string) bar {
	if r.Of == 0 {
		return bar{None: true, Text: "–"}
	}
	return bar{Value: 100 * r.Rate, Low: 100 * r.Low, High: 100 * r.High, Interval: true, Text: fmt.Sprintf("%.1f%%", 100*r.Rate), Src: src,
		Tip: fmt.Sprintf("%s, %s of %s %s", rateCell(r), count(r.Count), count(r.Of), r.Denominator)}
}

// countBar is the bar of a count.
func countBar(n int, src string) bar {
	return bar{Value: float64(n), Text: count(n), Src: src}
}

// shareBar is the bar of k of n as a share in percent with its 95%
// interval, the count written too: "12.34% [11.90–12.80] · 1,234".
func shareBar(k, n int, src string) bar {
	if n == 0 {
		return bar{None: true, Text: "none"}
	}
	lo, hi := stats.Wilson(k, n)
	p := float64(k) / float64(n)
	return bar{Value: 100 * p, Low: 100 * lo, High: 100 * hi, Interval: true, Src: src,
		Text: fmt.Sprintf("%.2f%% [%.2f–%.2f] · %s", 100*p, 100*lo, 100*hi, count(k))}
}

// ptr is a figure's data-src: the summary named sum and the JSON pointer
// of the path's parts into it, each escaped as RFC 6901 asks.
func ptr(sum string, parts ...any) string {
	var b strings.Builder
	b.WriteString(sum)
	b.WriteByte('#')
	for _, p := range parts {
		b.WriteByte('/')
		s := fmt.Sprint(p)
		s = strings.ReplaceAll(s, "~", "~0")
		s = strings.ReplaceAll(s, "/", "~1")
		b.WriteString(s)
	}
	return b.String()
}

// date writes a Unix time in milliseconds as a date, UTC.
func date(ms int64) string {
	return time.UnixMilli(ms).UTC().Format("2006-01-02")
}

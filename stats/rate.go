package stats

import (
	"fmt"
	"math"
)

// Rate is a proportion, Count of Of, with its 95% Wilson score interval
// [Low, High]. Denominator names what Of counts ("judged hands"). Add
// counts into it; Finish (the summary's) works out the rate and the
// interval. A Rate of nothing (Of 0) has rate 0 and the interval [0, 1].
type Rate struct {
	Count       int     `json:"count"`
	Of          int     `json:"of"`
	Rate        float64 `json:"rate"`
	Low         float64 `json:"low"`
	High        float64 `json:"high"`
	Denominator string  `json:"denominator"`
}

// z95 is the standard normal quantile of a two-sided 95% interval.
const z95 = 1.959963984540054

// Wilson returns the 95% Wilson score interval of k successes in n trials:
// unlike the normal approximation it stays within [0, 1] and is sound for
// rates near 0 or 1 and for small n (Wilson 1927). n = 0 gives [0, 1].
func Wilson(k, n int) (low, high float64) {
	if n <= 0 {
		return 0, 1
	}
	p := float64(k) / float64(n)
	nn := float64(n)
	z2 := z95 * z95
	den := 1 + z2/nn
	mid := (p + z2/(2*nn)) / den
	half := z95 * math.Sqrt(p*(1-p)/nn+z2/(4*nn*nn)) / den
	return max(0, mid-half), min(1, mid+half)
}

// add counts one trial, a success when hit.
func (r *Rate) add(hit bool) {
	r.Of++
	if hit {
		r.Count++
	}
}

// finish works out the rate and its interval, and names the denominator.
func (r *Rate) finish(denominator string) {
	r.Denominator = denominator
	r.Rate = 0
	if r.Of > 0 {
		r.Rate = float64(r.Count) / float64(r.Of)
	}
	r.Low, r.High = Wilson(r.Count, r.Of)
}

// String writes the rate as a person reads it: "14.63% [14.03, 15.25] of
// 12800 judged hands".
func (r *Rate) String() string {
	if r.Of == 0 {
		return fmt.Sprintf("- (no %s)", r.Denominator)
	}
	return fmt.Sprintf("%6.2f%% [%.2f, %.2f] (%d of %d %s)", 100*r.Rate, 100*r.Low, 100*r.High, r.Count, r.Of, r.Denominator)
}

// cell writes the rate and its interval in a table's cell: "14.63 [14.03-15.25]".
func (r *Rate) cell() string {
	if r.Of == 0 {
		return "-"
	}
	return fmt.Sprintf("%.2f [%.2f-%.2f]", 100*r.Rate, 100*r.Low, 100*r.High)
}

package wall

import "github.com/haifu/haifu/event"

// planFast reports whether planDraws takes eight events at a time.
func planFast() bool { return hasVBMI && hasBMI2 && !general }

// planDrawsVBMI is planDrawsAVX512's loop (see plan_amd64.s). It stops
// before a block of eight events that would pass the end, or when live
// passes 120, repl 8 or the records 8.
//
//go:noescape
func planDrawsVBMI(d *planDrawBuf, events *event.Event, n, i, live, repl int) (int, int, int, int)

// planDrawsAVX512 is planDraws eight events at a time with AVX-512
// (VBMI, BMI2), up to where planDrawsGeneric must go on: a RoundStart,
// the last events, or more draws or rare events than the buffers hold.
func planDrawsAVX512(d *planDrawBuf, events []event.Event, i, live, repl int) (int, int, int, int) {
	if i < 0 || i+8 > len(events) {
		return i, live, repl, 0
	}
	return planDrawsVBMI(d, &events[0], len(events), i, live, repl)
}

package adjudicator

import "github.com/haifu/haifu/event"

// Judge judges g under rules with a Judger of its own (tests' shorthand for
// Judger.Judge; native as there).
func Judge(g *event.Game, rules *Rules, native bool) *Report {
	var jr Judger
	return jr.Judge(g, rules, native)
}

// YameEvidence and YameWindow expose the narrowing of a rule change's
// window to the tests.
type YameEvidence = yameEvidence

var YameWindow = yameWindow

// TenpaiYameWindow is the window in which tenpai-yame began.
var TenpaiYameWindow = tenpaiYameWindow

package check

import (
	"math"
	"slices"
	"strconv"

	"github.com/haifu/haifu/event"
)

// ValueKind says what a Value holds.
type ValueKind uint8

// The kinds of Value.
const (
	// NoValue: nothing is compared (a legality finding).
	NoValue ValueKind = iota
	// TextValue: a word or a phrase ("mangan", "tenpai (hand shown)",
	// "S1 dealer 0"), for a finding that compares no number.
	TextValue
	// NumberValue: one number (han, fu, points, tiles left).
	NumberValue
	// NumbersValue: a list of numbers, one per seat from seat 0 (scores,
	// score changes, final points).
	NumbersValue
)

var valueKindNames = [...]string{"none", "text", "number", "numbers"}

// String returns the kind's name: "none", "text", "number" or "numbers".
func (k ValueKind) String() string {
	if int(k) < len(valueKindNames) {
		return valueKindNames[k]
	}
	return "ValueKind(" + strconv.Itoa(int(k)) + ")"
}

// Value is what a finding says the rules expected, or the log recorded, as
// a typed value: a number, a list of numbers or a text. The zero Value is
// NoValue. A Value is made by the code that finds the difference, from the
// numbers it compared (Number, Numbers, Scores), never parsed from a
// finding's text.
type Value struct {
	kind ValueKind
	num  float64
	list []float64
	text string
}

// Number is the value n.
func Number(n float64) Value { return Value{kind: NumberValue, num: n} }

// Int is the value n.
func Int(n int) Value { return Value{kind: NumberValue, num: float64(n)} }

// Numbers is the list of numbers ns (one per seat); it keeps ns.
func Numbers(ns []float64) Value { return Value{kind: NumbersValue, list: ns} }

// Scores is the list of scores, or score changes, ss (one per seat).
func Scores(ss []int32) Value {
	ns := make([]float64, len(ss))
	for i, s := range ss {
		ns[i] = float64(s)
	}
	return Value{kind: NumbersValue, list: ns}
}

// Text is the text s as a value (a finding that compares no number).
func Text(s string) Value { return Value{kind: TextValue, text: s} }

// Kind returns what v holds.
func (v Value) Kind() ValueKind { return v.kind }

// IsZero reports whether v is NoValue.
func (v Value) IsZero() bool { return v.kind == NoValue }

// Number returns the number of a NumberValue (0 otherwise).
func (v Value) Number() float64 { return v.num }

// Numbers returns the list of a NumbersValue (nil otherwise); the caller
// must not modify it.
func (v Value) Numbers() []float64 { return v.list }

// Text returns the text of a TextValue ("" otherwise).
func (v Value) Text() string { return v.text }

// Equal reports whether v and o are the same value: of one kind, with the
// same number, numbers or text (go-cmp compares Values with it).
func (v Value) Equal(o Value) bool {
	return v.kind == o.kind && v.num == o.num && v.text == o.text && slices.Equal(v.list, o.list)
}

// String returns v as JSON (AppendJSON).
func (v Value) String() string { return string(v.AppendJSON(nil)) }

// AppendJSON appends v as JSON: a number, an array of numbers, a string,
// or null for NoValue. Numbers are written in their shortest form (-1100,
// 45.3); a number that JSON cannot hold (NaN, an infinity) is null.
func (v Value) AppendJSON(b []byte) []byte {
	switch v.kind {
	case NumberValue:
		return appendJSONNumber(b, v.num)
	case NumbersValue:
		b = append(b, '[')
		for i, n := range v.list {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendJSONNumber(b, n)
		}
		return append(b, ']')
	case TextValue:
		return event.AppendJSONString(b, v.text)
	}
	return append(b, "null"...)
}

func appendJSONNumber(b []byte, n float64) []byte {
	if math.IsNaN(n) || math.IsInf(n, 0) {
		return append(b, "null"...)
	}
	return strconv.AppendFloat(b, n, 'f', -1, 64)
}

// TypedExpected returns what the rules expected as a typed value:
// ExpectedValue when the finding's maker gave one, else the text Expected
// (a TextValue), else NoValue.
func (f *Finding) TypedExpected() Value { return typed(f.ExpectedValue, f.Expected) }

// TypedRecorded returns what the log recorded as a typed value, as
// TypedExpected does.
func (f *Finding) TypedRecorded() Value { return typed(f.RecordedValue, f.Recorded) }

func typed(v Value, text string) Value {
	switch {
	case v.kind != NoValue:
		return v
	case text != "":
		return Text(text)
	}
	return Value{}
}

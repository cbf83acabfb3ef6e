package jsontok

import (
	"strings"
	"testing"
)

// benchDoc is a tenhou.net/6-like document: many small integers and short
// strings in nested arrays.
var benchDoc = []byte(`{"title": ["a", "b"], "log": [` + strings.Repeat(`[[0, 0, 0], [25000, 25000, 25000, 25000], [21], [], `+
	`[11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 23, 24], [31, 32, "c313233", 34, 35, 36, 37], [60, 60, 11, 12, 60, 0], `+
	`["和了", [-1000, 1000, 0, 0], [1, 0, 1, "30符1飜1000点", "立直(1飜)"]]], `, 20) + `[]]}`)

// BenchmarkNext reads the document token by token.
func BenchmarkNext(b *testing.B) {
	var t Tokenizer
	b.SetBytes(int64(len(benchDoc)))
	for b.Loop() {
		t.Reset(benchDoc, 0)
		for t.Next().Kind() > Invalid {
		}
	}
}

// BenchmarkValue checks and skips the document whole.
func BenchmarkValue(b *testing.B) {
	var t Tokenizer
	b.SetBytes(int64(len(benchDoc)))
	for b.Loop() {
		t.Reset(benchDoc, 0)
		if t.Value(); t.Err() != nil {
			b.Fatal(t.Err())
		}
	}
}

// eventsDoc is an mjai-like array of small objects.
var eventsDoc = []byte(`[` + strings.Repeat(`{"type":"tsumo","actor":0,"pai":"5m"}, {"type": "dahai", "actor": 0, "pai": "E", "tsumogiri": false}, `+
	`{"type":"pon","actor":1,"target":0,"pai":"E","consumed":["E","E"]}, `, 30) + `{"type":"end_game"}]`)

// BenchmarkValueObjects checks and skips an array of small objects.
func BenchmarkValueObjects(b *testing.B) {
	var t Tokenizer
	b.SetBytes(int64(len(eventsDoc)))
	for b.Loop() {
		t.Reset(eventsDoc, 0)
		if t.Value(); t.Err() != nil {
			b.Fatal(t.Err())
		}
	}
}

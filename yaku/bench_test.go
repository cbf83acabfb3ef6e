package yaku

import "testing"

// BenchmarkFromTenhou6 looks up every tenhou.net/6 spelling once per
// iteration.
func BenchmarkFromTenhou6(b *testing.B) {
	var names [][]byte
	for i := range entries {
		for _, n := range tenhou6Names(&entries[i]) {
			names = append(names, []byte(n))
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, n := range names {
			if _, ok := FromTenhou6(n); !ok {
				b.Fatalf("%q not found", n)
			}
		}
	}
}

// BenchmarkFromMjai looks up every mjai name once per iteration.
func BenchmarkFromMjai(b *testing.B) {
	var names [][]byte
	for _, e := range entries {
		if e.mjai != "" {
			names = append(names, []byte(e.mjai))
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, n := range names {
			if _, ok := FromMjai(n); !ok {
				b.Fatalf("%q not found", n)
			}
		}
	}
}

package hand

import (
	"bytes"
	"flag"
	"os"
	"slices"
	"testing"
)

var update = flag.Bool("update", false, "rewrite tables.bin.gz from buildTable")

// TestEmbeddedTables: the embedded tables are the ones buildTable builds
// (with -update, it writes them first), and what getTables serves.
func TestEmbeddedTables(t *testing.T) {
	suitRank, honorRank := newRanker(9), newRanker(7)
	suit, honor := buildTable(suitRank, true), buildTable(honorRank, false)
	if *update {
		if err := os.WriteFile("tables.bin.gz", encodeTables(suit, honor), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Skip("tables.bin.gz rewritten; run again without -update")
	}
	gs, gh := decodeTables(embeddedTables, suitRank.size, honorRank.size)
	if gs == nil || !slices.Equal(gs, suit) || !slices.Equal(gh, honor) {
		t.Fatal("tables.bin.gz differs from buildTable: run go test ./hand -run TestEmbeddedTables -update")
	}
	if tb := getTables(); !slices.Equal(tb.suit, suit) || !slices.Equal(tb.honor, honor) {
		t.Error("getTables serves other tables than buildTable builds")
	}
	// Tables of another size, or a damaged copy, are not used.
	if s, h := decodeTables(embeddedTables, suitRank.size+1, honorRank.size); s != nil || h != nil {
		t.Error("decodeTables accepted tables shorter than asked")
	}
	if s, h := decodeTables(embeddedTables, suitRank.size-1, honorRank.size); s != nil || h != nil {
		t.Error("decodeTables accepted tables longer than asked")
	}
	if s, h := decodeTables(bytes.Repeat([]byte{0x1f}, 100), suitRank.size, honorRank.size); s != nil || h != nil {
		t.Error("decodeTables accepted damaged data")
	}
}

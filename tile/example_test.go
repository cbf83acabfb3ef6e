package tile_test

import (
	"fmt"
	"slices"

	"github.com/haifu/haifu/tile"
)

func ExampleParseTiles() {
	ts, err := tile.ParseTiles("123m0p77z")
	if err != nil {
		panic(err)
	}
	for _, t := range ts {
		fmt.Print(t, " ", t.Kind(), " ", t.Red(), "\n")
	}
	// Output:
	// 1m 1m false
	// 2m 2m false
	// 3m 3m false
	// 0p 5p true
	// 7z 7z false
	// 7z 7z false
}

func ExampleParseTiles_error() {
	_, err := tile.ParseTiles("123m8z")
	fmt.Println(err)
	// Output:
	// tile: "123m8z": no tile 8z: invalid tile notation
}

func ExampleFormatTiles() {
	ts := []tile.Tile{tile.Of(tile.Sou7), tile.Red5p, tile.Of(tile.Pin5), tile.Of(tile.Man1), tile.Of(tile.East)}
	fmt.Println(tile.FormatTiles(ts))
	slices.SortFunc(ts, tile.Compare)
	fmt.Println(tile.FormatTiles(ts))
	// Output:
	// 7s05p1m1z
	// 1m50p7s1z
}

func ExampleDoraFor() {
	fmt.Println(tile.DoraFor(tile.Man9, false), tile.DoraFor(tile.North, false), tile.DoraFor(tile.Chun, false))
	fmt.Println(tile.DoraFor(tile.Man1, false), tile.DoraFor(tile.Man1, true))
	// Output:
	// 1m 1z 5z
	// 2m 9m
}

func ExampleID_Tile() {
	for _, id := range []tile.ID{16, 17, 52, 88, 135} {
		fmt.Println(id, id.Tile(false), id.Tile(true))
	}
	// Output:
	// 16 5m 0m
	// 17 5m 5m
	// 52 5p 0p
	// 88 5s 0s
	// 135 7z 7z
}

func ExampleFromTenhou6() {
	for _, code := range []int{11, 47, 52, 60} {
		t, ok := tile.FromTenhou6(code)
		fmt.Println(code, t, ok)
	}
	fmt.Println(tile.Red5s.Tenhou6())
	// Output:
	// 11 1m true
	// 47 7z true
	// 52 0p true
	// 60 - false
	// 53
}

func ExampleCountsOf() {
	ts, _ := tile.ParseTiles("77z0m5m123p")
	c := tile.CountsOf(ts)
	fmt.Println(c.Total(), c[tile.Man5], c[tile.Chun])
	fmt.Println(c)
	// Output:
	// 7 2 2
	// 55m123p77z
}

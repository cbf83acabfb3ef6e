package archive

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestRowOf(t *testing.T) {
	str := func(s string) *string { return &s }
	i32 := func(v int32) *int32 { return &v }
	i64 := func(v int64) *int64 { return &v }
	yes, no := new(bool), new(bool)
	*yes = true
	// 2018-01-01 22:27 in Japan, 13:27 UTC.
	wall := time.Date(2018, 1, 1, 13, 27, 0, 0, time.UTC).UnixMilli()
	tests := []struct {
		name string
		file string // a listing
		want Row
	}{{
		name: "sce with chips",
		file: `22:27 | 24 | 四琥南喰赤祝２ | <a href="http://tenhou.net/0/?log=2018010122gm-0229-0000-cae7ad45">牌譜</a> | D&amp;R(+64.0,+12枚) s(本人)(+10.0,-1枚) r(-19.0,-3枚) g＠(-55.0,-8枚)<br>`,
		want: Row{LogID: str("2018010122gm-0229-0000-cae7ad45"), StartTime: i64(wall), Listing: str("sce"), Lobby: "public",
			Rule: str("四琥南喰赤祝２"), TenhouType: i32(0x229), Players: 4, Length: "south", RedFives: i32(3), OpenTanyao: yes, Fast: no,
			ChipGame: yes, ChipRate: i32(2), Table: str("kohaku"), Minutes: i32(24),
			Names: []string{"D&R", "s(本人)", "r", "g＠"}, Points: []float64{64, 10, -19, -55}, Chips: []int32{12, -1, -3, -8},
			Source: "sce20180101.html", Line: 1},
	}, {
		name: "sca",
		file: "L1001 | 15:24 | 三般南喰赤－ | a(+95.0) b(-27.0) c(-68.0)\n",
		want: Row{StartTime: i64(time.Date(2018, 1, 1, 6, 24, 0, 0, time.UTC).UnixMilli()), Listing: str("sca"), Lobby: "L1001",
			Rule: str("三般南喰赤－"), Players: 3, Length: "south", RedFives: i32(2), OpenTanyao: yes, ChipGame: no, Table: str("ippan"),
			Names: []string{"a", "b", "c"}, Points: []float64{95, -27, -68}, Source: "sca20180101.log", Line: 1},
	}, {
		name: "a bare x-form id in a private lobby",
		file: "2017022002gm-000b-2873-xc0294a92421e\n",
		want: Row{LogID: str("2017022002gm-000b-2873-fb28df66"), StartTime: i64(time.Date(2017, 2, 19, 17, 0, 0, 0, time.UTC).UnixMilli()),
			Lobby: "L2873", Rule: str("四般南喰－－"), TenhouType: i32(0xb), Players: 4, Length: "south", RedFives: i32(0), OpenTanyao: yes, Fast: no, ChipGame: no,
			Table: str("ippan"), Source: "ids.txt", Line: 1},
	}}
	names := map[string]string{"sce with chips": "sce20180101.html", "sca": "sca20180101.log", "a bare x-form id in a private lobby": "ids.txt"}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ix, err := readIndex(names[tt.name], []byte(tt.file))
			if err != nil || len(ix.Games) != 1 {
				t.Fatalf("readIndex: %d games, %v", len(ix.Games), err)
			}
			got := RowOf(&ix.Games[0])
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("RowOf (-want +got):\n%s", diff)
			}
			if got.StartTime == nil || !time.UnixMilli(*got.StartTime).Equal(ix.Games[0].Start) {
				t.Errorf("start_time = %v; want %v", got.StartTime, ix.Games[0].Start)
			}
		})
	}
}

func TestPlacements(t *testing.T) {
	row := &Row{Names: []string{"b", "NoName", "a", "NoName"}, Points: []float64{42, 5, -17, -30}}
	tied := &Row{Names: []string{"x", "x", "y"}, Points: []float64{10, 10, -20}}
	tests := []struct {
		name   string
		row    *Row
		names  []string
		points []float64
		want   []int32
	}{
		{"by name and points", row, []string{"a", "NoName", "b", "NoName"}, []float64{-17, -30, 42, 5}, []int32{3, 4, 1, 2}},
		{"points rounded", row, []string{"a", "NoName", "b", "NoName"}, []float64{-17.04, -29.96, 42, 5}, []int32{3, 4, 1, 2}},
		{"names alone where they tell", &Row{Names: []string{"b", "a"}, Points: []float64{1, -1}}, []string{"a", "b"}, nil, []int32{2, 1}},
		{"two NoNames and no points", row, []string{"a", "NoName", "b", "NoName"}, nil, nil},
		{"a tie of one name in seat order", tied, []string{"y", "x", "x"}, []float64{-20, 10, 10}, []int32{3, 1, 2}},
		{"a name not in the row", row, []string{"a", "NoName", "c", "NoName"}, []float64{-17, -30, 42, 5}, nil},
		{"points that differ", row, []string{"a", "NoName", "b", "NoName"}, []float64{-17, -30, 41, 5}, nil},
		{"three seats for four", row, []string{"a", "NoName", "b"}, nil, nil},
		{"no seats", row, nil, nil, nil},
		{"a row without points", &Row{Names: []string{"a"}}, []string{"a"}, nil, nil},
	}
	for _, tt := range tests {
		if got := tt.row.Placements(tt.names, tt.points); !cmp.Equal(got, tt.want) {
			t.Errorf("%s: Placements = %v, want %v", tt.name, got, tt.want)
		}
	}
}

// TestTableNames: every table has the name the games table gives its
// level (event.TenhouTableLevel), "none" for －, "" when unknown.
func TestTableNames(t *testing.T) {
	want := []string{"", "ippan", "joukyuu", "tokujou", "houou", "wakaba", "gin", "kohaku", "kujaku", "skill", "none"}
	for tb := TableUnknown; tb < numTables; tb++ {
		if got := tb.Name(); got != want[tb] {
			t.Errorf("%v.Name() = %q, want %q", tb, got, want[tb])
		}
	}
}

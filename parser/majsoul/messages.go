package majsoul

import (
	"github.com/haifu/haifu/tile"
)

// The record messages, as the JSON and the protobuf readers fill them. Only
// the fields replay needs are kept; absent fields keep their zero value, as
// in proto3.

// maxList is the longest tile list a record may hold (hands, indicators).
const maxList = 16

// tileList is a list of tiles read from a record.
type tileList struct {
	t [maxList]tile.Tile
	n int
}

func (l *tileList) slice() []tile.Tile { return l.t[:l.n] }

// scoreList is a list of at most four scores.
type scoreList struct {
	v [4]int32
	n int
}

// liqiSuccess is LiQiSuccess: a riichi stick paid.
type liqiSuccess struct {
	ok           bool // present
	seat, sticks int
	score        int32
	failed       bool
}

// recNewRound is RecordNewRound.
type recNewRound struct {
	chang, ju, ben, liqibang int
	dora                     tile.Tile // old records' single indicator
	doras                    tileList
	scores                   [4]int32
	nScores                  int
	hands                    [4]tileList
	paishan                  []byte
	// md5, sha256, saltSha256 and salt are the wall's published hashes
	// and salt (fields 13, 22, 24, 25).
	md5, sha256, saltSha256, salt []byte
}

// recDealTile is RecordDealTile.
type recDealTile struct {
	seat  int
	tile  tile.Tile
	doras tileList
	liqi  liqiSuccess
}

// recDiscardTile is RecordDiscardTile.
type recDiscardTile struct {
	seat                   int
	tile                   tile.Tile
	isLiqi, isWliqi, moqie bool
	doras                  tileList
}

// recChiPengGang is RecordChiPengGang.
type recChiPengGang struct {
	seat, typ int
	tiles     tileList
	froms     [maxList]int
	nFroms    int
	liqi      liqiSuccess
}

// recAnGangAddGang is RecordAnGangAddGang (and RecordBaBei, with typ -1
// and the North as tile).
type recAnGangAddGang struct {
	seat, typ int
	tile      tile.Tile
	doras     tileList
}

// fanInfo is FanInfo: a yaku (by id, or by name in old records) and its
// value (han, or yakuman multiple).
type fanInfo struct {
	id, val int
	name    []byte
}

// maxFans is the most fan entries a win may list.
const maxFans = 24

// huleInfo is HuleInfo: one winner's hand and score.
type huleInfo struct {
	hand                                   tileList
	nMing                                  int
	huTile                                 tile.Tile
	seat                                   int
	zimo, qinjia, liqi, yiman              bool
	doras, liDoras                         tileList
	count                                  int
	fans                                   [maxFans]fanInfo
	nFans                                  int
	fu                                     int
	title                                  []byte
	titleID                                int
	pointRong, pointZimoQin, pointZimoXian int
	baopai                                 int
}

// maxHules is the most winners of one RecordHule.
const maxHules = 4

// recHule is RecordHule.
type recHule struct {
	hules                    [maxHules]huleInfo
	nHules                   int
	oldScores, delta, scores scoreList
	baopai                   int
}

// noTilePlayer is NoTilePlayerInfo.
type noTilePlayer struct {
	tingpai bool
	hand    tileList
}

// noTileScore is NoTileScoreInfo.
type noTileScore struct {
	seat              int
	oldScores, deltas scoreList
}

// recNoTile is RecordNoTile.
type recNoTile struct {
	liujumanguan bool
	players      [4]noTilePlayer
	nPlayers     int
	scores       [4]noTileScore
	nScores      int
}

// recLiuJu is RecordLiuJu.
type recLiuJu struct {
	typ, seat int
	tiles     tileList
	liqi      liqiSuccess
	all       [4][]byte // allplayertiles: "1m|2m|…" per seat
	nAll      int
}

// parseTile reads a Mahjong Soul tile string: a digit and a suit letter
// ("1m", "0p" for a red five, "7z").
func parseTile(b []byte) (tile.Tile, bool) {
	if len(b) != 2 {
		return tile.None, false
	}
	d := int(b[0]) - '0'
	if d < 0 || d > 9 {
		return tile.None, false
	}
	var suit int
	switch b[1] {
	case 'm':
		suit = 0
	case 'p':
		suit = 1
	case 's':
		suit = 2
	case 'z':
		if d < 1 || d > 7 {
			return tile.None, false
		}
		return tile.Of(tile.Kind(27 + d - 1)), true
	default:
		return tile.None, false
	}
	if d == 0 {
		return tile.New(tile.Kind(suit*9+4), true), true
	}
	return tile.Of(tile.Kind(suit*9 + d - 1)), true
}

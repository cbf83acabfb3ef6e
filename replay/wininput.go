package replay

import (
	"errors"
	"fmt"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/scoring"
	"github.com/haifu/haifu/tile"
)

// ErrWinHidden: the winner's concealed tiles are hidden (a player's view of
// the game) and the log does not show them at the win, so the win cannot
// be scored.
var ErrWinHidden = errors.New("the winner's tiles are hidden")

// WinInput fills in with the win w as package scoring needs it, from the
// table st at the hand's end: the winner's concealed tiles with the winning
// tile, its melds, tsumo or ron, and the facts of the play (riichi, double
// riichi, ippatsu, rinshan, chankan, haitei, houtei, tenhou, chiihou,
// renhou, the winds, the dora indicators revealed, the kita). The ura
// indicators are the record's. A win changes nothing of the table, so the
// final state of a hand serves each of its wins, a double ron's too.
//
// It returns ErrWinHidden when the winner's tiles are hidden and the
// record does not show them, and an error saying what is wrong when the
// table cannot hold the win (a hand of more than 14 tiles).
func (st *State) WinInput(w *event.WinRecord, in *scoring.Input) error {
	*in = scoring.Input{}
	s := w.Winner
	if s < 0 || int(s) >= st.Players {
		return fmt.Errorf("winner seat %d in a %d-player game", s, st.Players)
	}
	ss := &st.Seats[s]
	tsumo := w.Tsumo()
	switch {
	case ss.Hidden && (w.Known&event.KnownHand == 0 || w.HandLen == 0):
		return ErrWinHidden
	case ss.Hidden:
		in.SetHand(w.HandTiles())
	default:
		n := ss.N
		if !tsumo {
			n++
		}
		if n > len(in.Hand) || n < 0 {
			return fmt.Errorf("the winner holds %d tiles", n)
		}
		h := ss.AppendTiles(in.Hand[:0])
		if !tsumo {
			h = append(h, st.LastTile)
		}
		in.HandLen = uint8(len(h))
	}
	for i := range ss.NMelds {
		in.AddMeld(ss.Melds[i])
	}
	in.WinTile = w.WinTile
	if in.WinTile == tile.None {
		if tsumo {
			in.WinTile = ss.Drawn
		} else {
			in.WinTile = st.LastTile
		}
	}
	in.Tsumo = tsumo
	players := st.Players
	in.Players = uint8(players)
	dealer := st.Round.Dealer
	in.SeatWind = tile.East + tile.Kind((int(s)-int(dealer)+players)%players)
	in.RoundWind = tile.East + tile.Kind(st.Round.Wind&3)
	in.Kita = uint8(ss.Kita)
	in.Riichi = ss.Riichi == RiichiAccepted || ss.Riichi == RiichiDiscarded
	in.DoubleRiichi = in.Riichi && ss.RiichiDouble
	in.Ippatsu = in.Riichi && ss.Ippatsu
	// The first go-around: no call or kan yet (a kita ends it only once
	// play goes on past it) and the winner has not discarded.
	first := st.FirstGoRound && st.Calls == 0 && ss.NRiver == 0
	if tsumo {
		in.Rinshan = ss.Rinshan
		in.Haitei = st.LiveLeft == 0 && !ss.Rinshan
		in.Tenhou = first && in.Dealer()
		in.Chiihou = first && !in.Dealer()
	} else {
		in.Chankan = st.LastIsKan && (st.LastType == event.AddedKan || st.LastType == event.ClosedKan)
		in.Houtei = st.LiveLeft == 0 && st.LastType == event.Discard
		in.Renhou = first && !in.Dealer()
	}
	in.SetDora(st.Dora[:st.NDora])
	in.SetUra(w.UraList())
	return nil
}

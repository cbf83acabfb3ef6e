package wall_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/haifu/haifu/tile"
	"github.com/haifu/haifu/wall"
)

// identity returns a wall whose Yama[i] is i, so that tiles name their
// index.
func identity(players int, form wall.Form) *wall.Wall {
	w := &wall.Wall{Size: wall.Size4, Players: players, Form: form}
	if players == 3 {
		w.Size = wall.Size3
	}
	for i := range w.Size {
		w.Yama[i] = tile.ID(i)
	}
	return w
}

// layout is what the index functions give for one wall.
type layout struct {
	Dealt, LiveStart, Live0, Live1 int
	Deal                           [][3]int // dealer, seat, i → index
	LiveCount                      [2]int   // with 0 and 3 replacement draws
	Haitei                         [2]int
	Replacement                    []int
	Dora, Ura                      []int
}

func layoutOf(w *wall.Wall, deals [][3]int) layout {
	l := layout{Dealt: w.Dealt(), LiveStart: w.LiveIndex(0), Live0: w.LiveCount(0), Live1: w.LiveIndex(w.LiveCount(0) - 1)}
	for _, d := range deals {
		l.Deal = append(l.Deal, [3]int{d[0], d[1], w.DealIndex(d[0], d[1], d[2])})
	}
	l.LiveCount = [2]int{w.LiveCount(0), w.LiveCount(3)}
	l.Haitei = [2]int{w.HaiteiIndex(0), w.HaiteiIndex(3)}
	for k := 0; ; k++ {
		i := w.ReplacementIndex(k)
		l.Replacement = append(l.Replacement, i)
		if i < 0 {
			break
		}
	}
	for k := range wall.MaxKanDora + 2 {
		l.Dora = append(l.Dora, w.DoraIndex(k))
		l.Ura = append(l.Ura, w.UraIndex(k))
	}
	return l
}

// TestLayout checks the index of every use of the wall for each player
// count and era (docs/tenhou-formats.md §3.2–§3.4, §3.6).
func TestLayout(t *testing.T) {
	// dealer, seat, i: the dealer's first tile, the next seat's first,
	// the dealer's 5th (second round), the last seat's 4th, the dealer's
	// 13th, the last seat's 13th, and another dealer's.
	deals4 := [][3]int{{0, 0, 0}, {0, 1, 0}, {0, 0, 4}, {0, 3, 3}, {0, 0, 12}, {0, 3, 12}, {2, 2, 0}, {2, 1, 0}, {2, 1, 12}}
	deals3 := [][3]int{{0, 0, 0}, {0, 1, 0}, {0, 0, 4}, {0, 2, 3}, {0, 0, 12}, {0, 2, 12}, {2, 2, 0}, {2, 1, 0}, {2, 1, 12}}
	tests := []struct {
		name    string
		players int
		form    wall.Form
		deals   [][3]int
		want    layout
	}{
		{"4p era 3", 4, wall.FormBase64, deals4, layout{
			Dealt: 52, LiveStart: 83, Live0: 70, Live1: 14,
			Deal:        [][3]int{{0, 0, 135}, {0, 1, 131}, {0, 0, 119}, {0, 3, 120}, {0, 0, 87}, {0, 3, 84}, {2, 2, 135}, {2, 1, 123}, {2, 1, 84}},
			LiveCount:   [2]int{70, 67},
			Haitei:      [2]int{14, 17},
			Replacement: []int{1, 0, 3, 2, -1},
			Dora:        []int{5, 7, 9, 11, 13, -1},
			Ura:         []int{4, 6, 8, 10, 12, -1},
		}},
		{"4p era 2", 4, wall.FormHex, deals4, layout{
			Dealt: 52, LiveStart: 83, Live0: 70, Live1: 14,
			Deal:        [][3]int{{0, 0, 135}, {0, 1, 131}, {0, 0, 119}, {0, 3, 120}, {0, 0, 87}, {0, 3, 84}, {2, 2, 135}, {2, 1, 123}, {2, 1, 84}},
			LiveCount:   [2]int{70, 67},
			Haitei:      [2]int{14, 17},
			Replacement: []int{0, 1, 2, 3, -1},
			Dora:        []int{4, 6, 8, 10, 12, -1},
			Ura:         []int{5, 7, 9, 11, 13, -1},
		}},
		{"4p era 1", 4, wall.FormPerHand, deals4, layout{
			Dealt: 52, LiveStart: 83, Live0: 70, Live1: 14,
			Deal:        [][3]int{{0, 0, 135}, {0, 1, 131}, {0, 0, 119}, {0, 3, 120}, {0, 0, 87}, {0, 3, 84}, {2, 2, 135}, {2, 1, 123}, {2, 1, 84}},
			LiveCount:   [2]int{70, 67},
			Haitei:      [2]int{14, 17},
			Replacement: []int{0, 1, 2, 3, -1},
			Dora:        []int{4, 6, 8, 10, 12, -1},
			Ura:         []int{5, 7, 9, 11, 13, -1},
		}},
		{"sanma era 3", 3, wall.FormBase64, deals3, layout{
			Dealt: 39, LiveStart: 68, Live0: 55, Live1: 14,
			Deal:        [][3]int{{0, 0, 107}, {0, 1, 103}, {0, 0, 95}, {0, 2, 96}, {0, 0, 71}, {0, 2, 69}, {2, 2, 107}, {2, 1, 99}, {2, 1, 69}},
			LiveCount:   [2]int{55, 52},
			Haitei:      [2]int{14, 17},
			Replacement: []int{1, 0, 3, 2, 5, 4, 7, 6, -1},
			Dora:        []int{9, 11, 13, 15, 17, -1},
			Ura:         []int{8, 10, 12, 14, 16, -1},
		}},
		{"sanma era 1", 3, wall.FormPerHand, deals3, layout{
			Dealt: 39, LiveStart: 68, Live0: 55, Live1: 14,
			Deal:        [][3]int{{0, 0, 107}, {0, 1, 103}, {0, 0, 95}, {0, 2, 96}, {0, 0, 71}, {0, 2, 69}, {2, 2, 107}, {2, 1, 99}, {2, 1, 69}},
			LiveCount:   [2]int{55, 52},
			Haitei:      [2]int{14, 17},
			Replacement: []int{0, 1, 2, 3, 4, 5, 6, 7, -1},
			Dora:        []int{8, 10, 12, 14, 16, -1},
			Ura:         []int{9, 11, 13, 15, 17, -1},
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			w := identity(tc.players, tc.form)
			if d := cmp.Diff(tc.want, layoutOf(w, tc.deals)); d != "" {
				t.Errorf("layout (-want +got):\n%s", d)
			}
			checkSlots(t, w)
		})
	}
}

// checkSlots checks that Slot, LiveWall and DeadWall agree with the index
// functions, and that the deal and the live wall use every tile once.
func checkSlots(t *testing.T, w *wall.Wall) {
	t.Helper()
	for repl := range 9 {
		live := w.LiveWall(repl, nil)
		dead := w.DeadWall(repl, nil)
		if len(live) != w.LiveCount(repl) || len(dead) != 14+repl || w.Dealt()+len(live)+len(dead) != w.Size {
			t.Errorf("repl %d: %d dealt + %d live + %d dead != %d", repl, w.Dealt(), len(live), len(dead), w.Size)
		}
		for k, id := range live {
			if got, _ := w.Live(k); got != id || int(id) != w.LiveIndex(k) {
				t.Errorf("repl %d: live wall %d is %d, Live gives %d", repl, k, id, got)
			}
		}
		for i := range w.Size {
			s, ok := w.Slot(i, repl)
			if !ok || s.Index != i || int(s.ID) != i {
				t.Fatalf("Slot(%d, %d) = %+v, %v", i, repl, s, ok)
			}
			var back int
			switch s.Role {
			case wall.RoleDeal:
				back = w.Size - 1 - s.K
			case wall.RoleLive:
				back = w.LiveIndex(s.K)
			case wall.RoleReplacement:
				back = w.ReplacementIndex(s.K)
			case wall.RoleDora:
				back = w.DoraIndex(s.K)
			case wall.RoleUra:
				back = w.UraIndex(s.K)
			default:
				back = i
				if i < w.HaiteiIndex(repl) && i < 14 {
					t.Errorf("Slot(%d, %d): a tile of the first 14 with no use", i, repl)
				}
			}
			if back != i {
				t.Errorf("Slot(%d, %d) = %v %d, whose index is %d", i, repl, s.Role, s.K, back)
			}
		}
	}
	if _, ok := w.Slot(w.Size, 0); ok {
		t.Error("Slot past the wall")
	}
	for _, d := range [][3]int{{-1, 0, 0}, {w.Players, 0, 0}, {0, -1, 0}, {0, w.Players, 0}, {0, 0, -1}, {0, 0, 13}} {
		if i := w.DealIndex(d[0], d[1], d[2]); i != -1 {
			t.Errorf("DealIndex%v = %d, want -1", d, i)
		}
	}
	if _, ok := w.Deal(w.Players, 0); ok {
		t.Error("Deal with dealer out of range")
	}
	if i := w.LiveIndex(w.Size - w.Dealt()); i != -1 {
		t.Errorf("LiveIndex past the wall = %d", i)
	}
	if _, ok := w.Live(-1); ok {
		t.Error("Live(-1)")
	}
	var zero wall.Wall
	if _, ok := zero.Dora(0); ok || zero.ReplacementIndex(0) != -1 || zero.DealIndex(0, 0, 0) != -1 {
		t.Error("the zero Wall has tiles")
	}
}

package tenhou6

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/internal/corpus"
)

// FuzzTenhou6 feeds arbitrary bytes to the decoder. It must never panic;
// every error must be an *event.Error; every event's reference must point
// into its side table; and a game decoded without error must be a legal
// order of play (checkPlay, without the wall count, which the replay
// engine judges).
func FuzzTenhou6(f *testing.F) {
	// Synthetic seeds: one per case of TestOrder, built with the same
	// helpers.
	for _, r := range []rnd{
		{hands: [4]string{handA, handB, handC, handD}, in: [4]string{"41", "25", "42", "43"}, out: [4]string{"60", "41", "60", "11"}, res: `["流局",[1500,-500,-500,-500]]`},
		{hands: [4]string{"12367m55p33s1234z", "12345678m123p39s", "123456789s55p45z", "111999m111999p1s"},
			in: [4]string{`41,"3333p33"`, "19", `"25p2525"`, "47"}, out: [4]string{"25,25", "33", "44", "60"}, res: `["全員不聴"]`},
		{dora: "1m2m", hands: [4]string{"222z123456789m1p", "2z123456789s123p", handC, handD},
			in: [4]string{`41,"424242m42",31`, "29", "", ""}, out: [4]string{"21,0,60", `"r42"`, "", ""},
			res: `["和了",[-2000,2000,0,0],[1,0,1,"40符1飜2000点","役牌 中(1飜)"]]`},
		{hands: [4]string{"1123456789m123p", handB, handC, handD},
			in: [4]string{`45,"p111111",11`, "46,41", "47,42", "44,43"}, out: [4]string{`60,19,"k11111111"`, "60,60", "60,60", "11,60"},
			res: `["和了",[-2600,0,2600,0],[2,0,2,"40符2飜2600点","槍槓(1飜)","ドラ(1飜)"]]`},
		{hands: [4]string{"19m19p19s1234567z", "1199m1199p1199s5z", "1199m1199p1199s6z", ""},
			in: [4]string{"44,21", "39", "29", ""}, out: [4]string{`"f44",60`, "60", "", ""},
			res: `["和了",[-1000,-500,1500,0],[2,2,2,"30符1飜500-1000点","門前清自摸和(1飜)"]]`},
	} {
		f.Add([]byte(doc(f, editorHead, r)))
	}
	f.Add([]byte(`{"log":[]}`))
	f.Add([]byte("{\"log\": [ // c\n]}"))
	// Real logs: the project's fixtures and, when present, the corpus's
	// smaller tenhou.net/6 files.
	seeds, _ := filepath.Glob("../../fixtures/*/tenhou6/*")
	if dir := corpus.Find(); dir != "" {
		more, _ := filepath.Glob(filepath.Join(dir, "tenhou6", "*"))
		for _, m := range more {
			if st, err := os.Stat(m); err == nil && st.Size() < 4000 {
				seeds = append(seeds, m)
			}
		}
	}
	for _, p := range seeds {
		if data, err := corpus.ReadFile(p); err == nil {
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var d Decoder
		var g event.Game
		err := d.Decode(data, "fuzz", &g)
		if err != nil {
			var pe *event.Error
			if !errors.As(err, &pe) {
				t.Fatalf("error %v is not an *event.Error", err)
			}
		}
		if len(g.Events) == 0 || g.Events[0].Type != event.GameStart {
			t.Fatal("no game_start first")
		}
		for i, e := range g.Events {
			var n int
			switch e.Type {
			case event.RoundStart:
				n = len(g.Rounds)
			case event.Win:
				n = len(g.Wins)
			case event.Ryuukyoku:
				n = len(g.Ryuukyoku)
			case event.GameEnd:
				n = len(g.End)
			default:
				continue
			}
			if e.Ref < 0 || int(e.Ref) >= n {
				t.Fatalf("event %d (%v) refers to %d of %d", i, e.Type, e.Ref, n)
			}
		}
		if err == nil {
			if err := checkPlay(&g, false); err != nil {
				t.Fatalf("decoded without error but: %v", err)
			}
		}
		for i := range g.Events {
			_ = event.AppendJSON(nil, &g, i)
		}
		// The decoder is reused: a second decode gives the same events.
		n := len(g.Events)
		var g2 event.Game
		err2 := d.Decode(data, "fuzz", &g2)
		if (err == nil) != (err2 == nil) || len(g2.Events) != n {
			t.Fatalf("second decode differs: %v / %v, %d / %d events", err, err2, n, len(g2.Events))
		}
	})
}

// FuzzTenhou6Edits starts from a valid log (a fixture or a synthetic
// round) and applies small edits the fuzzer chooses to the incoming and
// outgoing lists: swap two neighbours, drop, duplicate or replace an item,
// move one to another seat's list. The edited log is mostly not a legal
// game; the decoder must still never panic, return only *event.Error, and
// give a legal order of play whenever it reports no error. This stresses
// the rebuilding of the order (and its backtracking) far more than byte
// mutations, which rarely keep the JSON valid.
func FuzzTenhou6Edits(f *testing.F) {
	var bases [][]byte
	for _, r := range []rnd{
		{hands: [4]string{"12367m55p33s1234z", "12345678m123p39s", "123456789s55p45z", "111999m111999p1s"},
			in: [4]string{`41,"3333p33"`, "19", `"25p2525"`, "47"}, out: [4]string{"25,25", "33", "44", "60"}, res: `["全員不聴"]`},
		{hands: [4]string{"1123456789m123p", handB, handC, handD},
			in: [4]string{`45,"p111111",11`, "46,41", "47,42", "44,43"}, out: [4]string{`60,19,"k11111111"`, "60,60", "60,60", "11,60"},
			res: `["和了",[-2600,0,2600,0],[2,0,2,"40符2飜2600点","槍槓(1飜)","ドラ(1飜)"]]`},
	} {
		bases = append(bases, []byte(doc(f, editorHead, r)))
	}
	files, _ := filepath.Glob("../../fixtures/*/tenhou6/*")
	for _, p := range files {
		if data, err := os.ReadFile(p); err == nil && json.Valid(data) {
			bases = append(bases, data)
		}
	}
	f.Add(uint8(0), []byte{0, 0, 5, 0})
	f.Add(uint8(1), []byte{1, 0, 8, 1, 4, 0, 6, 0})
	f.Add(uint8(2), []byte{4, 3, 11, 2, 9})
	f.Add(uint8(5), []byte{0, 1, 14, 3, 2, 1, 6, 7})
	f.Fuzz(func(t *testing.T, base uint8, edits []byte) {
		var v map[string]any
		if err := json.Unmarshal(bases[int(base)%len(bases)], &v); err != nil {
			t.Skip()
		}
		log, _ := v["log"].([]any)
		if len(log) == 0 {
			t.Skip()
		}
		lists := [8]int{5, 6, 8, 9, 11, 12, 14, 15}
		codes := []any{11.0, 15.0, 19.0, 25.0, 29.0, 33.0, 41.0, 44.0, 47.0, 51.0, 60.0, 0.0, "p111111", "c232425", "r60", "474747a47"}
		for len(edits) >= 4 {
			op, ri, li, k := edits[0], edits[1], edits[2], int(edits[3])
			edits = edits[4:]
			r, _ := log[int(ri)%len(log)].([]any)
			if len(r) != 17 {
				continue
			}
			e := lists[int(li)%len(lists)]
			l, _ := r[e].([]any)
			switch op % 5 {
			case 0:
				if k+1 < len(l) {
					l[k], l[k+1] = l[k+1], l[k]
				}
			case 1:
				if k < len(l) {
					l = append(l[:k:k], l[k+1:]...)
				}
			case 2:
				if k < len(l) {
					l = append(l[:k+1:k+1], l[k:]...)
				}
			case 3:
				if k < len(l) {
					l[k] = codes[int(op/5)%len(codes)]
				}
			case 4:
				if k < len(l) {
					o := lists[(int(li)+2*int(op/5+1))%len(lists)]
					ol, _ := r[o].([]any)
					r[o] = append(ol, l[k])
					l = append(l[:k:k], l[k+1:]...)
				}
			}
			r[e] = l
		}
		data, err := json.Marshal(v)
		if err != nil {
			t.Skip()
		}
		var d Decoder
		var g event.Game
		err = d.Decode(data, "fuzz", &g)
		if err != nil {
			var pe *event.Error
			if !errors.As(err, &pe) {
				t.Fatalf("error %v is not an *event.Error", err)
			}
			return
		}
		if err := checkPlay(&g, false); err != nil {
			t.Fatalf("decoded without error but: %v\n%s", err, data)
		}
	})
}

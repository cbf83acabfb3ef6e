package mjai

import (
	"errors"
	"path/filepath"
	"testing"

	"github.com/valyala/fastjson"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/internal/corpus"
	"github.com/haifu/haifu/parser/format"
	"github.com/haifu/haifu/tile"
)

// FuzzMjai feeds arbitrary bytes to the decoder. It must never panic; it
// must return nil or an *event.Error wrapping one of the event sentinels;
// a game decoded without error must have its end; every event's reference
// must point into its side table and every tile must be valid or None; a
// second decoding with the same Decoder must give the same events.
func FuzzMjai(f *testing.F) {
	for _, tt := range []string{
		string(log(startGame4, kyoku4, `{'type':'tsumo','actor':0,'pai':'5p'}`, `{'type':'dahai','actor':0,'pai':'5p'}`,
			`{'type':'pon','actor':1,'target':0,'pai':'5p','consumed':['5p','5pr']}`, `{'type':'dahai','actor':1,'pai':'1m','tsumogiri':false}`,
			`{'type':'hora','actor':2,'target':1,'pai':'1m','hora_tehais':['2m'],'yakus':[['sangenpai',1]],'fan':1,'fu':30,'hora_points':1000,'deltas':[0,-1000,1000,0],'scores':[25000,24000,26000,25000]}`,
			endGame)),
		string(log(`# text`, `{'type':'start_game'}`, `{'type':'start_kyoku','oya':0,'dora_marker':'6s'}`, `E-1 kyoku 0 honba`,
			`{'type':'haipai','actor':0,'pais':['?']}`)),
		string(log(`{`, `'type': 185, 'game': [{'bakaze':'E','kyoku':1,'honba':0,'kyotaku':0,'oya':0,'dora_marker':'1z','tehais':[[],[],[],[]],'type':'start_kyoku'},`,
			`{'type':'agari','actor':0,'fromwho':0,'yaku':[1,52,52],'han':3,'paowho':1}], 'owari': [1,2,3,4]}`)),
		`[{"type":"start_game"},{"type":"end_game"}]`,
	} {
		f.Add([]byte(tt))
	}
	seeds, _ := filepath.Glob("../../fixtures/*/mjai/*")
	if dir := corpus.Find(); dir != "" {
		for _, name := range []string{"gimite__test.mjlog.golden.log", "manuego__2026-06-19-030401.mjson", "rmss__kakan.json", "msanma__sample.mjson"} {
			seeds = append(seeds, filepath.Join(dir, "mjai", name))
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
			if !errors.Is(err, event.ErrSyntax) && !errors.Is(err, event.ErrValue) &&
				!errors.Is(err, event.ErrTruncated) && !errors.Is(err, event.ErrUnsupported) &&
				!errors.Is(err, format.ErrNoGame) {
				t.Fatalf("error %v wraps no event sentinel nor format.ErrNoGame", err)
			}
		} else if !g.Complete() {
			t.Fatal("no error but no game end")
		}
		for i, e := range g.Events {
			if i == 0 && e.Type != event.GameStart {
				t.Fatalf("first event is %v", e.Type)
			}
			if e.Tile != tile.None && !e.Tile.Valid() {
				t.Fatalf("event %d: invalid tile %v", i, e.Tile)
			}
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
			case event.RiichiAccepted:
				if e.Ref >= int32(len(g.Scores)) {
					t.Fatalf("event %d refers to scores %d of %d", i, e.Ref, len(g.Scores))
				}
				continue
			default:
				continue
			}
			if e.Ref < 0 || int(e.Ref) >= n {
				t.Fatalf("event %d (%v) refers to %d of %d", i, e.Type, e.Ref, n)
			}
		}
		for i := range g.Events {
			_ = event.AppendJSON(nil, &g, i)
		}
		// The same Decoder again, after another input.
		var g2 event.Game
		_ = d.Decode([]byte(`{"type":"start_game"}`), "x", &g2)
		err2 := d.Decode(data, "fuzz", &g2)
		if (err == nil) != (err2 == nil) || (err != nil && err.Error() != err2.Error()) || len(g.Events) != len(g2.Events) {
			t.Fatalf("second decoding differs: %v / %v, %d / %d events", err, err2, len(g.Events), len(g2.Events))
		}
		for i := range g.Events {
			if g.Events[i] != g2.Events[i] {
				t.Fatalf("second decoding: event %d differs", i)
			}
		}
	})
}

// FuzzScanFlat checks the fast path against fastjson: a line scanFlat
// accepts must be valid JSON with the same type, actor, pai and tsumogiri.
func FuzzScanFlat(f *testing.F) {
	for _, s := range []string{
		`{"type":"tsumo","actor":1,"pai":"5mr"}`,
		`{ "actor" : 0 , "pai": "E", "tsumogiri": true, "type": "dahai" }`,
		`{"type":"dahai","actor":2,"pai":"C","tsumogiri":null,"actor":3}`,
		`{"type":"dahai","actor":1,"pai":"\u0045"}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		var fe flatEvent
		if !scanFlat(b, &fe) {
			return
		}
		var p fastjson.Parser
		v, err := p.ParseBytes(b)
		if err != nil {
			t.Fatalf("scanFlat accepted %q, fastjson: %v", b, err)
		}
		if got := v.GetStringBytes("type"); string(got) != string(fe.typ) {
			t.Fatalf("%q: type %q, fastjson %q", b, fe.typ, got)
		}
		if x := v.Get("actor"); (x != nil) != fe.hasActor || (x != nil && x.GetInt() != fe.actor) {
			t.Fatalf("%q: actor %d %v, fastjson %v", b, fe.actor, fe.hasActor, x)
		}
		if x := v.Get("pai"); (x != nil) != fe.hasPai || (x != nil && string(x.GetStringBytes()) != string(fe.pai)) {
			t.Fatalf("%q: pai %q %v, fastjson %v", b, fe.pai, fe.hasPai, x)
		}
		tg := int8(-1)
		if x := v.Get("tsumogiri"); x != nil && x.Type() != fastjson.TypeNull {
			tg = 0
			if x.GetBool() {
				tg = 1
			}
		}
		if tg != fe.tsumogiri {
			t.Fatalf("%q: tsumogiri %d, fastjson %d", b, fe.tsumogiri, tg)
		}
	})
}

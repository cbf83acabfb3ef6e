package tenhou

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/haifu/haifu/internal/corpus"

	"github.com/google/go-cmp/cmp"
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/tile"
)

// A small complete four-player game: one hand, dealer tsumo with a chi and
// a riichi by seat 1.
const head = `<mjloggm ver="2.3"><SHUFFLE seed="mt19937ar-sha512-n288-base64,AAAA" ref=""/>` +
	`<GO type="169" lobby="0"/><UN n0="%4E%6F%4E%61%6D%65" n1="%E3%81%82" n2="b" n3="c" dan="16,17,18,20" rate="2000.50,2100,2200,2300" sx="M,F,M,C"/>` +
	`<TAIKYOKU oya="0"/>`

const init0 = `<INIT seed="0,0,0,2,3,132" ten="250,250,250,250" oya="0" ` +
	`hai0="0,1,2,4,5,6,8,9,10,12,13,14,108" hai1="36,37,38,40,41,42,44,45,46,48,49,50,109" ` +
	`hai2="72,73,74,76,77,78,80,81,82,84,85,86,110" hai3="112,113,114,116,117,118,120,121,122,124,125,126,111"/>`

const sanmaInit = `<INIT seed="0,0,0,2,3,132" ten="350,350,350,0" oya="0" ` +
	`hai0="0,1,2,32,33,34,36,37,38,40,41,42,108" hai1="44,45,46,48,49,50,52,53,54,56,57,58,109" ` +
	`hai2="72,73,74,76,77,78,80,81,82,84,85,86,110" hai3=""/>`

const ending = `<AGARI ba="0,0" hai="0,1,2,4,5,6,8,9,10,12,13,14,108,109" machi="109" ten="30,12000,1" yaku="0,1,8,1" doraHai="132" who="0" fromWho="0" sc="250,120,250,-40,250,-40,250,-40" owari="370,47.0,210,-0.9,210,-11.0,210,-35.1"/></mjloggm>`

func decode(t *testing.T, doc string) (*event.Game, error) {
	t.Helper()
	var d Decoder
	var g event.Game
	err := d.Decode([]byte(doc), "test.xml", &g)
	return &g, err
}

func TestDecodeSmallGame(t *testing.T) {
	g, err := decode(t, head+init0+`<T16/><D108/><U109/><E109/><V53/><F110/><W96/><G111/><T109/>`+ending)
	if err != nil {
		t.Fatal(err)
	}
	var types []string
	for _, e := range g.Events {
		types = append(types, e.Type.String())
	}
	want := []string{"game_start", "round_start", "draw", "discard", "draw", "discard", "draw", "discard", "draw", "discard", "draw", "win", "game_end"}
	if d := cmp.Diff(want, types); d != "" {
		t.Errorf("event types (-want +got):\n%s", d)
	}
	m := g.Meta
	if m.Seats[0].Name != "NoName" || m.Seats[1].Name != "あ" || m.Seats[3].Rank != "天鳳" || m.Seats[0].Rate != 2000.5 || m.Seats[1].Sex != 'F' {
		t.Errorf("players: %+v", m.Seats)
	}
	if m.Players != 4 || m.Length != event.EastSouth || m.Rules.Name != "四鳳南喰赤" || m.Rules.RedFives != [3]int8{1, 1, 1} {
		t.Errorf("meta: %+v", m)
	}
	if m.StartingPoints != 25000 {
		t.Errorf("starting points %d", m.StartingPoints)
	}
	// <T16/> is the red 5m; the discards: seat 0 108 is not tsumogiri, seat
	// 1 discards the drawn tile.
	if got := g.Events[2].Tile; got != tile.Red5m {
		t.Errorf("draw of id 16 = %v, want red 5m", got)
	}
	if g.Events[3].Flags&event.Tsumogiri != 0 || g.Events[5].Flags&event.Tsumogiri == 0 {
		t.Errorf("tsumogiri flags wrong: %v %v", g.Events[3].Flags, g.Events[5].Flags)
	}
	r := g.Rounds[0]
	if r.Dice != [2]int8{3, 4} || r.Dealer != 0 || r.Scores[0] != 25000 || r.Dora != tile.Of(tile.Chun) {
		t.Errorf("round: %+v", r)
	}
	w := g.Wins[0]
	if w.Winner != 0 || !w.Tsumo() || w.Points != 12000 || w.Limit != event.Mangan || w.Han != 2 || w.Deltas != [4]int32{12000, -4000, -4000, -4000} {
		t.Errorf("win: %+v", w)
	}
	end := g.End[0]
	if end.Scores != [4]int32{37000, 21000, 21000, 21000} || end.Points != [4]float64{47, -0.9, -11, -35.1} {
		t.Errorf("end: %+v", end)
	}
}

func TestDecodeErrors(t *testing.T) {
	tests := []struct {
		name, doc string
		is        error
		msg       string // part of the message
		round     bool   // the error names a round
	}{
		{"no root", `<foo/>`, event.ErrSyntax, "no <mjloggm>", false},
		{"truncated in a tag", head + init0 + `<T16/><D1`, event.ErrTruncated, "ends inside", true},
		{"no owari", head + init0 + `<T16/><D108/>`, event.ErrTruncated, "no game end", true},
		{"no hands", head, event.ErrTruncated, "before the first hand", false},
		{"unknown element", head + init0 + `<FOO/>`, event.ErrUnsupported, "unknown element <FOO>", true},
		{"tile id out of range", head + init0 + `<T136/>`, event.ErrValue, "out of range", true},
		{"seat 3 in sanma", strings.Replace(head, `type="169"`, `type="185"`, 1) + sanmaInit + `<W99/>`, event.ErrValue, "seat 3", true},
		{"2m in sanma", strings.Replace(head, `type="169"`, `type="185"`, 1) + sanmaInit + `<T4/>`, event.ErrValue, "2m-8m", true},
		{"chi from the wrong seat", head + init0 + `<T16/><D108/><N who="1" m="31006"/>`, event.ErrValue, "not the left", true},
		{"draw before INIT", head + `<T16/>`, event.ErrValue, "before the first INIT", false},
		{"bad REACH step", head + init0 + `<REACH who="0" step="3"/>`, event.ErrValue, "step", true},
		{"dealer mismatch", head + strings.Replace(init0, `oya="0"`, `oya="1"`, 1), event.ErrValue, "dealer", true},
		{"text between elements", head + init0 + `hello`, event.ErrSyntax, "text outside", true},
		{"tile dealt twice", head + strings.Replace(init0, `hai1="36,`, `hai1="0,`, 1), event.ErrValue, "dealt twice", true},
		{"element after the end", head + init0 + `<T16/>` + strings.Replace(ending, `</mjloggm>`, `<T1/>`, 1), event.ErrValue, "after the game end", true},
		{"draws after the end", head + init0 + `<T16/>` + strings.Replace(ending, `</mjloggm>`, `<T1/><D1/><U2/></mjloggm>`, 1), event.ErrValue, "element <T1> after the game end", true},
		{"'<' in a value", head + `<INIT seed="0,0,<T16/>`, event.ErrSyntax, "'<' in attribute value", false},
		{"'<' in a long value", head + `<INIT seed="` + strings.Repeat("0,", 40) + `<T16/>`, event.ErrSyntax, "'<' in attribute value", false},
		{"value without its closing quote", head + `<INIT seed="0,0,0`, event.ErrTruncated, "ends inside", false},
		{"four-digit tile id", head + init0 + `<T1000/>`, event.ErrValue, "out of range", true},
		{"tile tag with a colon in its number", head + init0 + `<T00:/>`, event.ErrSyntax, "malformed draw or discard", true},
		{"tile tag without its slash", head + init0 + `<T16>`, event.ErrSyntax, "not empty", true},
		{"four-digit id in a hand", head + strings.Replace(init0, `hai0="0,`, `hai0="1000,`, 1), event.ErrValue, "out of range", true},
		{"a dealer with a sign", head + strings.Replace(init0, `oya="0"`, `oya="-0"`, 1) + `<T16/></mjloggm>`, event.ErrValue, `oya="-0" is not a seat`, true},
		{"a fourth hand in sanma, first hand", strings.Replace(head, `type="169"`, `type="185"`, 1) + strings.Replace(sanmaInit, `hai3=""`, `hai3="112,113,114,116,117,118,120,121,122,124,125,126,111"`, 1) + `<T3/></mjloggm>`, event.ErrValue, "a hand for seat 3", true},
		{"a fourth hand in sanma, second hand", strings.Replace(head, `type="169"`, `type="185"`, 1) + sanmaInit + `<T3/><D3/>` + strings.Replace(sanmaInit, `hai3=""`, `hai3="112,113,114,116,117,118,120,121,122,124,125,126,111"`, 1) + `<T3/></mjloggm>`, event.ErrValue, "a hand for seat 3", true},
		{"2m in a sanma hand", strings.Replace(head, `type="169"`, `type="185"`, 1) + strings.Replace(sanmaInit, `hai0="0,`, `hai0="4,`, 1), event.ErrValue, "2m-8m", true},
		{"truncated in a riichi's end", head + init0 + strings.Repeat(`<T16/>`, 4) + `<REACH who="0" ten="250,250,250,250" step="1" /`, event.ErrTruncated, "ends inside", true},
		{"truncated in a call's end", head + init0 + strings.Repeat(`<T16/>`, 4) + `<N who="1" m="31006" /`, event.ErrTruncated, "ends inside", true},
		{"list with an empty number", head + strings.Replace(init0, `hai0="0,1,`, `hai0="0,,`, 1), event.ErrValue, "not an integer", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := decode(t, tc.doc)
			var pe *event.Error
			if !errors.As(err, &pe) {
				t.Fatalf("error %v is not an *event.Error", err)
			}
			if !errors.Is(err, tc.is) {
				t.Errorf("error %v does not wrap %v", err, tc.is)
			}
			if !strings.Contains(err.Error(), tc.msg) || !strings.HasPrefix(err.Error(), "test.xml: offset ") {
				t.Errorf("error %q does not start with the path and offset or does not say %q", err, tc.msg)
			}
			if (pe.Hand >= 0) != tc.round {
				t.Errorf("error names round: %v, want %v (%v)", pe.Hand >= 0, tc.round, err)
			}
		})
	}
}

// TestDecodeSpelling decodes documents that differ from the small game
// only in how the markup is spelt, which must not change the events.
func TestDecodeSpelling(t *testing.T) {
	// Two hands, with riichi, a call and a win without owari: the fast
	// paths decode this spelling, the general path the others.
	doc := head + init0 + `<T16/><D108/><REACH who="1" step="1"/><U109/><E109/>` +
		`<REACH who="1" ten="250,240,250,250" step="2"/><N who="2" m="31007" /><V53/><F110/>` +
		`<AGARI ba="0,1" hai="36,37,38,40,41,42,44,45,46,48,49,50,110,110" machi="110" ten="30,1000,0" yaku="1,1" doraHai="132" doraHaiUra="7" who="1" fromWho="2" sc="250,0,240,20,250,-10,250,0" />` +
		strings.NewReplacer(`seed="0,0,0,`, `seed="1,1,0,`, `oya="0"`, `oya="1"`).Replace(init0) + `<U109/><E109/><V53/><F110/><W96/><G111/><T109/>` + ending
	want, err := decode(t, doc)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ name, doc string }{
		{"spaces around = and in lists", strings.NewReplacer(`="`, ` = "`, `,`, `, `).Replace(doc)},
		{"single quotes", strings.ReplaceAll(doc, `"`, `'`)},
		{"line breaks between elements", strings.ReplaceAll(doc, `><`, ">\n  <")},
		{"lower-case tile tags", strings.NewReplacer(`<T16/>`, `<t16/>`, `<D108/>`, `<d108/>`).Replace(doc)},
		{"spaces before />", strings.NewReplacer(`<T16/>`, `<T16 />`, `<D108/>`, `<D108  />`).Replace(doc)},
		{"leading zeros", strings.NewReplacer(`<V53/>`, `<V053/>`, `hai2="72,`, `hai2="072,`).Replace(doc)},
		{"attributes in another order", strings.NewReplacer(`ten="250,250,250,250" oya="0"`, `oya="0" ten="250,250,250,250"`,
			`who="1" fromWho="2"`, `fromWho="2" who="1"`, `who="1" step="1"`, `step="1" who="1"`, `who="2" m="31007"`, `m="31007" who="2"`).Replace(doc)},
		{"no space before a call's />", strings.ReplaceAll(doc, `m="31007" />`, `m="31007"/>`)},
	}
	ignorePos := cmp.FilterPath(func(p cmp.Path) bool { return p.Last().String() == ".Pos" }, cmp.Ignore())
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := decode(t, tc.doc)
			if err != nil {
				t.Fatal(err)
			}
			if d := cmp.Diff(want.Events, got.Events, ignorePos); d != "" {
				t.Errorf("events (-want +got):\n%s", d)
			}
			if d := cmp.Diff(want.Rounds, got.Rounds); d != "" {
				t.Errorf("rounds (-want +got):\n%s", d)
			}
			if d := cmp.Diff(want.Wins, got.Wins); d != "" {
				t.Errorf("wins (-want +got):\n%s", d)
			}
		})
	}
}

// TestDecodeMeldCodes decodes meld codes with known meanings, from
// docs/tenhou-formats.md §1.3 and real logs.
func TestDecodeMeldCodes(t *testing.T) {
	tests := []struct {
		name    string
		code    int
		who     event.Seat
		players int
		typ     event.Type
		kind    event.MeldKind
		from    event.Seat
		tiles   string
		called  string
	}{
		// Chi: v = (suit*7 + start)*3 + called. 0x7C07 >> 10 = 31 = (1*7+3)*3+1:
		// 4p5p6p taking the 5p; copies 0,0,0.
		{"chi 456p taking 5p", 31<<10 | 0x4 | 3, 1, 4, event.Call, event.MeldChi, 0, "406p", "0p"},
		// Pon of 3 North (kind 30), unused copy 1, called index 2, from toimen.
		{"pon of North", (30*3+2)<<9 | 1<<5 | 0x8 | 2, 0, 4, event.Call, event.MeldPon, 2, "444z", "4z"},
		// Added kan: the same with bit 4 instead of bit 3.
		{"added kan of North", (30*3+2)<<9 | 1<<5 | 0x10 | 2, 0, 4, event.AddedKan, event.MeldAddedKan, 2, "4444z", "4z"},
		// Closed kan of 5s (kind 22, id 88..91): id 88 in bits 8-15.
		{"closed kan of 5s", 88 << 8, 3, 4, event.ClosedKan, event.MeldClosedKan, event.NoSeat, "5550s", ""},
		// Open kan of 1m from kamicha, called id 2.
		{"open kan of 1m", 2<<8 | 3, 1, 4, event.Call, event.MeldOpenKan, 0, "1111m", "1m"},
		// Kita: North id 121, low byte 0x20.
		{"kita", 121<<8 | 0x20, 2, 3, event.Kita, event.MeldKita, event.NoSeat, "4z", ""},
		// Sanma pon: who 0 with from 2 is seat 2.
		{"sanma pon from seat 2", (31*3)<<9 | 0x8 | 2, 0, 3, event.Call, event.MeldPon, 2, "555z", "5z"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dm, err := decodeMeld(tc.code, tc.who, tc.players, true)
			if err != nil {
				t.Fatal(err)
			}
			if dm.typ != tc.typ || dm.meld.Kind != tc.kind || dm.meld.From != tc.from {
				t.Errorf("got %v %v from %d, want %v %v from %d", dm.typ, dm.meld.Kind, dm.meld.From, tc.typ, tc.kind, tc.from)
			}
			if got := tile.FormatTiles(dm.meld.Slice()); got != tc.tiles {
				t.Errorf("tiles %s, want %s", got, tc.tiles)
			}
			if got := dm.meld.CalledTile(); tc.called != "" && got.String() != tc.called {
				t.Errorf("called %v, want %s", got, tc.called)
			}
		})
	}
	bad := []struct {
		name    string
		code    int
		players int
	}{
		{"chi in sanma", 31<<10 | 0x4 | 3, 3},
		{"chi base out of range", 63<<10 | 0x4 | 3, 4},
		{"kita in four-player", 121<<8 | 0x20, 4},
		{"kita of a non-North", 100<<8 | 0x20, 3},
		{"pon kind out of range", (34*3)<<9 | 0x8 | 1, 4},
		{"kan tile out of range", 200<<8 | 1, 4},
		{"pon without discarder", 3<<9 | 0x8, 4},
		{"sanma pon of 5m", (4*3)<<9 | 0x8 | 1, 3},
	}
	for _, tc := range bad {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := decodeMeld(tc.code, 0, tc.players, true); err == nil {
				t.Errorf("meld code %d decoded without error", tc.code)
			}
		})
	}
}

func TestConsolePrompts(t *testing.T) {
	prompt := "\n\xcf\xb5\xcd\xb3\xce\xde\xb7\xa8\xbd\xd3\xca\xdc\xca\xe4\xc8\xeb\xb5\xc4\xca\xb1\xbc\xe4\xa1\xa3\n\xca\xe4\xc8\xeb\xd0\xc2\xca\xb1\xbc\xe4: "
	clean := head + init0 + `<T16/><D108/><U109/><E109/><V53/><F110/><W96/><G111/><T109/>` + ending
	// Insert the prompt inside a name, a number, a tag name and between
	// elements.
	dirty := strings.Replace(clean, "%4E%6F", "%4"+prompt+"E%6F", 1)
	dirty = strings.Replace(dirty, "<U109/>", "<U1"+prompt+"09/>", 1)
	dirty = strings.Replace(dirty, "<AGARI", "<AG"+prompt+"ARI", 1)
	dirty = strings.Replace(dirty, "<F110/>", "<F110/>"+prompt, 1)
	want, err := decode(t, clean)
	if err != nil {
		t.Fatal(err)
	}
	got, err := decode(t, dirty)
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Meta.Warnings) != 1 || !strings.Contains(got.Meta.Warnings[0], "removed 4 console prompts") {
		t.Errorf("warnings %q", got.Meta.Warnings)
	}
	got.Meta.Warnings = nil
	// Offsets differ (they refer to the cleaned text); compare the rest.
	for i := range got.Events {
		got.Events[i].Pos = event.Pos{}
	}
	for i := range want.Events {
		want.Events[i].Pos = event.Pos{}
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("game with prompts differs (-clean +dirty):\n%s", d)
	}
	// A non-ASCII byte that is not a prompt is left alone and reported.
	if _, err := decode(t, strings.Replace(clean, "<U109/>", "<U1\xff09/>", 1)); err == nil {
		t.Error("stray non-ASCII byte inside a tag decoded without error")
	}
}

// TestDecodeEveryPrefix decodes every prefix of a few fixture logs (a
// tonpuusen with calls and riichi, a sanma, one with pao and one from the
// SHUFFLE-on-INIT era), with and without the fast paths: every cut must
// give the same events and the same error, and none may panic. Cuts inside
// an element are where the fast paths read ahead.
func TestDecodeEveryPrefix(t *testing.T) {
	files := []string{
		"mjx__upd-aft-draw-discard-draw.mjlog",
		"msanma__2026012212gm-00b9-0000-ca9dc61e.xml",
		"pantheon__pao_tsumo.xml",
		"waxmango__2009030817gm-00e1-0000-890a2fc2.txt",
	}
	b := newBothPaths()
	for _, f := range files {
		data, err := os.ReadFile(corpus.Fixture(t, "mjlog/"+f))
		if err != nil {
			t.Fatal(err)
		}
		for n := range len(data) + 1 {
			// A copy with no spare capacity, so that reading past the
			// end panics.
			doc := bytes.Clone(data[:n])
			if _, diff := b.decode(doc, f); diff != "" {
				t.Fatalf("%s cut at %d: %s", f, n, diff)
			}
		}
	}
}

// TestFastPathsValues changes the value of every attribute of two small
// games (four-player and sanma, with calls, riichi, wins and a second hand
// start) in the ways a log may get them wrong or spell them otherwise — a
// sign, a space, a leading zero, an empty value, one number more, a huge
// number — one at a time, and decodes each with and without the fast
// paths: the results, errors included, must be the same. The corpus and
// the fuzzer rarely reach these cases.
func TestFastPathsValues(t *testing.T) {
	hand := `<T16/><D108/><N who="1" m="31007" /><REACH who="2" step="1"/><U109/>` +
		`<REACH who="2" ten="250,250,240,250" step="2"/><V53/>` +
		`<AGARI ba="0,1" hai="36,37,38,40,41,42,44,45,46,48,49,50,110,110" m="31007" machi="110" ten="30,1000,0" yaku="1,1" doraHai="132" doraHaiUra="7" who="1" fromWho="2" sc="250,0,240,20,250,-10,250,0" />`
	second := strings.NewReplacer(`seed="0,0,0,`, `seed="1,1,0,`, `oya="0"`, `oya="1"`).Replace(init0)
	sanmaHead := strings.Replace(head, `type="169"`, `type="185"`, 1)
	docs := []string{
		head + init0 + hand + second + `<T16/>` + ending,
		sanmaHead + sanmaInit + `<T3/><D3/><REACH who="2" step="1"/><V53/>` +
			`<AGARI ba="0,0" hai="0,1,2,32,33,34,36,37,38,40,41,42,108,108" machi="108" ten="30,12000,1" yaku="0,1,8,1" doraHai="132" who="0" fromWho="0" sc="350,120,350,-60,350,-60,0,0" owari="470,57.0,290,-21.0,290,-36.0,0,0"/>` +
			`</mjloggm>`,
	}
	mutations := []func(v string) string{
		func(v string) string { return "-" + v },
		func(v string) string { return "+" + v },
		func(v string) string { return " " + v },
		func(v string) string { return "0" + v },
		func(v string) string { return "" },
		func(v string) string { return v + ",5" },
		func(v string) string { return v + "," },
		func(v string) string { return "1234567890" },
		func(v string) string { return strings.Replace(v, ",", ",-", 1) },
		func(v string) string { return strings.Replace(v, "0", "00", 1) },
		func(v string) string { return v + "," + v },
		// An empty value (sanma's fourth hand) filled.
		func(v string) string {
			if v == "" {
				return "112,113,114,116,117,118,120,121,122,124,125,126,111"
			}
			return v
		},
	}
	for i, doc := range docs {
		if _, err := decode(t, doc); err != nil {
			t.Fatalf("doc %d: %v", i, err)
		}
	}
	value := regexp.MustCompile(`="[^"]*"`)
	b := newBothPaths()
	cases := 0
	for di, doc := range docs {
		for _, loc := range value.FindAllStringIndex(doc, -1) {
			v := doc[loc[0]+2 : loc[1]-1]
			for mi, mutate := range mutations {
				mutated := doc[:loc[0]+2] + mutate(v) + doc[loc[1]-1:]
				cases++
				if _, diff := b.decode([]byte(mutated), "test.xml"); diff != "" {
					t.Errorf("doc %d, value %q at %d, mutation %d: %s", di, v, loc[0], mi, diff)
				}
			}
		}
	}
	t.Logf("%d mutated documents", cases)
}

// TestDecodeMeldOrder decodes every meld code, with and without red fives,
// and requires the tiles in the order sortIDs gives: decodeMeld sorts only
// when a red five can be out of place.
func TestDecodeMeldOrder(t *testing.T) {
	for _, players := range []int{3, 4} {
		for _, reds := range []bool{false, true} {
			for code := range 0x10000 {
				dm, err := decodeMeld(code, 0, players, reds)
				if err != nil {
					continue
				}
				ids := dm.meld.IDs
				want := ids
				sortIDs(want[:dm.meld.N], reds)
				if ids != want {
					t.Fatalf("code %d (players %d, reds %v): ids %v, sorted %v", code, players, reds, ids[:dm.meld.N], want[:dm.meld.N])
				}
			}
		}
	}
}

// bothPaths decodes with and without the fast paths, for the tests that
// hold the fast paths to the general path's results.
type bothPaths struct {
	fast, general Decoder
	g, gg         event.Game // fast's game and general's
}

func newBothPaths() *bothPaths {
	b := new(bothPaths)
	b.general.general = true
	return b
}

// decode decodes data both ways. It returns the fast paths' error and, when
// the two disagree (on the error's text or on anything in the game), what
// differs; "" when they agree.
func (b *bothPaths) decode(data []byte, path string) (err error, diff string) {
	err = b.fast.Decode(data, path, &b.g)
	gerr := b.general.Decode(data, path, &b.gg)
	if fmt.Sprint(err) != fmt.Sprint(gerr) {
		return err, fmt.Sprintf("error %v, without the fast paths %v", err, gerr)
	}
	if !reflect.DeepEqual(&b.g, &b.gg) {
		for i := range min(len(b.g.Events), len(b.gg.Events)) {
			if b.g.Events[i] != b.gg.Events[i] {
				return err, fmt.Sprintf("event %d is %+v, without the fast paths %+v", i, b.g.Events[i], b.gg.Events[i])
			}
		}
		return err, "the fast paths decode differently from the general path"
	}
	return err, ""
}

// TestGOTitle: a custom lobby's GO title is the game's title, and stays
// among the rule's attributes.
func TestGOTitle(t *testing.T) {
	doc := strings.Replace(head, `<GO type="169" lobby="0"/>`, `<GO type="169" lobby="1234" title="%E5%A4%A7%E4%BC%9A"/>`, 1)
	g, err := decode(t, doc+init0+`<T16/><D108/><U109/><E109/><V53/><F110/><W96/><G111/><T109/>`+ending)
	if err != nil {
		t.Fatal(err)
	}
	if g.Meta.Title != "大会" || len(g.Meta.Rules.Extra) != 1 || g.Meta.Rules.Extra[0] != (event.KeyValue{Key: "title", Value: "大会"}) {
		t.Errorf("title %q, rule attributes %v", g.Meta.Title, g.Meta.Rules.Extra)
	}
}

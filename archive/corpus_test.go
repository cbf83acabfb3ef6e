package archive

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/internal/corpus"
)

// Independent counts over a listing's raw bytes: log= links, bare id lines,
// <br>-ended records, list.js entries.
var (
	logLink = regexp.MustCompile(`log=(\d{10}gm-[0-9a-f]{4}-\d{4,5}-[0-9a-fx]+)`)
	idLine  = regexp.MustCompile(`(?m)^(\d{10}gm-[0-9a-f]{4}-\d{4,5}-[0-9a-f]{8})\r?$`)
	noteIDs = regexp.MustCompile(`(\d+) distinct log ids`)
)

// distinct returns the number of distinct first submatches of re in data.
func distinct(re *regexp.Regexp, data []byte) int {
	seen := map[string]bool{}
	for _, m := range re.FindAllSubmatch(data, -1) {
		seen[string(m[1])] = true
	}
	return len(seen)
}

// TestCorpusArchiveIndex reads every listing of the corpus's archive-index/
// and checks, for each, that nothing fails and that the records agree with
// counts made over the raw bytes without the package: the distinct log ids
// with the distinct log= links (or, in bare lists, the id lines) and with
// the manifest's note; games with <br> records or lines; files with list.js
// entries or the raw/ page's links. Each file gzip-compressed must give the
// same records. The counts are logged for the report.
func TestCorpusArchiveIndex(t *testing.T) {
	dir := corpus.Dir(t)
	notes := map[string]string{}
	entries, err := corpus.Manifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		notes[e.File] = e.Note
	}
	files := corpus.Files(t, "archive-index/*")
	if len(files) != 20 {
		t.Errorf("%d files in archive-index/, want 20", len(files))
	}
	for _, path := range files {
		name := filepath.Base(path)
		t.Run(name, func(t *testing.T) {
			raw, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			plain, err := corpus.ReadFile(path) // gunzipped
			if err != nil {
				t.Fatal(err)
			}
			ix, err := readIndex(name, raw)
			if err != nil {
				t.Fatalf("readIndex: %v", err)
			}
			ids := len(ix.ids())
			want := distinct(logLink, plain)
			if want == 0 {
				want = distinct(idLine, plain)
			}
			if ids != want {
				t.Errorf("%d distinct log ids, %d in the raw bytes", ids, want)
			}
			if m := noteIDs.FindStringSubmatch(notes["archive-index/"+name]); m == nil {
				t.Errorf("manifest note %q has no id count", notes["archive-index/"+name])
			} else if n, _ := strconv.Atoi(m[1]); n != ids {
				t.Errorf("%d distinct log ids, the manifest says %d", ids, n)
			}
			var games, files int
			switch {
			case bytes.HasPrefix(plain, []byte("list(")):
				files = bytes.Count(plain, []byte("file:"))
			case bytes.Contains(plain, []byte("<html")):
				// Distinct links to yearly zips and to the file index.
				seen := map[string]bool{}
				for _, m := range regexp.MustCompile(`href="([^"]*(?:scraw\d{4}\.zip|list\.cgi[^"]*))"`).FindAllSubmatch(plain, -1) {
					seen[string(m[1])] = true
				}
				files = len(seen)
			case bytes.Contains(plain, []byte("<br>")):
				games = bytes.Count(plain, []byte("<br>"))
			default:
				games = len(strings.Fields(string(plain))) // one id per line
				if bytes.Contains(plain, []byte("|")) {
					games = bytes.Count(bytes.TrimSpace(plain), []byte("\n")) + 1
				}
			}
			if len(ix.Games) != games || len(ix.Files) != files {
				t.Errorf("%d games and %d files, want %d and %d", len(ix.Games), len(ix.Files), games, files)
			}
			lines := strings.Split(string(plain), "\n")
			for i := range ix.Games {
				g := &ix.Games[i]
				if g.Source != name || g.Line < 1 {
					t.Errorf("game %d: source %q line %d", i, g.Source, g.Line)
				}
				// The link's id must be on the record's line.
				if g.ID.ID != "" {
					if g.Line > len(lines) || !strings.Contains(lines[g.Line-1], g.ID.ID) {
						t.Errorf("game %d: id %s is not on line %d", i, g.ID.ID, g.Line)
					}
					if !g.Start.IsZero() && g.Start.Hour() != g.ID.Start.Hour() {
						t.Errorf("game %d: start %v, id hour %v", i, g.Start, g.ID.Start)
					}
					if g.Lobby != "" && g.Lobby != LobbyName(g.ID) {
						t.Errorf("game %d: lobby %s, the id's %s", i, g.Lobby, LobbyName(g.ID))
					}
				}
				if g.Players != nil && len(g.Players) != g.Rule.Players {
					t.Errorf("game %d: %d players for %s", i, len(g.Players), g.RuleText)
				}
			}
			// The same file gzip-compressed gives the same records.
			if !bytes.HasPrefix(raw, []byte("\x1f\x8b")) {
				gz, err := readIndex(name+".gz", gzipBytes(t, raw))
				if err != nil {
					t.Fatalf("readIndex of the gzip: %v", err)
				}
				for i := range gz.Games {
					gz.Games[i].Source = name
				}
				for i := range gz.Files {
					gz.Files[i].Source = name
				}
				if diff := cmp.Diff(ix, gz); diff != "" {
					t.Errorf("the gzip-compressed file gives other records (-plain +gzip):\n%s", diff)
				}
			}
			t.Logf("%s: %d games, %d files, %d distinct ids, %d independently counted", name, len(ix.Games), len(ix.Files), ids, want)
		})
	}
}

// TestCorpusArchiveIndexRecords checks whole records of chosen corpus lines:
// names with parentheses and HTML entities, chips, a record split over two
// lines, a missing space between players, a tournament lobby.
func TestCorpusArchiveIndexRecords(t *testing.T) {
	const (
		no  = event.FlagNo
		yes = event.FlagYes
		unk = event.FlagUnknown
	)
	tests := []struct {
		file string
		want Game
	}{{
		file: "hououdb__test.gz",
		want: Game{Line: 4, Listing: "scc", ID: mustID("2019031015gm-00b9-0000-0d1879f7"),
			Start: jst(2019, 3, 10, 15, 3), Clock: "15:03", RuleText: "三鳳南喰赤－", Rule: rule("三鳳南喰赤－", no), Minutes: 9,
			Players: []Player{pl("広瀬すず(本人)", 41), pl("mas_", -8), pl("サンノジ", -33)}},
	}, {
		file: "dnov__scc20120404.html",
		want: Game{Line: 1, Listing: "scc", ID: mustID("2012040412gm-00e1-0000-d0129be5"),
			Start: jst(2012, 4, 4, 12, 20), Clock: "12:20", RuleText: "四鳳東喰赤－", Rule: rule("四鳳東喰赤－", yes), Minutes: 13,
			Players: []Player{pl("チーター", 46), pl("里中静流", 2), pl("Lask&Yu", -19), pl("きょうしろう", -29)}},
	}, {
		file: "dnov__sce20180101.html",
		want: Game{Line: 1, Listing: "sce", ID: mustID("2018010122gm-0229-0000-cae7ad45"),
			Start: jst(2018, 1, 1, 22, 27), Clock: "22:27", RuleText: "四琥南喰赤祝２", Rule: rule("四琥南喰赤祝２", no), Minutes: 24,
			Players: []Player{pc("DERESUKE", 64, 12), pc("siruneko", 10, -1), pc("リツミサン", -19, -3), pc("群青日和＠", -55, -8)}},
	}, {
		// Split over lines 3 and 4 between two players.
		file: "dnov__scc.html",
		want: Game{Line: 3, Listing: "scc", ID: mustID("2018092823gm-00a9-0000-3e233540"),
			Start: jst(2018, 9, 28, 23, 2), Clock: "23:02", RuleText: "四鳳南喰赤－", Rule: rule("四鳳南喰赤－", no), Minutes: 28,
			Players: []Player{pl("ドジャース", 42), pl("tori0612", 9), pl("ゆきさん。", -12), pl("たくじろう", -39)}},
	}, {
		// No space between the third and fourth players.
		file: "dnov__scc.html",
		want: Game{Line: 6, Listing: "scc", ID: mustID("2018092823gm-00a9-0000-2735720b"),
			Start: jst(2018, 9, 28, 23, 5), Clock: "23:05", RuleText: "四鳳南喰赤－", Rule: rule("四鳳南喰赤－", no), Minutes: 44,
			Players: []Player{pl("ち'んぽっぽ", 41), pl("時を刻む唄", 5), pl("ほーりー", -16), pl("ふたば", -30)}},
	}, {
		// ASCII parentheses in a name.
		file: "dnov__scc.html",
		want: Game{Line: 8, Listing: "scc", ID: mustID("2018092823gm-00a9-0000-64b7a22b"),
			Start: jst(2018, 9, 28, 23, 8), Clock: "23:08", RuleText: "四鳳南喰赤－", Rule: rule("四鳳南喰赤－", no), Minutes: 31,
			Players: []Player{pl("salaman", 59), pl("＼(＾o＾)／★", 7), pl("たがやす", -19), pl("めんたんo", -47)}},
	}, {
		// Split over lines 11 and 12 inside a name.
		file: "dnov__scc.html",
		want: Game{Line: 11, Listing: "scc", ID: mustID("2018092823gm-00a9-0000-5fc2633e"),
			Start: jst(2018, 9, 28, 23, 9), Clock: "23:09", RuleText: "四鳳南喰赤－", Rule: rule("四鳳南喰赤－", no), Minutes: 31,
			Players: []Player{pl("フツウの恋の結末", 57), pl("fm44", 6), pl("akaaka", -26), pl("眼科医", -37)}},
	}, {
		file: "dnov__scf.log",
		want: Game{Line: 1, Listing: "scf", ID: mustID("2015122220gm-0009-10431-355ea9f0"),
			Start: jst(2015, 12, 22, 20, 8), Clock: "20:08", Lobby: "C0431", RuleText: "四般南喰赤－", Rule: rule("四般南喰赤－", no), Minutes: -1,
			Players: []Player{pl("Ⓟ豊後葵", 56), pl("【罪歌】", 10), pl("Ⓟ小川裕之", -20), pl("みかん太", -46)}},
	}, {
		file: "dnov__scb.log",
		want: Game{Line: 3, Listing: "scb", Clock: "00:00", RuleText: "四般南喰赤－", Rule: rule("四般南喰赤－", unk), Minutes: 25,
			Players: []Player{pl("m9(-Д-)", 52), pl("insigne", 6), pl("Rocks12", -24), pl("ちっつー", -34)}},
	}, {
		file: "dnov__scd.log",
		want: Game{Line: 9, Listing: "scd", Clock: "00:26", RuleText: "三若東喰赤祝５", Rule: rule("三若東喰赤祝５", unk), Minutes: 5,
			Players: []Player{pc("シロウー", 58, 13), pc("cruyff", 3, -4), pc("qzc", -61, -9)}},
	}, {
		file: "dnov__sca.log",
		want: Game{Line: 1, Listing: "sca", Clock: "15:24", Lobby: "L1001", RuleText: "三般南喰赤－", Rule: rule("三般南喰赤－", unk), Minutes: -1,
			Players: []Player{pl("ケモさん", 95), pl("セネ.", -27), pl("鰐吉", -68)}},
	}, {
		file: "dnov__sce.log",
		want: Game{Line: 1, Listing: "sce", ID: mustID("2015123000gm-0841-0000-ded2fef2"),
			Start: jst(2015, 12, 30, 0, 10), Clock: "00:10", RuleText: "四技－喰赤－", Rule: rule("四技－喰赤－", yes), Minutes: 2,
			Players: []Player{pl("DERESUKE", 3.7), pl("放銃王４", -0.7), pl("豪雪地帯", -1.3), pl("〓アナスタシア〓", -1.7)}},
	}, {
		file: "sdorica__mjlog_pf4-20_n24.txt",
		want: Game{Line: 1, ID: mustID("2023071820gm-0089-0000-1a1ab571"),
			Start: jst(2023, 7, 18, 20, 0), Rule: RuleOfType(0x89), Minutes: -1},
	}}
	dir := corpus.Dir(t)
	for _, tt := range tests {
		t.Run(tt.file+":"+strconv.Itoa(tt.want.Line), func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join(dir, "archive-index", tt.file))
			if err != nil {
				t.Fatal(err)
			}
			ix, err := readIndex(tt.file, data)
			if err != nil {
				t.Fatal(err)
			}
			tt.want.Source = tt.file
			for _, g := range ix.Games {
				if g.Line == tt.want.Line {
					if diff := cmp.Diff(tt.want, g); diff != "" {
						t.Errorf("(-want +got):\n%s", diff)
					}
					return
				}
			}
			t.Errorf("no record at line %d", tt.want.Line)
		})
	}
}

// TestCorpusArchiveIndexZip builds a yearly zip from the corpus's listings
// (plain and gzip-compressed members) and checks that it gives the records
// of the listings read one by one, with Member set.
func TestCorpusArchiveIndexZip(t *testing.T) {
	var members []zipMember
	var want []Game
	for i, path := range corpus.Files(t, "archive-index/dnov__sc*") {
		data, err := corpus.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		m := zipMember{name: "2015/" + strings.TrimPrefix(filepath.Base(path), "dnov__"), data: data, gz: i%2 == 1}
		if m.gz {
			m.name += ".gz"
		}
		members = append(members, m)
		ix, err := readIndex(m.name, data)
		if err != nil {
			t.Fatal(err)
		}
		for _, g := range ix.Games {
			g.Source, g.Member = "scraw2015.zip", m.name
			want = append(want, g)
		}
	}
	ix, err := readIndex("scraw2015.zip", makeZip(t, members))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, ix.Games); diff != "" {
		t.Errorf("games of the zip (-want +got):\n%s", diff)
	}
	t.Logf("%d members, %d games", len(members), len(ix.Games))
}

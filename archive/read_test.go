package archive

import (
	"archive/zip"
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/source"
)

// jst returns a time in Japan time.
func jst(y int, mo time.Month, d, h, m int) time.Time {
	return time.Date(y, mo, d, h, m, 0, 0, japanTime)
}

// pl is a player entry without chips, pc one with.
func pl(name string, points float64) Player { return Player{Name: name, Points: points} }
func pc(name string, points float64, chips int) Player {
	return Player{Name: name, Points: points, Chips: chips, HasChips: true}
}

// mustID parses a log id or panics (test inputs only).
func mustID(s string) event.TenhouID {
	id, err := parseID(s)
	if err != nil {
		panic(err)
	}
	return id
}

// rule parses a rule column and sets Fast, or panics (test inputs only).
func rule(col string, fast event.Flag) Rule {
	r, err := ParseRule(col)
	if err != nil {
		panic(err)
	}
	r.Fast = fast
	return r
}

// readResult is what Read gave: the records and the errors as
// "position: sentinel" strings.
type readResult struct {
	Records []Record
	Errors  []string
}

// sentinels are the errors a read error is expected to wrap.
var sentinels = []error{
	ErrForm, ErrColumns, ErrClock, ErrMinutes, ErrLobby, ErrLink, ErrPlayers,
	ErrEncoding, ErrTooLarge, ErrCompressed, ErrRule, ErrLogID,
}

// readAll runs Read and sorts what it yields into a readResult. Errors are
// written "file:member:line: sentinel", from the *Error's fields (not its
// message), so the tests check positions and kinds.
func readAll(t *testing.T, name string, data []byte) readResult {
	t.Helper()
	var res readResult
	for r, err := range Read(name, data) {
		if err != nil {
			if r != nil {
				t.Errorf("Read yields a record %v with the error %v", r, err)
			}
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("error %v is not an *Error", err)
			}
			kind := "?"
			for _, s := range sentinels {
				if errors.Is(err, s) {
					kind = s.Error()
					break
				}
			}
			res.Errors = append(res.Errors, fmt.Sprintf("%s:%s:%d: %s", e.File, e.Member, e.Line, kind))
			continue
		}
		res.Records = append(res.Records, r)
	}
	return res
}

func TestRead(t *testing.T) {
	const (
		yes = event.FlagYes
		no  = event.FlagNo
		unk = event.FlagUnknown
	)
	tests := []struct {
		name string // the file name given to Read
		in   string
		want readResult
	}{{
		// The HTML form: a link, escaped names, names with parentheses, a
		// record split over two lines, a missing space between entries.
		name: "scc20240102.html",
		in: `00:05 | 28 | 四鳳南喰赤－ | <a href="http://tenhou.net/0/?log=2024010200gm-00a9-0000-0123abcd">牌譜</a> | A&amp;B(+42.0) 名前(本人)(+5.0) &lt;x&gt;(-17.0)
C(D)E(-30.0)<br>
01:10 | 12 | 三鳳東喰赤－ | <a href="https://tenhou.net/0/?log=2024010201gm-00f1-0000-89abcdef&amp;tw=1">牌譜</a> | 一(+50.0)二(-10.0) 三
四(-40.0)<br>
`,
		want: readResult{Records: []Record{
			&Game{
				Source: "scc20240102.html", Line: 1, Listing: "scc",
				ID:    mustID("2024010200gm-00a9-0000-0123abcd"),
				Start: jst(2024, 1, 2, 0, 5), Clock: "00:05", RuleText: "四鳳南喰赤－",
				Rule: rule("四鳳南喰赤－", no), Minutes: 28,
				Players: []Player{pl("A&B", 42), pl("名前(本人)", 5), pl("<x>", -17), pl("C(D)E", -30)},
			},
			&Game{
				Source: "scc20240102.html", Line: 3, Listing: "scc",
				ID:    mustID("2024010201gm-00f1-0000-89abcdef"),
				Start: jst(2024, 1, 2, 1, 10), Clock: "01:10", RuleText: "三鳳東喰赤－",
				Rule: rule("三鳳東喰赤－", yes), Minutes: 12,
				Players: []Player{pl("一", 50), pl("二", -10), pl("三四", -40)},
			},
		}},
	}, {
		// The id decides the date, the line the time of day.
		name: "scc20240102.html.gz",
		in:   "23:59 | 28 | 四鳳南喰赤－ | <a href=\"http://tenhou.net/0/?log=2024010300gm-00a9-0000-0123abcd\">牌譜</a> | a(+42.0) b(+5.0) c(-17.0) d(-30.0)<br>\r\n",
		want: readResult{Records: []Record{
			&Game{
				Source: "scc20240102.html.gz", Line: 1, Listing: "scc",
				ID:    mustID("2024010300gm-00a9-0000-0123abcd"),
				Start: jst(2024, 1, 2, 23, 59), Clock: "23:59", RuleText: "四鳳南喰赤－",
				Rule: rule("四鳳南喰赤－", no), Minutes: 28,
				Players: []Player{pl("a", 42), pl("b", 5), pl("c", -17), pl("d", -30)},
			},
		}},
	}, {
		// scf: a lobby and a link, no minutes.
		name: "scf20151222.html",
		in:   `C0431 | 20:08 | 四般南喰赤－ | <a href="http://tenhou.net/0/?log=2015122220gm-0009-10431-0123abcd">牌譜</a> | Ⓟa(+56.0) 【b】(+10.0) c(-20.0) d(-46.0)<br>`,
		want: readResult{Records: []Record{
			&Game{
				Source: "scf20151222.html", Line: 1, Listing: "scf",
				ID:    mustID("2015122220gm-0009-10431-0123abcd"),
				Start: jst(2015, 12, 22, 20, 8), Clock: "20:08", Lobby: "C0431", RuleText: "四般南喰赤－",
				Rule: rule("四般南喰赤－", no), Minutes: -1,
				Players: []Player{pl("Ⓟa", 56), pl("【b】", 10), pl("c", -20), pl("d", -46)},
			},
		}},
	}, {
		// sce with chips; the listing type inferred when the name has none.
		name: "phoenix-and-more.txt",
		in: `22:27 | 24 | 四琥南喰赤祝２ | <a href="http://tenhou.net/0/?log=2018010122gm-0229-0000-cae7ad00">牌譜</a> | D(+64.0,+12枚) s(+10.0,-1枚) r(-19.0,-3枚) g＠(-55.0,-8枚)<br>
`,
		want: readResult{Records: []Record{
			&Game{
				Source: "phoenix-and-more.txt", Line: 1, Listing: "sce",
				ID:    mustID("2018010122gm-0229-0000-cae7ad00"),
				Start: jst(2018, 1, 1, 22, 27), Clock: "22:27", RuleText: "四琥南喰赤祝２",
				Rule: rule("四琥南喰赤祝２", no), Minutes: 24,
				Players: []Player{pc("D", 64, 12), pc("s", 10, -1), pc("r", -19, -3), pc("g＠", -55, -8)},
			},
		}},
	}, {
		// sca: plain lines with a lobby; names are not unescaped; a bad
		// line in the middle is an error at its line and the rest is read.
		name: "2024/sca20240102.log",
		in: "L1234 | 15:24 | 三般南喰赤－ | x&amp;y(+95.0) m9(-Д-)(-27.0) z(-68.0)\n" +
			"L1234 | 15:35 | 三般南喰赤 | a(+95.0) b(-27.0)\n" +
			"\n" +
			"L1234 | 25:35 | 三般南喰赤－ | a(+95.0) b(-27.0) c(-68.0)\n" +
			"L1234 | 15:40 | 三般南喰赤－ | a(+95.0) b(-27.0) c(-68.0)",
		want: readResult{
			Records: []Record{
				&Game{
					Source: "2024/sca20240102.log", Line: 1, Listing: "sca",
					Start: jst(2024, 1, 2, 15, 24), Clock: "15:24", Lobby: "L1234", RuleText: "三般南喰赤－",
					Rule: rule("三般南喰赤－", unk), Minutes: -1,
					Players: []Player{pl("x&amp;y", 95), pl("m9(-Д-)", -27), pl("z", -68)},
				},
				&Game{
					Source: "2024/sca20240102.log", Line: 5, Listing: "sca",
					Start: jst(2024, 1, 2, 15, 40), Clock: "15:40", Lobby: "L1234", RuleText: "三般南喰赤－",
					Rule: rule("三般南喰赤－", unk), Minutes: -1,
					Players: []Player{pl("a", 95), pl("b", -27), pl("c", -68)},
				},
			},
			Errors: []string{
				"2024/sca20240102.log::2: bad player column", // 三 with two players
				"2024/sca20240102.log::4: bad start time",
			},
		},
	}, {
		// scd: chips; an hourly file name gives the date.
		name: "scd2010101412.log",
		in:   "12:02 | 08 | 三若東喰赤祝５ | c(+70.0,+5枚) a(-20.0,-3枚) q(-50.0,0枚)\r\n",
		want: readResult{Records: []Record{
			&Game{
				Source: "scd2010101412.log", Line: 1, Listing: "scd",
				Start: jst(2010, 10, 14, 12, 2), Clock: "12:02", RuleText: "三若東喰赤祝５",
				Rule: rule("三若東喰赤祝５", unk), Minutes: 8,
				Players: []Player{pc("c", 70, 5), pc("a", -20, -3), pc("q", -50, 0)},
			},
		}},
	}, {
		// scb inferred: no lobby, no link, no chips.
		name: "ranked.log",
		in:   "00:00 | 12 | 四般東－－－ | a(+55.0) b(+13.0) c(-23.0) d(-45.0)\n",
		want: readResult{Records: []Record{
			&Game{
				Source: "ranked.log", Line: 1, Listing: "scb",
				Clock: "00:00", RuleText: "四般東－－－",
				Rule: rule("四般東－－－", unk), Minutes: 12,
				Players: []Player{pl("a", 55), pl("b", 13), pl("c", -23), pl("d", -45)},
			},
		}},
	}, {
		// Errors of the HTML form, each at its line.
		name: "scc20240102.html",
		in: `00:05 | 28 | 四鳳南喰赤－ | <a href="http://tenhou.net/0/?nolog=1">牌譜</a> | a(+42.0) b(+5.0) c(-17.0) d(-30.0)<br>
00:05 | 28 | 四鳳南喰赤－ | <a href="http://tenhou.net/0/?log=2024010200gm-00a9-0000-0123abc">牌譜</a> | a(+42.0) b(+5.0) c(-17.0) d(-30.0)<br>
00:05 | 2x | 四鳳南喰赤－ | <a href="http://tenhou.net/0/?log=2024010200gm-00a9-0000-0123abcd">牌譜</a> | a(+42.0) b(+5.0) c(-17.0) d(-30.0)<br>
00:05 | 28 | 四鳳南喰赤－ | <a href="http://tenhou.net/0/?log=2024010200gm-00a9-0000-0123abcd">牌譜</a><br>
00:05 | 28 | 四鳳南喰赤－ | <a href="http://tenhou.net/0/?log=2024010200gm-00a9-0000-0123abcd">牌譜</a> | a(+42.0) b(+5.0) c(-17.0) d(-30.0) e<br>
X1234 | 28 | 四鳳南喰赤－ | <a href="http://tenhou.net/0/?log=2024010200gm-00a9-0000-0123abcd">牌譜</a> | a(+42.0) b(+5.0) c(-17.0) d(-30.0)<br>
L12 | 00:05 | 四鳳南喰赤－ | <a href="http://tenhou.net/0/?log=2024010200gm-00a9-0000-0123abcd">牌譜</a> | a(+42.0) b(+5.0) c(-17.0) d(-30.0)<br>
00:05 | 28 | 四鳳南喰赤－ | <a href="http://tenhou.net/0/?log=2024010200gm-00a9-0000-0123abcd">牌譜</a> | (+42.0) b(+5.0) c(-17.0) d(-30.0)<br>
`,
		want: readResult{Errors: []string{
			"scc20240102.html::1: bad log link",
			"scc20240102.html::2: bad log link",
			"scc20240102.html::3: bad game length",
			"scc20240102.html::4: wrong number of columns",
			"scc20240102.html::5: bad player column",
			"scc20240102.html::6: bad start time",
			"scc20240102.html::7: bad lobby",
			"scc20240102.html::8: bad player column",
		}},
	}, {
		// A bare list of ids, with a viewer URL, an obfuscated id, a blank
		// line and a bad line.
		name: "ids.txt",
		in: "2016022509gm-0009-0000-b327da61\n" +
			"https://tenhou.net/0/?log=2017022002gm-000b-2873-xc0294a92421e&tw=2\n" +
			"\n" +
			"2016022509gm-0009-0000-zzzzzzzz\n",
		want: readResult{
			Records: []Record{
				&Game{
					Source: "ids.txt", Line: 1, ID: mustID("2016022509gm-0009-0000-b327da61"),
					Start: jst(2016, 2, 25, 9, 0), Rule: RuleOfType(0x9), Minutes: -1,
				},
				&Game{
					Source: "ids.txt", Line: 2, ID: mustID("2017022002gm-000b-2873-xc0294a92421e"),
					Start: jst(2017, 2, 20, 2, 0), Rule: RuleOfType(0xb), Minutes: -1,
				},
			},
			Errors: []string{"ids.txt::4: not a Tenhou log id"},
		},
	}, {
		name: "list.js",
		in: "list([\n  {file:'scc2024010223.html.gz',size:1984},\n  {size:12, file:\"2023/scb20231231.log.gz\", extra:'x'},\n" +
			"  {file:'readme.txt',size:3}\n]);\n",
		want: readResult{Records: []Record{
			&File{Source: "list.js", Line: 2, Name: "scc2024010223.html.gz", URL: "https://tenhou.net/sc/raw/dat/scc2024010223.html.gz",
				Kind: FileListing, Listing: "scc", Date: jst(2024, 1, 2, 23, 0), Size: 1984},
			&File{Source: "list.js", Line: 3, Name: "2023/scb20231231.log.gz", URL: "https://tenhou.net/sc/raw/dat/2023/scb20231231.log.gz",
				Kind: FileListing, Listing: "scb", Date: jst(2023, 12, 31, 0, 0), Size: 12},
			&File{Source: "list.js", Line: 4, Name: "readme.txt", URL: "https://tenhou.net/sc/raw/dat/readme.txt", Size: 3},
		}},
	}, {
		// A file index downloaded from a mirror: dat/ beside it.
		name: "http://127.0.0.1:8080/mirror/sc/raw/list.cgi?old",
		in:   "list([{file:'2023/scb20231231.log.gz',size:12}]);",
		want: readResult{Records: []Record{
			&File{Source: "http://127.0.0.1:8080/mirror/sc/raw/list.cgi?old", Line: 1, Name: "2023/scb20231231.log.gz",
				URL: "http://127.0.0.1:8080/mirror/sc/raw/dat/2023/scb20231231.log.gz", Kind: FileListing, Listing: "scb",
				Date: jst(2023, 12, 31, 0, 0), Size: 12},
		}},
	}, {
		// A raw/ page downloaded from a mirror: links resolved against it.
		name: "http://127.0.0.1:8080/sc/raw/",
		in:   `<html><body><a href="scraw2017.zip">scraw2017.zip</a> (405M)<br><a href="https://tenhou.net/sc/raw/list.cgi">index</a></body></html>`,
		want: readResult{Records: []Record{
			&File{Source: "http://127.0.0.1:8080/sc/raw/", Line: 1, Name: "scraw2017.zip", URL: "http://127.0.0.1:8080/sc/raw/scraw2017.zip",
				Kind: FileYear, Date: jst(2017, 1, 1, 0, 0), Size: -1, SizeText: "405M"},
			&File{Source: "http://127.0.0.1:8080/sc/raw/", Line: 1, Name: "list.cgi", URL: "https://tenhou.net/sc/raw/list.cgi", Kind: FileIndex, Size: -1},
		}},
	}, {
		name: "list.js",
		in:   "list([\n  {file:'sca20240101.log.gz',size:1},\n  {file:'../x',size:2}\n]);\n",
		want: readResult{
			Records: []Record{
				&File{Source: "list.js", Line: 2, Name: "sca20240101.log.gz", URL: "https://tenhou.net/sc/raw/dat/sca20240101.log.gz",
					Kind: FileListing, Listing: "sca", Date: jst(2024, 1, 1, 0, 0), Size: 1},
			},
			Errors: []string{"list.js::3: not a Tenhou listing"},
		},
	}, {
		name: "raw.html",
		in: `<html><body>
<a href="./?old">old</a><br>
<a href="scraw2017.zip">scraw2017.zip</a> (405M)<br>
<a href="dat/scc20240101.html.gz">scc20240101.html.gz</a><br>
<a href="http://tenhou.net/sc/raw/list.cgi">http://tenhou.net/sc/raw/list.cgi</a>
<a href="http://tenhou.net/sc/raw/list.cgi?old">http://tenhou.net/sc/raw/list.cgi?old</a>
<a href="http://tenhou.net/sc/raw/list.cgi">again</a>
</body></html>`,
		want: readResult{Records: []Record{
			&File{Source: "raw.html", Line: 3, Name: "scraw2017.zip", URL: "https://tenhou.net/sc/raw/scraw2017.zip",
				Kind: FileYear, Date: jst(2017, 1, 1, 0, 0), Size: -1, SizeText: "405M"},
			&File{Source: "raw.html", Line: 4, Name: "scc20240101.html.gz", URL: "https://tenhou.net/sc/raw/dat/scc20240101.html.gz",
				Kind: FileListing, Listing: "scc", Date: jst(2024, 1, 1, 0, 0), Size: -1},
			&File{Source: "raw.html", Line: 5, Name: "list.cgi", URL: "http://tenhou.net/sc/raw/list.cgi", Kind: FileIndex, Size: -1},
			&File{Source: "raw.html", Line: 6, Name: "list.cgi?old", URL: "http://tenhou.net/sc/raw/list.cgi?old", Kind: FileIndex, Size: -1},
		}},
	}, {
		name: "empty.log",
		in:   " \n\n",
	}, {
		name: "what.txt",
		in:   "hello\nworld\n",
		want: readResult{Errors: []string{"what.txt::0: not a Tenhou listing"}},
	}, {
		name: "sjis.log",
		in:   "00:00 | 12 | 四般東－－－ | a(+55.0) b(+13.0) c(-23.0) d(-45.0)\n00:00 | 12 | \x8el\x94\xca | x\n",
		want: readResult{Errors: []string{"sjis.log::2: not UTF-8"}},
	}, {
		name: "bad.gz",
		in:   "\x1f\x8b\x08\x00garbage",
		want: readResult{Errors: []string{"bad.gz::0: bad compressed data"}},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := readAll(t, tt.name, []byte(tt.in))
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Read(%q) (-want +got):\n%s", tt.name, diff)
			}
		})
	}
}

// TestReadErrorMessage checks the text of an error: file, member, line.
func TestReadErrorMessage(t *testing.T) {
	zipped := makeZip(t, []zipMember{{name: "2012/sca20120404.log", data: []byte("L1001 | 15:24 | 三般南喰赤 | a(+1.0)\n")}})
	_, err := readIndex("scraw2012.zip", zipped)
	const want = `scraw2012.zip:2012/sca20120404.log:1: bad player column: 1 players for 三般南喰赤`
	if err == nil || err.Error() != want {
		t.Errorf("error = %v, want %s", err, want)
	}
	var list errorList
	if !errors.As(err, &list) || len(list) != 1 || !errors.Is(err, ErrPlayers) {
		t.Errorf("error %v is not an errorList of one ErrPlayers", err)
	}
}

// zipMember is one member of a zip built by a test; gz compresses it.
type zipMember struct {
	name string
	data []byte
	gz   bool
}

// makeZip builds a zip (a yearly scrawYYYY.zip) of the members, with a
// folder entry first.
func makeZip(t testing.TB, members []zipMember) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	if _, err := zw.Create("2012/"); err != nil {
		t.Fatal(err)
	}
	for _, m := range members {
		w, err := zw.Create(m.name)
		if err != nil {
			t.Fatal(err)
		}
		data := m.data
		if m.gz {
			data = gzipBytes(t, data)
		}
		if _, err := w.Write(data); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// gzipBytes compresses data.
func gzipBytes(t testing.TB, data []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	if _, err := zw.Write(data); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// sampleListings are small hand-written listings, one per form, for the
// zip and gzip tests and as fuzz seeds.
var sampleListings = []zipMember{
	{name: "2012/sca20120404.log", data: []byte("L1001 | 15:24 | 三般南喰赤－ | a(+95.0) b(-27.0) c(-68.0)\n")},
	{name: "2012/scb20120404.log", data: []byte("00:00 | 17 | 三般南喰赤－ | a(+56.0) b(+1.0) c(-57.0)\n00:01 | 12 | 三特南喰赤－ | a(+56.0) b(-16.0) c(-40.0)\n")},
	{name: "2012/scc20120404.html", data: []byte("12:20 | 13 | 四鳳東喰赤－ | <a href=\"http://tenhou.net/0/?log=2012040412gm-00e1-0000-d0129b00\">牌譜</a> | a(+46.0) b(+2.0) L&amp;Y(-19.0) c(-29.0)<br>\r\n")},
	{name: "2012/scd20120404.log", data: []byte("00:02 | 08 | 三若東喰赤祝５ | a(+70.0,+5枚) b(-20.0,-3枚) c(-50.0,-2枚)\n")},
	{name: "2012/sce20120404.html.gz", gz: true, data: []byte("22:27 | 24 | 四琥南喰赤祝２ | <a href=\"http://tenhou.net/0/?log=2012040422gm-0229-0000-cae7ad00\">牌譜</a> | a(+64.0,+12枚) b(+10.0,-1枚) c(-19.0,-3枚) d(-55.0,-8枚)<br>\r\n")},
}

// TestReadZip reads a yearly zip built from the samples: its records are
// those of its members read one by one, with Member set, in the zip's
// order; a member that is no listing is an error naming it.
func TestReadZip(t *testing.T) {
	members := append(sampleListings[:len(sampleListings):len(sampleListings)], zipMember{name: "2012/readme.txt", data: []byte("hello")})
	zipped := makeZip(t, members)
	got := readAll(t, "scraw2012.zip", zipped)
	var want readResult
	for _, m := range sampleListings {
		data := m.data
		if m.gz {
			data = gzipBytes(t, data)
		}
		// Read alone under the member's name, then set Source and Member
		// as the zip's reading does.
		one := readAll(t, m.name, data)
		for _, r := range one.Records {
			g := r.(*Game)
			g.Source, g.Member = "scraw2012.zip", m.name
			want.Records = append(want.Records, g)
		}
		want.Errors = append(want.Errors, one.Errors...)
	}
	want.Errors = append(want.Errors, "scraw2012.zip:2012/readme.txt:0: not a Tenhou listing")
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Read of the zip (-want +got):\n%s", diff)
	}
	if len(got.Records) != 6 {
		t.Errorf("%d records from the zip, want 6", len(got.Records))
	}
}

// TestReadGzip checks that a gzip-compressed file gives the records of the
// file itself, whatever its name.
func TestReadGzip(t *testing.T) {
	for _, m := range sampleListings {
		if m.gz {
			continue
		}
		want := readAll(t, m.name, m.data)
		for _, name := range []string{m.name + ".gz", m.name} {
			got := readAll(t, name, gzipBytes(t, m.data))
			for _, r := range got.Records {
				r.(*Game).Source = m.name
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("Read(%q) gzip-compressed (-want +got):\n%s", name, diff)
			}
		}
	}
}

// TestReadStop checks that Read stops when its loop is left early.
func TestReadStop(t *testing.T) {
	data := bytes.Repeat([]byte("2016022509gm-0009-0000-b327da61\n"), 10)
	n := 0
	for range Read("ids.txt", data) {
		n++
		if n == 3 {
			break
		}
	}
	if n != 3 {
		t.Errorf("loop ran %d times, want 3", n)
	}
	for _, m := range append(sampleListings, zipMember{name: "scraw2012.zip", data: makeZip(t, sampleListings)}) {
		for range Read(m.name, m.data) {
			break
		}
	}
}

func TestIndexIDs(t *testing.T) {
	ix := &listingIndex{Games: []Game{
		{ID: mustID("2017022002gm-000b-2873-xc0294a92421e")},
		{},
		{ID: mustID("2017022002gm-000b-2873-fb28df66")},
		{ID: mustID("2016022509gm-0009-0000-b327da61")},
	}}
	want := []string{"2017022002gm-000b-2873-fb28df66", "2016022509gm-0009-0000-b327da61"}
	if diff := cmp.Diff(want, ix.ids()); diff != "" {
		t.Errorf("ids() (-want +got):\n%s", diff)
	}
}

func TestParseListingName(t *testing.T) {
	tests := []struct {
		name string
		typ  string
		date time.Time
	}{
		{"sca20180926.log.gz", "sca", jst(2018, 9, 26, 0, 0)},
		{"scc2018101100.html.gz", "scc", jst(2018, 10, 11, 0, 0)},
		{"scc2022091223.html.gz", "scc", jst(2022, 9, 12, 23, 0)},
		{"2018/sce20180101.html", "sce", jst(2018, 1, 1, 0, 0)},
		{`C:\logs\scf20151104.html`, "scf", jst(2015, 11, 4, 0, 0)},
		{"dnov__scc.log", "scc", time.Time{}},
		{"scb20181332.log", "scb", time.Time{}}, // no such date
		{"scraw2017.zip", "", time.Time{}},
		{"discard.log", "", time.Time{}},
		{"sdorica__mjlog_pf4-20_n19.txt", "", time.Time{}},
	}
	for _, tt := range tests {
		typ, date := parseListingName(tt.name)
		if typ != tt.typ || !date.Equal(tt.date) {
			t.Errorf("parseListingName(%q) = %q, %v; want %q, %v", tt.name, typ, date, tt.typ, tt.date)
		}
	}
}

func TestParsePlayers(t *testing.T) {
	tests := []struct {
		in   string
		want []Player
	}{
		{"a(+1.0) b(-1.0)", []Player{pl("a", 1), pl("b", -1)}},
		{"  a(0.0)\tb(0.0)  ", []Player{pl("a", 0), pl("b", 0)}},
		{"＼(＾o＾)／★(+7.0) (x)(+1.0)", []Player{pl("＼(＾o＾)／★", 7), pl("(x)", 1)}},
		{"a b(+1.0) c　(-1.0)", []Player{pl("a b", 1), pl("c　", -1)}},
		{"a(+1.0,+2枚) b(-1.0,0枚)", []Player{pc("a", 1, 2), pc("b", -1, 0)}},
		{"a(1)(+1.0)", []Player{pl("a(1)", 1)}},
	}
	for _, tt := range tests {
		got, err := parsePlayers(tt.in)
		if err != nil {
			t.Errorf("parsePlayers(%q): %v", tt.in, err)
			continue
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("parsePlayers(%q) (-want +got):\n%s", tt.in, diff)
		}
	}
	for _, in := range []string{"", "a", "a(+1.0) b", "(+1.0)", "a(+1.0) (-1.0)", "a(+x)"} {
		if got, err := parsePlayers(in); !errors.Is(err, ErrPlayers) {
			t.Errorf("parsePlayers(%q) = %v, %v; want ErrPlayers", in, got, err)
		}
	}
}

// TestReadFile checks that ReadFile gives the records Read gives of the
// file's bytes (a zip read from the file, the others read whole), and an
// error naming the file when it cannot be read.
func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	files := append(sampleListings[:len(sampleListings):len(sampleListings)],
		zipMember{name: "scraw2012.zip", data: makeZip(t, sampleListings)},
		zipMember{name: "broken.zip", data: []byte("PK\x03\x04 not a zip")})
	for _, m := range files {
		path := filepath.Join(dir, filepath.Base(m.name))
		data := m.data
		if m.gz {
			data = gzipBytes(t, data)
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		want := readAll(t, path, data)
		var got readResult
		for r, err := range ReadFile(path) {
			if err != nil {
				var e *Error
				if !errors.As(err, &e) || e.File != path {
					t.Errorf("%s: error %v does not name the file", path, err)
				}
				got.Errors = append(got.Errors, "x")
				continue
			}
			got.Records = append(got.Records, r)
		}
		for i := range want.Errors {
			want.Errors[i] = "x"
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("ReadFile(%s) (-Read +ReadFile):\n%s", path, diff)
		}
	}
	missing := filepath.Join(dir, "nothing.log")
	n := 0
	for r, err := range ReadFile(missing) {
		n++
		var e *Error
		if r != nil || !errors.As(err, &e) || e.File != missing || !errors.Is(err, os.ErrNotExist) {
			t.Errorf("ReadFile of a missing file: %v, %v", r, err)
		}
	}
	if n != 1 {
		t.Errorf("ReadFile of a missing file yields %d times, want 1", n)
	}
}

// TestReadContainers reads listings through compression and archives, and
// the errors of what cannot be read, under small limits: positions (file
// and member) and kinds.
func TestReadContainers(t *testing.T) {
	sca := sampleListings[0]
	small := source.Options{MaxWindowBytes: 200, MaxEntries: 4, MaxDepth: 2}
	big := bytes.Repeat(sca.data, 5) // over the window's 200 bytes
	tests := []struct {
		name string
		data []byte
		want []string // "member:line: kind" for each error, "member:line" for each game
	}{{
		name: "gz2.log",
		data: gzipBytes(t, gzipBytes(t, sca.data)),
		want: []string{":1"},
	}, {
		name: "gz3.log",
		data: gzipBytes(t, gzipBytes(t, gzipBytes(t, sca.data))),
		want: []string{":0: not a Tenhou listing"},
	}, {
		name: "big.log.gz",
		data: gzipBytes(t, big),
		want: []string{":0: too large"},
	}, {
		name: "y.zip",
		data: makeZip(t, []zipMember{{name: "a/sca20120404.log", data: sca.data}, {name: "a/big.log", data: big}, {name: "a/b.log.gz", data: sca.data, gz: true}}),
		want: []string{"a/sca20120404.log:1", "a/big.log:0: too large", "a/b.log.gz:1"},
	}, {
		name: "many.zip",
		data: makeZip(t, []zipMember{{name: "1.log", data: sca.data}, {name: "2.log", data: sca.data}, {name: "3.log", data: sca.data}, {name: "4.log", data: sca.data}}),
		want: []string{"1.log:1", "2.log:1", "3.log:1", ":0: too large"},
	}, {
		name: "cut.zip",
		data: makeZip(t, []zipMember{{name: "1.log.gz", data: sca.data, gz: true}})[:60],
		want: []string{":0: bad compressed data"},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			read(tt.name, bytes.NewReader(tt.data), small, func(r Record, err error) bool {
				if err != nil {
					var e *Error
					if !errors.As(err, &e) || e.File != tt.name {
						t.Fatalf("error %v is not an *Error of %s", err, tt.name)
					}
					kind := "?"
					for _, s := range sentinels {
						if errors.Is(err, s) {
							kind = s.Error()
							break
						}
					}
					got = append(got, fmt.Sprintf("%s:%d: %s", e.Member, e.Line, kind))
					return true
				}
				g := r.(*Game)
				got = append(got, fmt.Sprintf("%s:%d", g.Member, g.Line))
				return true
			})
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

package archive

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/internal/corpus"
)

// FuzzRead feeds arbitrary names and bytes to Read. It must never panic;
// every error must be an *Error naming the file; every record must name its
// source and a line, and a game's id, rule and players must agree with
// each other.
func FuzzRead(f *testing.F) {
	for _, m := range sampleListings {
		f.Add(m.name, m.data)
	}
	f.Add("scraw2012.zip", makeZip(f, sampleListings))
	f.Add("list.js", []byte("list([\n {file:'sca20180926.log.gz',size:35919},\n {file:'2018/scf20180924.html.gz',size:1984}\n ]);\n"))
	f.Add("raw.html", []byte(`<html><body><a href="scraw2017.zip">scraw2017.zip</a> (405M)<br><a href="list.cgi?old">old</a></body></html>`))
	f.Add("ids.txt", []byte("2016022509gm-0009-0000-b327da61\n2017022002gm-000b-2873-xc0294a92421e\n"))
	if paths, _ := filepath.Glob(filepath.Join("testdata", "listings", "*")); len(paths) > 0 {
		for _, p := range paths {
			if data, err := os.ReadFile(p); err == nil {
				f.Add(filepath.Base(p), data)
			}
		}
	}
	f.Add("http://127.0.0.1/sc/raw/list.cgi", []byte("list([{file:'2023/scb20231231.log.gz',size:12}]);"))
	if dir := corpus.Find(); dir != "" {
		paths, _ := filepath.Glob(filepath.Join(dir, "archive-index", "*"))
		for _, p := range paths {
			data, err := os.ReadFile(p)
			if err != nil {
				continue
			}
			f.Add(filepath.Base(p), data[:min(len(data), 4096)])
		}
	}
	f.Fuzz(func(t *testing.T, name string, data []byte) {
		for r, err := range Read(name, data) {
			if err != nil {
				var e *Error
				if !errors.As(err, &e) || e.File != name || e.Line < 0 {
					t.Fatalf("error %v (%T) is not an *Error of %q", err, err, name)
				}
				if r != nil {
					t.Fatalf("record %v with error %v", r, err)
				}
				_ = err.Error()
				continue
			}
			switch r := r.(type) {
			case *Game:
				if r.Source != name || r.Line < 1 {
					t.Fatalf("game %+v: source or line", r)
				}
				if r.ID.ID != "" {
					if id, ok := event.ParseTenhouID(r.ID.ID); !ok || id.Obfuscated || id.Type != r.ID.Type || id.Lobby != r.ID.Lobby {
						t.Fatalf("game %+v: id %+v does not parse back", r, id)
					}
				}
				if r.Players != nil && len(r.Players) != r.Rule.Players {
					t.Fatalf("game %+v: %d players for %s", r, len(r.Players), r.RuleText)
				}
				if r.RuleText != "" && r.Rule.String() != r.RuleText {
					t.Fatalf("game %+v: rule %s", r, r.Rule)
				}
			case *File:
				if r.Source != name || r.URL == "" || r.Name == "" {
					t.Fatalf("file %+v", r)
				}
			default:
				t.Fatalf("record %T", r)
			}
		}
	})
}

// FuzzParseRule checks that ParseRule never panics and that a column it
// accepts is rendered back as it was.
func FuzzParseRule(f *testing.F) {
	for _, s := range []string{"四鳳南喰赤－", "三若東喰赤祝５", "四技－喰赤－", "四般東－－－", "四銀東喰赤"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := ParseRule(s)
		if err != nil {
			if !errors.Is(err, ErrRule) {
				t.Fatalf("error %v is not an ErrRule", err)
			}
			return
		}
		if r.String() != s {
			t.Fatalf("ParseRule(%q).String() = %q", s, r.String())
		}
	})
}

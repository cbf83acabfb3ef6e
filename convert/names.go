package convert

import (
	"fmt"
	"path"
	"path/filepath"
	"strings"

	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/parser"
)

// compressed are the suffixes of compressed files, dropped from a name.
var compressed = [...]string{".gz", ".zst", ".bz2"}

// OutputName returns the name, relative to an output directory, of the
// file of a converted game: game index game of the input at inputPath,
// found under the PATH argument root (several: its file holds other games
// too), in format to; hand >= 0 names the file of one hand, round its
// round.
//
// The input's path is kept below root: the inputs found under a directory
// keep their path below it ("2016/a.mjlog" for "logs/2016/a.mjlog" under
// "logs"), a file given by name keeps its base name, an archive's member
// is under a directory of the archive's name ("logs.zip/2016/a.mjlog"),
// standard input is "stdin". The target's extension follows the input's
// whole name, without a compression suffix ("a.mjlog.mjson",
// "a.mjlog.json" for "a.mjlog.gz"); a game of a file of several adds its
// index ("all.xml.g3.mjson"), a hand its number and round
// ("a.mjlog.05-S1-2.json"). The name is a clean relative path in slash
// form: no "..", no leading "/", no empty element.
func OutputName(root, inputPath string, game int, several bool, to event.Format, hand int, round event.RoundID) string {
	p := relativeTo(root, inputPath)
	p = strings.ReplaceAll(p, "!", "/")
	for _, c := range compressed {
		p = strings.TrimSuffix(p, c)
	}
	var parts []string
	for _, e := range strings.Split(p, "/") {
		switch e {
		case "", ".", "..":
			continue
		}
		parts = append(parts, e)
	}
	if len(parts) == 0 {
		parts = []string{"stdin"}
	}
	name := strings.Join(parts, "/")
	if several {
		name += fmt.Sprintf(".g%d", game)
	}
	if hand >= 0 {
		name += fmt.Sprintf(".%02d-%s", hand+1, round)
	}
	return name + parser.Ext(to)
}

// relativeTo returns p below root: the part after root for an input
// found under the directory root, root's base name and the rest for an
// input that is root (a file) or in it (an archive).
func relativeTo(root, p string) string {
	if p == "-" || root == "-" {
		return "stdin" + strings.TrimPrefix(p, "-")
	}
	r := path.Clean(filepath.ToSlash(root))
	p = filepath.ToSlash(p)
	switch {
	case r == "." || r == "/":
		return p
	case p == r:
		return path.Base(r)
	case strings.HasPrefix(p, r+"!"):
		return path.Base(r) + p[len(r):]
	case strings.HasPrefix(p, r+"/"):
		return p[len(r)+1:]
	}
	return p
}

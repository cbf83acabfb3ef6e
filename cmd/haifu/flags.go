package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"regexp"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"

	"github.com/haifu/haifu/adjudicator"
)

// The conventions every command's flags follow: a long name is written
// --name, a one-letter one -x; either takes its value after a space, an
// equals sign, or (one-letter numbers, -j2) joined; some have both forms
// (-j and --jobs, -o and --output). An unknown flag or a bad value is one
// line naming it and where the help is, not the whole help.

// newFlags returns a flag set for a command whose help text is the given
// synopsis and description.
func newFlags(e *env, name, synopsis, desc string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard) // parseFlags writes the errors, Usage the help
	fs.Usage = func() {
		w := e.stdout
		fmt.Fprintf(w, "Usage: haifu %s %s\n\n%s\n", name, synopsis, desc)
		if list := flagList(fs); list != "" {
			fmt.Fprint(w, "\nFlags:\n", list)
		}
	}
	return fs
}

// invalidValue is the flag package's error for a value a flag refuses.
var invalidValue = regexp.MustCompile(`^invalid value (".*") for flag -+([^:]+): (.*)$`)

// joinedNumber is a one-letter flag with its number joined to it (-j2).
var joinedNumber = regexp.MustCompile(`^-([a-zA-Z])([0-9]+)$`)

// parseFlags parses args, flags and operands in any order (as in "haifu
// analyze fixtures -o out"); the operands are then fs.Args(). It returns a
// non-negative exit code when the command must stop (help shown, or a
// usage error, written as one line).
func parseFlags(e *env, fs *flag.FlagSet, args []string) int {
	var norm []string
	for i, a := range args {
		if a == "--" {
			norm = append(norm, args[i:]...)
			break
		}
		if m := joinedNumber.FindStringSubmatch(a); m != nil && fs.Lookup(m[1]) != nil {
			norm = append(norm, "-"+m[1], m[2])
			continue
		}
		norm = append(norm, a)
	}
	args = norm
	// The flag package shows the help on any error; here only when it is
	// asked for (-h, --help).
	help := fs.Usage
	fs.Usage = func() {}
	defer func() { fs.Usage = help }()
	var operands []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				help()
				return exitOK
			}
			fmt.Fprintf(e.stderr, "haifu %s: %s (haifu %s --help lists the flags)\n", fs.Name(), flagError(err), fs.Name())
			return exitUsage
		}
		args = fs.Args()
		if len(args) == 0 {
			break
		}
		if args[0] == "--" {
			operands = append(operands, args[1:]...)
			break
		}
		operands = append(operands, args[0])
		args = args[1:]
	}
	// Leave the operands in fs.Args().
	fs.Parse(append([]string{"--"}, operands...))
	return -1
}

// flagError words a flag package error in this command line's style.
func flagError(err error) string {
	s := err.Error()
	if name, ok := strings.CutPrefix(s, "flag provided but not defined: "); ok {
		return "unknown flag " + dashes(strings.TrimLeft(name, "-"))
	}
	if m := invalidValue.FindStringSubmatch(s); m != nil {
		return "bad value " + m[1] + " for " + dashes(m[2]) + ": " + m[3]
	}
	if name, ok := strings.CutPrefix(s, "flag needs an argument: "); ok {
		return dashes(strings.TrimLeft(name, "-")) + " needs a value"
	}
	return s
}

// dashes writes a flag's name as it is written: -x or --name.
func dashes(name string) string {
	if len(name) == 1 {
		return "-" + name
	}
	return "--" + name
}

// flagList writes the flags of fs, one entry per flag with its other
// names beside it (-j, --jobs N), as the help shows them.
func flagList(fs *flag.FlagSet) string {
	type entry struct {
		names []string
		f     *flag.Flag
	}
	var entries []*entry
	fs.VisitAll(func(f *flag.Flag) {
		for _, e := range entries {
			if sameValue(e.f.Value, f.Value) {
				e.names = append(e.names, f.Name)
				return
			}
		}
		entries = append(entries, &entry{names: []string{f.Name}, f: f})
	})
	var b strings.Builder
	for _, e := range entries {
		slices.SortFunc(e.names, func(a, b string) int { return len(a) - len(b) })
		var names []string
		for _, n := range e.names {
			names = append(names, dashes(n))
		}
		arg, usage := flag.UnquoteUsage(e.f)
		fmt.Fprintf(&b, "  %s", strings.Join(names, ", "))
		if arg != "" {
			fmt.Fprintf(&b, " %s", arg)
		}
		fmt.Fprintf(&b, "\n    \t%s", strings.ReplaceAll(usage, "\n", "\n    \t"))
		if d := e.f.DefValue; d != "" && d != "0" && d != "false" && d != "[]" {
			fmt.Fprintf(&b, " (default %s)", d)
		}
		b.WriteString("\n")
	}
	return b.String()
}

// sameValue reports whether two flags set the same variable (a flag and
// its other name).
func sameValue(a, b flag.Value) bool {
	defer func() { recover() }() // values of types that cannot be compared
	return a == b
}

// jobsValue is the -j/--jobs flag: a number of CPUs, 1 to maxJobs(), or
// unset (every CPU).
type jobsValue struct{ n int }

// minJobsBound is the most workers -j may ask for on a machine of few
// CPUs: each worker holds a judge and its games in flight, and
// GOMAXPROCS is set to -j, so a number far above the CPUs buys nothing and
// costs memory (-j 10000000 ran out of it; -j 100000 aborted the runtime).
const minJobsBound = 256

// maxJobs is the largest -j: 256, or the number of CPUs where there are
// more.
func maxJobs() int { return max(minJobsBound, runtime.NumCPU()) }

func (v *jobsValue) String() string {
	if v == nil || v.n == 0 {
		return ""
	}
	return strconv.Itoa(v.n)
}

func (v *jobsValue) Set(s string) error {
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > maxJobs() {
		return fmt.Errorf("want a number of CPUs, 1 to %d", maxJobs())
	}
	v.n = n
	return nil
}

// addJobsFlag adds -j N and --jobs N with the given help.
func addJobsFlag(fs *flag.FlagSet, usage string) *jobsValue {
	v := &jobsValue{}
	fs.Var(v, "j", usage)
	fs.Var(v, "jobs", usage)
	return v
}

// checksValue is the --checks flag: the passes a judgement runs
// (adjudicator.SelectPasses), nil for every pass.
type checksValue struct {
	spec   string
	passes []*adjudicator.Pass
}

func (v *checksValue) String() string {
	if v == nil {
		return ""
	}
	return v.spec
}

func (v *checksValue) Set(s string) error {
	ps, err := adjudicator.SelectPasses(s)
	if err != nil {
		return err
	}
	v.spec, v.passes = s, ps
	return nil
}

// addChecksFlag adds --checks PASSES.
func addChecksFlag(fs *flag.FlagSet) *checksValue {
	v := &checksValue{}
	fs.Var(v, "checks", "run only the passes `PASSES`, comma-separated (legality,wall), or every pass but those with a leading - (-wall); "+
		"the passes: "+passList()+" (see haifu checks). A pass not run reports nothing; without the wall pass no wall is built")
	return v
}

// passList names the passes, comma-separated.
func passList() string {
	var names []string
	for _, p := range adjudicator.Passes() {
		names = append(names, p.Name)
	}
	return strings.Join(names, ", ")
}

// addOutputFlag adds -o DIR and --output DIR with the given default and
// help.
func addOutputFlag(fs *flag.FlagSet, def, usage string) *string {
	out := fs.String("o", def, usage)
	fs.StringVar(out, "output", def, usage)
	return out
}

// version is haifu's version as its build information gives it: the
// module version (a tag), or "devel-" and the commit for a build from a
// checkout ("+dirty" when it had changes).
func version() string {
	v, _ := buildVersion()
	return v
}

// buildVersion returns version() and when its commit was made ("" when
// unknown).
func buildVersion() (v, when string) {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown", ""
	}
	v = bi.Main.Version
	var rev string
	dirty := false
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			when = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if v == "" || v == "(devel)" {
		v = "devel"
		if rev != "" {
			v += "-" + rev[:min(12, len(rev))]
		}
		if dirty {
			v += "+dirty"
		}
	}
	return v, when
}

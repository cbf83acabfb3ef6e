package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReportCommand: analyze --report writes the report beside the tables
// (DIR.html), the same bytes as haifu report -o FILE DIR and -o - give; a
// second run does not read that report as input; usage errors are one
// line and exit 2, an output that is none exit 1.
func TestReportCommand(t *testing.T) {
	tmp := t.TempDir()
	in := filepath.Join(tmp, "in")
	if err := os.MkdirAll(in, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"mjlog/mjx__2018040923gm-00a9-0000-1833afca.mjlog", "tenhou6/mjair__double_ron.json"} {
		data, err := os.ReadFile(filepath.Join("../../fixtures/good", f))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(in, filepath.Base(f)), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// The output under the input directory, its report too.
	out := filepath.Join(in, "out")
	for run := range 2 {
		_, stderr, code := haifu(t, "", "analyze", "--report", "--by", "year,players", "-o", out, in)
		if code != exitOK {
			t.Fatalf("analyze --report (run %d): exit %d: %s", run+1, code, stderr)
		}
		if strings.Contains(stderr, "unreadable") || strings.Contains(stderr, "out.html") {
			t.Errorf("run %d read the report as input: %s", run+1, stderr)
		}
	}
	beside, err := os.ReadFile(out + ".html")
	if err != nil {
		t.Fatalf("analyze --report wrote no %s.html: %v", out, err)
	}
	file := filepath.Join(tmp, "report.html")
	if _, stderr, code := haifu(t, "", "report", "--by", "year,players", "-o", file, out); code != exitOK || !strings.Contains(stderr, "KB") {
		t.Fatalf("report: exit %d: %s", code, stderr)
	}
	written, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(beside, written) {
		t.Error("analyze --report and haifu report of the same output differ")
	}
	stdout, _, code := haifu(t, "", "report", "--by", "year,players", "-o", "-", out)
	if code != exitOK || stdout != string(written) {
		t.Errorf("report -o -: exit %d, %d bytes, want the file's %d", code, len(stdout), len(written))
	}
	for _, want := range []string{"<!DOCTYPE html>", `<section id="draw-rate">`, "By year the game started"} {
		if !strings.Contains(string(written), want) {
			t.Errorf("the report lacks %q", want)
		}
	}
	// A directory given twice is read once, with a warning.
	again, stderr, code := haifu(t, "", "report", "--by", "year,players", "-o", "-", out, out+"/")
	if code != exitOK || again != stdout || !strings.Contains(stderr, "given again") {
		t.Errorf("report of one output twice: exit %d, same page %v, stderr %q", code, again == stdout, stderr)
	}
	for _, tt := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"report", out}, exitUsage, "need -o FILE"},
		{[]string{"report", "-o", file}, exitUsage, "need -o FILE"},
		{[]string{"report", "--by", "colour", "-o", file, out}, exitUsage, "--by"},
		{[]string{"report", "--examples", "0", "-o", file, out}, exitUsage, "--examples"},
		{[]string{"report", "-o", file, filepath.Join(tmp, "missing")}, exitFound, "haifu report:"},
		{[]string{"report", "-o", file, in}, exitFound, "haifu report:"},
	} {
		_, stderr, code := haifu(t, "", tt.args...)
		if code != tt.code || !strings.Contains(stderr, tt.want) || strings.Count(strings.TrimSpace(stderr), "\n") > 0 {
			t.Errorf("haifu %v: exit %d, stderr %q; want exit %d and one line with %q", tt.args, code, stderr, tt.code, tt.want)
		}
	}
}

package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// schema is the part of JSON Schema that docs/findings.schema.json uses;
// a keyword this test does not check fails it, so that the schema says
// nothing the test does not hold.
type schema struct {
	Schema               string             `json:"$schema"`
	ID                   string             `json:"$id"`
	Title                string             `json:"title"`
	Description          string             `json:"description"`
	Type                 any                `json:"type"` // a name or a list of names
	Enum                 []any              `json:"enum"`
	Required             []string           `json:"required"`
	AdditionalProperties *bool              `json:"additionalProperties"`
	Properties           map[string]*schema `json:"properties"`
	Items                *schema            `json:"items"`
	Minimum              *float64           `json:"minimum"`
	Maximum              *float64           `json:"maximum"`
	Pattern              string             `json:"pattern"`
	order                []string           // the properties in the file's order
}

// loadFindingsSchema reads docs/findings.schema.json, refusing keywords
// that schema does not know, with its properties in their order.
func loadFindingsSchema(t *testing.T) *schema {
	t.Helper()
	data, err := os.ReadFile("../../docs/findings.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var s schema
	if err := dec.Decode(&s); err != nil {
		t.Fatalf("docs/findings.schema.json: %v", err)
	}
	s.order, err = objectKeys(data, "properties")
	if err != nil {
		t.Fatal(err)
	}
	return &s
}

// objectKeys returns the keys of the object data's member field holds,
// in their order.
func objectKeys(data []byte, field string) ([]string, error) {
	var top map[string]json.RawMessage
	if err := json.Unmarshal(data, &top); err != nil {
		return nil, err
	}
	raw, ok := top[field]
	if !ok {
		return nil, fmt.Errorf("no %q", field)
	}
	return keysOf(raw)
}

// keysOf returns the keys of a JSON object in their order.
func keysOf(obj []byte) ([]string, error) {
	dec := json.NewDecoder(bytes.NewReader(obj))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil, fmt.Errorf("not an object: %.40s", obj)
	}
	var keys []string
	for dec.More() {
		k, err := dec.Token()
		if err != nil {
			return nil, err
		}
		keys = append(keys, k.(string))
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			return nil, err
		}
	}
	return keys, nil
}

// validate checks v (as encoding/json decodes it, numbers as json.Number)
// against s, and returns what does not hold.
func (s *schema) validate(at string, v any) []string {
	var errs []string
	if s.Type != nil {
		var names []string
		switch ty := s.Type.(type) {
		case string:
			names = []string{ty}
		case []any:
			for _, n := range ty {
				names = append(names, n.(string))
			}
		}
		if !slices.ContainsFunc(names, func(n string) bool { return isType(v, n) }) {
			return []string{fmt.Sprintf("%s: %v is not of type %v", at, v, names)}
		}
	}
	if s.Enum != nil && !slices.ContainsFunc(s.Enum, func(e any) bool { return fmt.Sprint(e) == fmt.Sprint(v) && isType(v, "string") == isType(e, "string") }) {
		errs = append(errs, fmt.Sprintf("%s: %v is none of %v", at, v, s.Enum))
	}
	switch x := v.(type) {
	case json.Number:
		f, _ := x.Float64()
		if s.Minimum != nil && f < *s.Minimum || s.Maximum != nil && f > *s.Maximum {
			errs = append(errs, fmt.Sprintf("%s: %v out of range", at, x))
		}
	case string:
		if s.Pattern != "" && !regexp.MustCompile(s.Pattern).MatchString(x) {
			errs = append(errs, fmt.Sprintf("%s: %q does not match %s", at, x, s.Pattern))
		}
	case []any:
		for i, e := range x {
			if s.Items != nil {
				errs = append(errs, s.Items.validate(fmt.Sprintf("%s[%d]", at, i), e)...)
			}
		}
	case map[string]any:
		for _, k := range s.Required {
			if _, ok := x[k]; !ok {
				errs = append(errs, fmt.Sprintf("%s: no %q", at, k))
			}
		}
		for k, e := range x {
			p, ok := s.Properties[k]
			if !ok {
				if s.AdditionalProperties != nil && !*s.AdditionalProperties {
					errs = append(errs, fmt.Sprintf("%s: %q is not in the schema", at, k))
				}
				continue
			}
			errs = append(errs, p.validate(at+"."+k, e)...)
		}
	}
	return errs
}

func isType(v any, name string) bool {
	switch name {
	case "null":
		return v == nil
	case "string":
		_, ok := v.(string)
		return ok
	case "boolean":
		_, ok := v.(bool)
		return ok
	case "array":
		_, ok := v.([]any)
		return ok
	case "object":
		_, ok := v.(map[string]any)
		return ok
	case "number":
		_, ok := v.(json.Number)
		return ok
	case "integer":
		n, ok := v.(json.Number)
		if !ok {
			return false
		}
		f, err := n.Float64()
		return err == nil && f == math.Trunc(f) && !strings.ContainsAny(string(n), ".eE")
	}
	return false
}

// decodeLine decodes one line of verify --json, numbers as json.Number.
func decodeLine(line string) (map[string]any, error) {
	dec := json.NewDecoder(strings.NewReader(line))
	dec.UseNumber()
	var m map[string]any
	err := dec.Decode(&m)
	return m, err
}

// TestFindingsSchema holds verify --json to docs/findings.schema.json and
// docs/findings.md: every line of every fixture's output (the goldens of
// TestFixtures) validates against the schema and has every one of its
// properties, in the schema's order; every property is documented in
// docs/findings.md's table of fields, in that order, and the table
// documents no other; the schema requires each.
func TestFindingsSchema(t *testing.T) {
	s := loadFindingsSchema(t)
	if !slices.Equal(s.order, s.Required) {
		t.Errorf("the schema's required fields %v are not its properties %v, in order", s.Required, s.order)
	}
	if s.AdditionalProperties == nil || *s.AdditionalProperties {
		t.Error("the schema allows properties it does not name")
	}
	doc, err := os.ReadFile("../../docs/findings.md")
	if err != nil {
		t.Fatal(err)
	}
	var documented []string
	row := regexp.MustCompile("(?m)^\\| `([a-z_]+)` \\| ")
	for _, m := range row.FindAllStringSubmatch(string(doc), -1) {
		documented = append(documented, m[1])
	}
	if !slices.Equal(documented, s.order) {
		t.Errorf("docs/findings.md documents the fields\n%v\nthe schema has\n%v", documented, s.order)
	}
	goldens, err := filepath.Glob(filepath.Join("testdata", "verify", "*.golden"))
	if err != nil || len(goldens) == 0 {
		t.Fatalf("no goldens: %v", err)
	}
	lines, kinds := 0, map[string]bool{}
	for _, g := range goldens {
		data, err := os.ReadFile(g)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(strings.TrimRight(string(data), "\n"), "\n") {
			if strings.HasPrefix(line, "# ") {
				continue
			}
			lines++
			at := fmt.Sprintf("%s:%d", filepath.Base(g), i+1)
			keys, err := keysOf([]byte(line))
			if err != nil {
				t.Errorf("%s: %v", at, err)
				continue
			}
			if !slices.Equal(keys, s.order) {
				t.Errorf("%s: the fields\n%v\nare not the schema's, in order\n%v", at, keys, s.order)
			}
			v, err := decodeLine(line)
			if err != nil {
				t.Errorf("%s: %v", at, err)
				continue
			}
			for _, e := range s.validate(at, v) {
				t.Error(e)
			}
			kinds[fmt.Sprint(v["severity"])] = true
		}
	}
	// The fixtures show every kind of line but a divergence, which needs
	// --rules (TestVerifyJSONLines).
	for _, k := range []string{"discrepancy", "error", "warning"} {
		if !kinds[k] {
			t.Errorf("no %s line in the goldens", k)
		}
	}
	t.Logf("%d lines of %d goldens", lines, len(goldens))
}

// TestVerifyJSONLines: what the lines of verify --json hold, beyond their
// form (TestFindingsSchema): the typed values of a payment (arrays of
// numbers, the text beside them), an error's position as fields and its
// message without it, and divergent and undetermined lines of the same
// schema.
func TestVerifyJSONLines(t *testing.T) {
	s := loadFindingsSchema(t)
	lines := func(args ...string) []map[string]any {
		t.Helper()
		out, _, _ := haifu(t, "", append([]string{"verify", "--json"}, args...)...)
		var ms []map[string]any
		for line := range strings.SplitSeq(strings.TrimRight(out, "\n"), "\n") {
			if line == "" {
				continue
			}
			keys, err := keysOf([]byte(line))
			if err != nil || !slices.Equal(keys, s.order) {
				t.Errorf("%s: fields %v (%v), want %v", line, keys, err, s.order)
			}
			m, err := decodeLine(line)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range s.validate(line, m) {
				t.Error(e)
			}
			ms = append(ms, m)
		}
		return ms
	}
	find := func(ms []map[string]any, check string) map[string]any {
		t.Helper()
		for _, m := range ms {
			if m["check"] == check {
				return m
			}
		}
		t.Fatalf("no %s line", check)
		return nil
	}
	asJSON := func(v any) string { b, _ := json.Marshal(v); return string(b) }

	pay := find(lines("../../fixtures/bad/mjai/msanma__sample-nuki.mjson"), "win.payment")
	for k, want := range map[string]string{
		"expected": `[0,-18000,19000]`, "recorded": `[0,-8000,9000]`,
		"expected_text": `"[0 -18000 19000]"`, "recorded_text": `"[0 -8000 9000]"`,
		"severity": `"discrepancy"`, "hand": `7`, "round": `"S3-0"`, "event": `576`, "seat": `null`, "link": `null`,
		"byte_offset": `null`, "line": `null`,
	} {
		if got := asJSON(pay[k]); got != want {
			t.Errorf("win.payment %s = %s, want %s", k, got, want)
		}
	}

	bad := find(lines("../../fixtures/bad/mjai/akochan__0c454856__haifu_log_1000_0.json"), "parse")
	for k, want := range map[string]string{
		"severity": `"error"`, "byte_offset": `60`, "item": `2`, "line": `2`, "column": `1`, "event": `1`,
		"message":  `"mjai: start_kyoku without dora_marker: not a riichi game (akochan writes its Chinese-rules (MCR) self-play logs this way): unsupported"`,
		"expected": `null`,
	} {
		if got := asJSON(bad[k]); got != want {
			t.Errorf("parse error %s = %s, want %s", k, got, want)
		}
	}

	// A divergence under rules for another number of players.
	div := find(lines("--rules", "wrc", "../../fixtures/good/mjlog/msanma__2026011605gm-00b9-0000-ba5e37ba.xml"), "divergent.players")
	if div["severity"] != "divergent" || div["link"] != "https://tenhou.net/0/?log=2026011605gm-00b9-0000-ba5e37ba&ts=0" {
		t.Errorf("divergence: %v", div)
	}
}

// TestVerifyJSONLinks: every finding on a Tenhou log with an id carries the
// viewer link to its hand, seen from the seat concerned or else from the
// log's own viewpoint (here the file name's tw); the text output is the
// same as before links were written.
func TestVerifyJSONLinks(t *testing.T) {
	const id = "2022060222gm-0001-0000-a87679bc"
	f, err := os.Open("../../fixtures/good/mjlog/jim137__" + id + "_tw_3.mjlog")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	data, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	// The first win (seat 3's, hand 0) recorded at 5200 rather than 3900,
	// and paid 4900 rather than 3900.
	for _, r := range [][2]string{{`ten="30,3900,0"`, `ten="30,5200,0"`}, {`sc="250,-39,250,0,250,0,250,39"`, `sc="250,-49,250,0,250,0,250,49"`}} {
		if !bytes.Contains(data, []byte(r[0])) {
			t.Fatalf("no %s in the fixture", r[0])
		}
		data = bytes.Replace(data, []byte(r[0]), []byte(r[1]), 1)
	}
	path := filepath.Join(t.TempDir(), id+"_tw_3.mjlog")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	out, _, code := haifu(t, "", "verify", "--json", path)
	if code != exitFound {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	want := map[string]string{
		"win.points":  "https://tenhou.net/0/?log=" + id + "&ts=0&tw=3", // the winner
		"win.payment": "https://tenhou.net/0/?log=" + id + "&ts=0&tw=3", // no seat: the name's viewpoint
		"flow.scores": "https://tenhou.net/0/?log=" + id + "&ts=1&tw=3",
	}
	seen := map[string]bool{}
	for line := range strings.SplitSeq(strings.TrimRight(out, "\n"), "\n") {
		m, err := decodeLine(line)
		if err != nil {
			t.Fatal(err)
		}
		c := m["check"].(string)
		if w, ok := want[c]; ok {
			seen[c] = true
			if m["link"] != w {
				t.Errorf("%s: link %v, want %s", c, m["link"], w)
			}
		} else if l, _ := m["link"].(string); !strings.HasPrefix(l, "https://tenhou.net/0/?log="+id) {
			t.Errorf("%s: link %v", c, m["link"])
		}
	}
	for c := range want {
		if !seen[c] {
			t.Errorf("no %s finding:\n%s", c, out)
		}
	}
}

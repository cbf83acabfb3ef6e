package adjudicator

import (
	"bytes"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/pelletier/go-toml/v2"
	"github.com/pelletier/go-toml/v2/unstable"
)

// A RuleError is a problem with a rule set: a key missing or unknown, a
// value its setting does not take, settings that contradict each other, or
// TOML that does not parse. Parse sets File and the position; Validate,
// which has no file, leaves them empty.
type RuleError struct {
	// File is the name of the rule file given to Parse.
	File string
	// Line and Column (1-based, in bytes) are where the problem is: the
	// value (the item of a list) that is wrong, the key that is unknown,
	// the table header a key is missing from (the file's start for a
	// missing table or top-level key). 0 when not known.
	Line, Column int
	// Key is the setting ("draw.renchan"), or "" for TOML that does not
	// parse.
	Key string
	// Msg says what is wrong.
	Msg string

	// item is the 1-based item of a list that is wrong, 0 for the whole
	// value: Parse places the error at it.
	item int
}

// Error returns "file:line:column: key: message", without the parts that
// are not known.
func (e *RuleError) Error() string {
	var b strings.Builder
	if e.File != "" {
		b.WriteString(e.File)
		if e.Line > 0 {
			fmt.Fprintf(&b, ":%d:%d", e.Line, e.Column)
		}
		b.WriteString(": ")
	}
	if e.Key != "" {
		b.WriteString(e.Key + ": ")
	}
	b.WriteString(e.Msg)
	return b.String()
}

// Parse reads rules from TOML text; name (a file name) starts the position
// of every error. Every key of Rules must be present (a missing key is an
// error, so a file never silently falls back to zero values); an unknown
// key, a value of the wrong TOML type, a name an enumerated setting does
// not have, and everything Validate rejects, are errors too. Each is a
// *RuleError with the file, line and column (errors.Join when there are
// several): TOML that does not parse, or a bad type or name, stops the
// reading at the first; the others are all reported.
func Parse(name string, data []byte) (*Rules, error) {
	f := ruleFile{name: name}
	syntaxOK := f.index(data)
	if syntaxOK {
		if errs := f.checkTypes(); len(errs) > 0 {
			return nil, joinRuleErrors(errs)
		}
	}
	var r Rules
	dec := toml.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&r); err != nil {
		return nil, f.decodeError(err)
	}
	if errs := f.missingKeys(); len(errs) > 0 {
		return nil, joinRuleErrors(errs)
	}
	if errs := r.problems(); len(errs) > 0 {
		for _, e := range errs {
			f.place(e)
		}
		slices.SortStableFunc(errs, func(a, b *RuleError) int {
			if a.Line != b.Line {
				return a.Line - b.Line
			}
			return a.Column - b.Column
		})
		return nil, joinRuleErrors(errs)
	}
	return &r, nil
}

// position is a place in a rule file, 1-based, the column in bytes.
type position struct {
	line, column int
}

// keyValue is where a rule file sets a key, and what TOML it gives it.
type keyValue struct {
	key, value position
	// raw is the value's text; kind its TOML kind; items, for an array,
	// its items.
	raw   string
	kind  unstable.Kind
	items []item
}

// item is one item of an array value.
type item struct {
	at   position
	raw  string
	kind unstable.Kind
}

// ruleFile is what Parse knows of a rule file's text: where it sets each
// key ("draw.renchan") and where each table starts.
type ruleFile struct {
	name   string
	keys   map[string]*keyValue
	tables map[string]position
}

// index reads where the file sets each key, and reports whether its TOML
// parses (when it does not, the decoder reports the error).
func (f *ruleFile) index(data []byte) bool {
	f.keys, f.tables = map[string]*keyValue{}, map[string]position{}
	var p unstable.Parser
	p.Reset(data)
	at := func(offset int) position {
		line := 1 + bytes.Count(data[:offset], []byte("\n"))
		return position{line, offset - (bytes.LastIndexByte(data[:offset], '\n') + 1) + 1}
	}
	var addKeyValue func(prefix string, e *unstable.Node)
	addKeyValue = func(prefix string, e *unstable.Node) {
		var parts []string
		var keyStart, keyEnd int
		for it := e.Key(); it.Next(); {
			n := it.Node()
			if len(parts) == 0 {
				keyStart = int(n.Raw.Offset)
			}
			keyEnd = int(n.Raw.Offset + n.Raw.Length)
			parts = append(parts, string(n.Data))
		}
		key := prefix + strings.Join(parts, ".")
		// The value starts after the key, the "=" and the blanks around
		// it, and ends with the expression.
		start := keyEnd
		for start < len(data) && (data[start] == ' ' || data[start] == '\t' || data[start] == '=') {
			start++
		}
		end := max(start, int(e.Raw.Offset+e.Raw.Length))
		v := e.Value()
		kv := &keyValue{key: at(keyStart), value: at(start), raw: string(data[start:end]), kind: v.Kind}
		switch v.Kind {
		case unstable.Array:
			for it := v.Children(); it.Next(); {
				n := it.Node()
				if n.Kind == unstable.Comment {
					continue
				}
				kv.items = append(kv.items, item{at: at(int(n.Raw.Offset)), raw: string(p.Raw(n.Raw)), kind: n.Kind})
			}
		case unstable.InlineTable:
			f.tables[key] = kv.value
			for it := v.Children(); it.Next(); {
				if n := it.Node(); n.Kind == unstable.KeyValue {
					addKeyValue(key+".", n)
				}
			}
		}
		f.keys[key] = kv
	}
	table := ""
	for p.NextExpression() {
		e := p.Expression()
		switch e.Kind {
		case unstable.Table, unstable.ArrayTable:
			var parts []string
			start := -1
			for it := e.Key(); it.Next(); {
				n := it.Node()
				if start < 0 {
					start = int(n.Raw.Offset)
				}
				parts = append(parts, string(n.Data))
			}
			table = strings.Join(parts, ".")
			for start > 0 && data[start] != '[' {
				start--
			}
			f.tables[table] = at(start)
			table += "."
		case unstable.KeyValue:
			addKeyValue(table, e)
		}
	}
	return p.Error() == nil
}

// checkTypes reports each key of Rules the file gives a value of another
// TOML type than its setting's: a number for an enumerated setting (which
// the decoder would take as the value's index), a string for a number, a
// single value for a list. Unknown keys are the decoder's to report.
func (f *ruleFile) checkTypes() []*RuleError {
	var errs []*RuleError
	for _, s := range settingsOf(reflect.ValueOf(&Rules{}).Elem()) {
		kv := f.keys[s.key]
		if kv == nil {
			continue
		}
		t := s.v.Type()
		if t.Kind() != reflect.Slice {
			if msg := typeProblem(s.key, t, kv.raw, kv.kind); msg != "" {
				errs = append(errs, &RuleError{File: f.name, Line: kv.value.line, Column: kv.value.column, Key: s.key, Msg: msg})
			}
			continue
		}
		if kv.kind != unstable.Array {
			errs = append(errs, &RuleError{File: f.name, Line: kv.value.line, Column: kv.value.column, Key: s.key, Msg: kv.raw + " is not a list"})
			continue
		}
		for _, it := range kv.items {
			if msg := typeProblem(s.key, t.Elem(), it.raw, it.kind); msg != "" {
				errs = append(errs, &RuleError{File: f.name, Line: it.at.line, Column: it.at.column, Key: s.key, Msg: msg})
			}
		}
	}
	return errs
}

// typeProblem says why the TOML value raw, of kind k, is not a value of
// Go type t (the setting key's, or the type of its list's items), or
// returns "".
func typeProblem(key string, t reflect.Type, raw string, k unstable.Kind) string {
	if names := enumNames(t); names != nil {
		if k != unstable.String {
			return fmt.Sprintf("%s is not one of %s", raw, strings.Join(names, ", "))
		}
		return "" // the type's UnmarshalText checks the name
	}
	var want string
	ok := false
	switch t.Kind() {
	case reflect.Bool:
		want, ok = "true or false", k == unstable.Bool
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		want, ok = "an integer", k == unstable.Integer
	case reflect.Float32, reflect.Float64:
		want, ok = "a number", k == unstable.Float || k == unstable.Integer
	case reflect.String:
		want, ok = "a string", k == unstable.String
	default:
		return ""
	}
	if ok {
		return ""
	}
	return fmt.Sprintf("%s is not %s", raw, want)
}

// decodeError turns the decoder's error into RuleErrors with positions.
func (f *ruleFile) decodeError(err error) error {
	var sm *toml.StrictMissingError
	if errors.As(err, &sm) {
		var errs []*RuleError
		for _, e := range sm.Errors {
			line, col := e.Position()
			key := f.keyAt(line, col, e.Key())
			msg := "unknown key"
			if at, ok := f.tables[key]; ok && f.keys[key] == nil {
				msg, line, col = "unknown table", at.line, at.column
			}
			errs = append(errs, &RuleError{File: f.name, Line: line, Column: col, Key: key, Msg: msg})
		}
		return joinRuleErrors(errs)
	}
	var de *toml.DecodeError
	if errors.As(err, &de) {
		line, col := de.Position()
		e := &RuleError{File: f.name, Line: line, Column: col, Key: f.keyAt(line, col, de.Key()), Msg: strings.TrimPrefix(de.Error(), "toml: ")}
		if msg := f.badName(e); msg != "" {
			e.Msg = msg
		}
		return e
	}
	return &RuleError{File: f.name, Msg: err.Error()}
}

// keyAt returns the whole key ("points.start") of the key the decoder
// reports at line and column as key: it names a key set twice, or an
// unknown key of an inline table, by its last part.
func (f *ruleFile) keyAt(line, column int, key []string) string {
	for k, kv := range f.keys {
		if kv.key == (position{line, column}) {
			return k
		}
	}
	return strings.Join(key, ".")
}

// badName returns, for a decoder's error at a string value of an
// enumerated setting (one its type's UnmarshalText rejected, as checkTypes
// let only strings through), the message every enumerated setting gives:
// the value is not one of the names its type declares. It returns "" for
// any other error.
func (f *ruleFile) badName(e *RuleError) string {
	kv := f.keys[e.Key]
	if kv == nil {
		return ""
	}
	for _, s := range settingsOf(reflect.ValueOf(&Rules{}).Elem()) {
		if s.key != e.Key {
			continue
		}
		t, raw := s.v.Type(), kv.raw
		if t.Kind() == reflect.Slice {
			t = t.Elem()
			i := slices.IndexFunc(kv.items, func(it item) bool { return it.at == position{e.Line, e.Column} })
			if i < 0 {
				return ""
			}
			raw = kv.items[i].raw
		}
		if names := enumNames(t); names != nil {
			return fmt.Sprintf("%s is not one of %s", raw, strings.Join(names, ", "))
		}
	}
	return ""
}

// missingKeys reports each key of Rules the file does not set, at the
// header of its table, or each table the file does not have, at its start.
func (f *ruleFile) missingKeys() []*RuleError {
	var errs []*RuleError
	start := position{1, 1}
	for _, key := range Keys() {
		if f.keys[key] != nil {
			continue
		}
		table, _, inTable := strings.Cut(key, ".")
		at, hasTable := f.tableAt(table)
		switch {
		case !inTable:
			errs = append(errs, &RuleError{File: f.name, Line: start.line, Column: start.column, Key: key, Msg: "missing: a rule file sets every key"})
		case hasTable:
			errs = append(errs, &RuleError{File: f.name, Line: at.line, Column: at.column, Key: key, Msg: "missing from [" + table + "]: a rule file sets every key"})
		case !slices.ContainsFunc(errs, func(e *RuleError) bool { return e.Key == table }):
			errs = append(errs, &RuleError{File: f.name, Line: start.line, Column: start.column, Key: table, Msg: "missing table [" + table + "]: a rule file sets every key"})
		}
	}
	return errs
}

// tableAt returns where the file starts the table: its header, or, for a
// table whose keys are written as dotted keys, the first of them.
func (f *ruleFile) tableAt(table string) (position, bool) {
	if at, ok := f.tables[table]; ok {
		return at, true
	}
	var first position
	found := false
	for key, kv := range f.keys {
		if strings.HasPrefix(key, table+".") && (!found || kv.key.line < first.line || kv.key.line == first.line && kv.key.column < first.column) {
			first, found = kv.key, true
		}
	}
	return first, found
}

// place sets e's file and the position of the value (or list item) it is
// about.
func (f *ruleFile) place(e *RuleError) {
	e.File = f.name
	kv := f.keys[e.Key]
	if kv == nil {
		return
	}
	at := kv.value
	if e.item > 0 && e.item <= len(kv.items) {
		at = kv.items[e.item-1].at
	}
	e.Line, e.Column = at.line, at.column
}

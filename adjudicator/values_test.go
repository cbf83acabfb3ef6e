package adjudicator

import (
	"encoding"
	"fmt"
	"reflect"
	"testing"
)

// TestEnumeratedSettings: the type of every enumerated setting of a rule
// file reads each of its names into the value it writes back as that
// name, and rejects another name (Parse words the error the same for
// every setting: TestParseErrors).
func TestEnumeratedSettings(t *testing.T) {
	n := 0
	for _, s := range settingsOf(reflect.ValueOf(&Rules{}).Elem()) {
		typ := s.v.Type()
		if typ.Kind() == reflect.Slice {
			typ = typ.Elem()
		}
		names := enumNames(typ)
		if names == nil {
			continue
		}
		n++
		for i, name := range names {
			v := reflect.New(typ)
			if err := v.Interface().(encoding.TextUnmarshaler).UnmarshalText([]byte(name)); err != nil {
				t.Errorf("%s: %q: %v", s.key, name, err)
				continue
			}
			if v.Elem().Uint() != uint64(i) || fmt.Sprint(v.Elem().Interface()) != name {
				t.Errorf("%s: %q reads as %d, printed %v; want %d", s.key, name, v.Elem().Uint(), v.Elem().Interface(), i)
			}
		}
		v := reflect.New(typ)
		err := v.Interface().(encoding.TextUnmarshaler).UnmarshalText([]byte("bogus"))
		if err == nil {
			t.Errorf("%s: bogus: no error", s.key)
		}
	}
	if n < 20 {
		t.Errorf("%d enumerated settings, want the 20 or more of a rule file", n)
	}
}

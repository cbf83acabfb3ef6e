package event

import (
	"testing"
	"time"
)

func TestFindTenhouID(t *testing.T) {
	tests := []struct {
		in, id string
		start  string // RFC 3339, in UTC
		typ    int
		lobby  int
	}{
		{"2016022509gm-0009-0000-b327da61.mjlog", "2016022509gm-0009-0000-b327da61", "2016-02-25T00:00:00Z", 9, 0},
		{"abc__2010030412gm-00e1-0000-4a275c59_tw_0.mjlog", "2010030412gm-00e1-0000-4a275c59", "2010-03-04T03:00:00Z", 0xe1, 0},
		{"logs/2017022002gm-000b-2873-xc0294a92421e.xml", "2017022002gm-000b-2873-fb28df66", "2017-02-19T17:00:00Z", 0xb, 2873},
		{"http://tenhou.net/0/?log=2018020420gm-0001-14423-3290b527&tw=0", "2018020420gm-0001-14423-3290b527", "2018-02-04T11:00:00Z", 1, 14423},
		{"2009030817gm-00e1-0000-890a2fc2", "2009030817gm-00e1-0000-890a2fc2", "2009-03-08T08:00:00Z", 0xe1, 0},
		// Before 2010041111 the x-form uses the table's first entry (k = 0):
		// with a = b = c = 0 the key is T[0] = 0x5678 and T[0]^T[1] = 0x9b97.
		{"2009010100gm-0009-0000-x000000000000", "2009010100gm-0009-0000-56789b97", "2008-12-31T15:00:00Z", 9, 0},
		// A tournament lobby (C0431 in the scf listings) has five digits.
		{"2015122220gm-0009-10431-355ea9f0", "2015122220gm-0009-10431-355ea9f0", "2015-12-22T11:00:00Z", 9, 10431},
		{"2017022002gm-000b-2873-yc0294a92421e", "", "", 0, 0}, // y-form
		{"2016022509gm-0009-000-b327da61a", "", "", 0, 0},      // lobby of three digits
		{"2016022509gm-0009-0000-B327DA61", "", "", 0, 0},      // upper-case key
		{"../../../../etc/passwd-0009-0000-b327da61", "", "", 0, 0},
		{"no id here.xml", "", "", 0, 0},
		{"2016022509gm-0009-0000-b327da6.mjlog", "", "", 0, 0},   // 7 hex digits
		{"2016022509gm-0009-0000-b327da611.mjlog", "", "", 0, 0}, // 9
		{"92016022509gm-0009-0000-b327da61", "", "", 0, 0},       // run into a digit
		{"2016023109gm-0009-0000-b327da61", "", "", 0, 0},        // 31 February
		{"2016022524gm-0009-0000-b327da61", "", "", 0, 0},        // hour 24
		{"2016022509gm-00G9-0000-b327da61", "", "", 0, 0},
		{"x 2016022509gm-0009-0000-b327da61 y", "2016022509gm-0009-0000-b327da61", "2016-02-25T00:00:00Z", 9, 0},
	}
	for _, tt := range tests {
		id, ok := FindTenhouID(tt.in)
		if ok != (tt.id != "") || id.ID != tt.id {
			t.Errorf("FindTenhouID(%q) = %q, %v; want %q", tt.in, id.ID, ok, tt.id)
			continue
		}
		if !ok {
			continue
		}
		if got := id.Start.UTC().Format(time.RFC3339); got != tt.start || id.Type != tt.typ || id.Lobby != tt.lobby {
			t.Errorf("FindTenhouID(%q): start %s type %d lobby %d; want %s %d %d", tt.in, got, id.Type, id.Lobby, tt.start, tt.typ, tt.lobby)
		}
	}
	if _, ok := ParseTenhouID("2016022509gm-0009-0000-b327da61.mjlog"); ok {
		t.Error("ParseTenhouID accepts text after the id")
	}
	if id, ok := ParseTenhouID("2017022002gm-000b-2873-xc0294a92421e"); !ok || !id.Obfuscated || id.ID != "2017022002gm-000b-2873-fb28df66" {
		t.Errorf("ParseTenhouID of the x-form: %+v %v", id, ok)
	}
}

func FuzzFindTenhouID(f *testing.F) {
	f.Add("abc__2010030412gm-00e1-0000-4a275c59_tw_0.mjlog")
	f.Add("2017022002gm-000b-2873-xc0294a92421e")
	f.Fuzz(func(t *testing.T, s string) {
		id, ok := FindTenhouID(s)
		if !ok {
			return
		}
		if _, ok := ParseTenhouID(id.ID); !ok {
			t.Errorf("found id %q does not parse", id.ID)
		}
	})
}

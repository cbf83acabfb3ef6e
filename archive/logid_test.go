package archive

import (
	"errors"
	"testing"
)

func TestParseID(t *testing.T) {
	tests := []struct {
		in, want string
		err      error
	}{
		{"2016022509gm-0009-0000-b327da61", "2016022509gm-0009-0000-b327da61", nil},
		{" 2016022509gm-0009-0000-b327da61\r\n", "2016022509gm-0009-0000-b327da61", nil},
		// docs/tenhou-formats.md §0.3's test vector (k = 29).
		{"2017022002gm-000b-2873-xc0294a92421e", "2017022002gm-000b-2873-fb28df66", nil},
		{"https://tenhou.net/0/?log=2017022002gm-000b-2873-xc0294a92421e&tw=2", "2017022002gm-000b-2873-fb28df66", nil},
		{"http://tenhou.net/0/?log=2015122220gm-0009-10431-355ea9f0#x", "2015122220gm-0009-10431-355ea9f0", nil},
		{"", "", ErrLogID},
		{"2016022509gm-0009-0000-b327da61.mjlog", "", ErrLogID},
		{"../../etc/passwd", "", ErrLogID},
		{"https://tenhou.net/0/?log=nothing", "", ErrLink},
	}
	for _, tt := range tests {
		got, err := ParseID(tt.in)
		if got != tt.want || !errors.Is(err, tt.err) || (err == nil) != (tt.err == nil) {
			t.Errorf("ParseID(%q) = %q, %v; want %q, %v", tt.in, got, err, tt.want, tt.err)
		}
	}
}

func TestLobbyName(t *testing.T) {
	tests := []struct{ id, want string }{
		{"2016022509gm-0009-0000-b327da61", ""},
		{"2017022002gm-000b-2873-fb28df66", "L2873"},
		{"2017022002gm-000b-0012-fb28df66", "L0012"},
		{"2015122220gm-0009-10431-355ea9f0", "C0431"},
		{"2015122220gm-0009-20431-355ea9f0", "L20431"},
	}
	for _, tt := range tests {
		if got := LobbyName(mustID(tt.id)); got != tt.want {
			t.Errorf("LobbyName(%s) = %q, want %q", tt.id, got, tt.want)
		}
	}
}

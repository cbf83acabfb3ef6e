package archive

import (
	"errors"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestParseLogID(t *testing.T) {
	tests := []struct {
		in      string
		want    LogID
		lobby   string // LobbyName
		wantErr bool
	}{
		{
			in: "2016022509gm-0009-0000-b327da61",
			want: LogID{Text: "2016022509gm-0009-0000-b327da61", Type: 0x9, Lobby: "0000", Key: "b327da61",
				Hour: time.Date(2016, 2, 25, 9, 0, 0, 0, japanTime)},
		},
		{
			in: "2015122220gm-0009-10431-355ea9f0",
			want: LogID{Text: "2015122220gm-0009-10431-355ea9f0", Type: 0x9, Lobby: "10431", Key: "355ea9f0",
				Hour: time.Date(2015, 12, 22, 20, 0, 0, 0, japanTime)},
			lobby: "C0431",
		},
		{
			in: "2017022002gm-000b-2873-xc0294a92421e",
			want: LogID{Text: "2017022002gm-000b-2873-xc0294a92421e", Type: 0xb, Lobby: "2873", Key: "xc0294a92421e",
				Hour: time.Date(2017, 2, 20, 2, 0, 0, 0, japanTime)},
			lobby: "L2873",
		},
		{
			in: "2018010122gm-0229-0000-cae7ad45",
			want: LogID{Text: "2018010122gm-0229-0000-cae7ad45", Type: 0x229, Lobby: "0000", Key: "cae7ad45",
				Hour: time.Date(2018, 1, 1, 22, 0, 0, 0, japanTime)},
		},
		{in: "", wantErr: true},
		{in: "2016022509gm-0009-0000-b327da6", wantErr: true},       // key too short
		{in: "2016022509gm-0009-0000-b327da611", wantErr: true},     // key too long
		{in: "2016022509gm-0009-0000-B327DA61", wantErr: true},      // upper-case key
		{in: "2016022509gm-00g9-0000-b327da61", wantErr: true},      // type not hex
		{in: "2016022509gm-0009-000-b327da61a", wantErr: true},      // lobby of three digits
		{in: "2016022509gm-0009-00a0-b327da61", wantErr: true},      // lobby not decimal
		{in: "2016023009gm-0009-0000-b327da61", wantErr: true},      // 30 February
		{in: "2016022524gm-0009-0000-b327da61", wantErr: true},      // hour 24
		{in: "2016022509xx-0009-0000-b327da61", wantErr: true},      // not gm
		{in: "2017022002gm-000b-2873-yc0294a92421e", wantErr: true}, // y-form
		{in: "../../../../etc/passwd-0009-0000-b327da61", wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := ParseLogID(tt.in)
			if tt.wantErr {
				if !errors.Is(err, ErrLogID) {
					t.Fatalf("ParseLogID(%q) = %v, %v; want an ErrLogID", tt.in, got, err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("ParseLogID(%q) (-want +got):\n%s", tt.in, diff)
			}
			if got.String() != tt.in {
				t.Errorf("String() = %q, want %q", got.String(), tt.in)
			}
			if l := got.LobbyName(); l != tt.lobby {
				t.Errorf("LobbyName() = %q, want %q", l, tt.lobby)
			}
		})
	}
}

func TestDeobfuscate(t *testing.T) {
	tests := []struct{ in, want string }{
		// TENHOU-FORMATS.md §0.3 (dnovikoff's test vector; k = 29).
		{"2017022002gm-000b-2873-xc0294a92421e", "2017022002gm-000b-2873-fb28df66"},
		// Plain ids are kept.
		{"2016022509gm-0009-0000-b327da61", "2016022509gm-0009-0000-b327da61"},
		// Before 2010041111 the first table entry is used (k = 0):
		// With a = b = c = 0: first = T[0] = 22136 = 0x5678, second =
		// T[0]^T[1] = 0x5678^0xcdef (52719) = 0x9b97.
		{"2009010100gm-0009-0000-x000000000000", "2009010100gm-0009-0000-56789b97"},
	}
	for _, tt := range tests {
		got, err := Deobfuscate(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("Deobfuscate(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
		id, _ := ParseLogID(tt.in)
		if p := id.Plain(); p.Obfuscated() || p.Text != tt.want || p.Type != id.Type || !p.Hour.Equal(id.Hour) {
			t.Errorf("ParseLogID(%q).Plain() = %+v", tt.in, p)
		}
	}
	if _, err := Deobfuscate("2017022002gm-000b-2873-xc0294a92421"); !errors.Is(err, ErrLogID) {
		t.Errorf("Deobfuscate of a short key: %v, want ErrLogID", err)
	}
}

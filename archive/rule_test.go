package archive

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/haifu/haifu/event"
)

func TestParseRule(t *testing.T) {
	const (
		yes = event.FlagYes
		no  = event.FlagNo
		unk = event.FlagUnknown
	)
	tests := []struct {
		in   string
		want Rule
	}{
		{"四鳳南喰赤－", Rule{Players: 4, Table: TableHouou, Length: event.EastSouth, OpenTanyao: yes, RedFives: yes, Chips: no, ChipCount: -1}},
		{"三鳳東喰赤－", Rule{Players: 3, Table: TableHouou, Length: event.EastOnly, OpenTanyao: yes, RedFives: yes, Chips: no, ChipCount: -1}},
		{"四般東－－－", Rule{Players: 4, Table: TableIppan, Length: event.EastOnly, OpenTanyao: no, RedFives: no, Chips: no, ChipCount: -1}},
		{"四技－喰赤－", Rule{Players: 4, Table: TableSkill, Length: event.LengthUnknown, OpenTanyao: yes, RedFives: yes, Chips: no, ChipCount: -1}},
		{"三若東喰赤祝５", Rule{Players: 3, Table: TableWaka, Length: event.EastOnly, OpenTanyao: yes, RedFives: yes, Chips: yes, ChipCount: 5}},
		{"四琥南喰赤祝２", Rule{Players: 4, Table: TableKohaku, Length: event.EastSouth, OpenTanyao: yes, RedFives: yes, Chips: yes, ChipCount: 2}},
		{"四孔南喰赤祝０", Rule{Players: 4, Table: TableKujaku, Length: event.EastSouth, OpenTanyao: yes, RedFives: yes, Chips: yes, ChipCount: 0}},
		{"四銀東喰赤", Rule{Players: 4, Table: TableGin, Length: event.EastOnly, OpenTanyao: yes, RedFives: yes, Chips: unk, ChipCount: -1}},
		{"三上南喰赤－", Rule{Players: 3, Table: TableJoukyuu, Length: event.EastSouth, OpenTanyao: yes, RedFives: yes, Chips: no, ChipCount: -1}},
		{"四特南喰赤－", Rule{Players: 4, Table: TableTokujou, Length: event.EastSouth, OpenTanyao: yes, RedFives: yes, Chips: no, ChipCount: -1}},
		{"四－南喰赤－", Rule{Players: 4, Table: TableNone, Length: event.EastSouth, OpenTanyao: yes, RedFives: yes, Chips: no, ChipCount: -1}},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := ParseRule(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("ParseRule(%q) (-want +got):\n%s", tt.in, diff)
			}
			if s := got.String(); s != tt.in {
				t.Errorf("String() = %q, want %q", s, tt.in)
			}
		})
	}
}

func TestParseRuleErrors(t *testing.T) {
	for _, in := range []string{
		"", "四鳳南喰", "四鳳南喰赤－２２", "五鳳南喰赤－", "四龍南喰赤－", "四鳳西喰赤－",
		"四鳳南食赤－", "四鳳南喰黒－", "四鳳南喰赤祭", "四鳳南喰赤祝３", "4鳳南喰赤－", "\xff\xfe鳳南喰赤－",
	} {
		if r, err := ParseRule(in); !errors.Is(err, ErrRule) {
			t.Errorf("ParseRule(%q) = %+v, %v; want an ErrRule", in, r, err)
		}
	}
}

// TestRuleOfType checks the type bits against docs/tenhou-formats.md §1.2's worked
// examples, written as rule columns (which leave out 速).
func TestRuleOfType(t *testing.T) {
	tests := []struct {
		typ  int
		want string
		fast event.Flag
	}{
		{0x00a9, "四鳳南喰赤－", event.FlagNo},
		{0x00e1, "四鳳東喰赤－", event.FlagYes},
		{0x00b9, "三鳳南喰赤－", event.FlagNo},
		{0x0009, "四般南喰赤－", event.FlagNo},
		{0x000b, "四般南喰－－", event.FlagNo},
		{0x0089, "四上南喰赤－", event.FlagNo},
		{0x0029, "四特南喰赤－", event.FlagNo},
		{0x0229, "四琥南喰赤祝２", event.FlagNo},
		{0x0639, "三琥南喰赤祝５", event.FlagNo},
		{0x0401, "四若東喰赤祝０", event.FlagNo},
		{0x0005, "四般東－赤－", event.FlagNo},
	}
	for _, tt := range tests {
		r := RuleOfType(tt.typ)
		if got := r.String(); got != tt.want || r.Fast != tt.fast {
			t.Errorf("RuleOfType(%#04x) = %s fast %v, want %s fast %v", tt.typ, got, r.Fast, tt.want, tt.fast)
		}
	}
	// Every type's rule name, as package event writes it, is a rule column.
	for typ := range 1 << 16 {
		var m event.Meta
		m.SetTenhouType(typ)
		if _, err := ParseRule(strings.Replace(m.Rules.Name, "速", "", 1)); err != nil {
			t.Fatalf("type %#04x: %v", typ, err)
		}
	}
}

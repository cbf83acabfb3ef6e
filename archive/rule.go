package archive

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/haifu/haifu/event"
)

// ErrRule is the error wrapped when a rule column does not follow the
// grammar of docs/tenhou-formats.md §4.3.
var ErrRule = errors.New("bad rule column")

// Table is the table (卓) or match kind of a game: the second character of
// the rule column.
type Table uint8

// The tables. The zero Table is TableUnknown: nothing said which.
const (
	TableUnknown Table = iota
	// TableIppan is 般, the general table.
	TableIppan
	// TableJoukyuu is 上, the upper table.
	TableJoukyuu
	// TableTokujou is 特, the special table.
	TableTokujou
	// TableHouou is 鳳, the phoenix table.
	TableHouou
	// TableWaka is 若, the first of the chip (雀荘戦) tables.
	TableWaka
	// TableGin is 銀, the second chip table.
	TableGin
	// TableKohaku is 琥 (琥珀), the third chip table.
	TableKohaku
	// TableKujaku is 孔 (孔雀), the fourth chip table.
	TableKujaku
	// TableSkill is 技, a skill match (技能戦).
	TableSkill
	// TableNone is "－": the column names no table.
	TableNone
	numTables
)

// tableChars are the rule column's characters for each Table.
var tableChars = [numTables]string{"", "般", "上", "特", "鳳", "若", "銀", "琥", "孔", "技", "－"}

// String returns the table's character as the rule column writes it ("鳳"),
// "" for TableUnknown.
func (t Table) String() string {
	if t >= numTables {
		return "Table(" + strconv.Itoa(int(t)) + ")"
	}
	return tableChars[t]
}

// Rule is what a rule column (四鳳南喰赤－, 三若東喰赤祝５) or a log id's type
// bits say of a game. Each field has a value that means "not stated".
type Rule struct {
	// Players is 3 (三) or 4 (四); 0 when unknown.
	Players int
	// Table is the table or match kind.
	Table Table
	// Length is event.EastOnly (東) or event.EastSouth (南);
	// event.LengthUnknown when the column writes "－" (the one-game formats
	// such as 技能戦) or nothing is known.
	Length event.Length
	// OpenTanyao is 喰 (yes) or "－" (no).
	OpenTanyao event.Flag
	// RedFives is 赤 (yes) or "－" (no).
	RedFives event.Flag
	// Chips is 祝 (yes) or "－" (no); unknown when the column has no sixth
	// character.
	Chips event.Flag
	// ChipCount is the seventh character (０, ２ or ５ full-width) as a
	// number; -1 when absent.
	ChipCount int
	// Fast is the fast (速) table. The rule column never shows it; it is
	// known only from a log id's type (bit 0x40), else unknown.
	Fast event.Flag
}

// unknownRule is the Rule that states nothing.
func unknownRule() Rule { return Rule{ChipCount: -1} }

// ParseRule decodes a rule column: 三 or 四; the table (般 上 特 鳳 若 銀 琥
// 孔 技 or －); 東, 南 or －; 喰 or －; 赤 or －; then optionally 祝 or －, and
// after it optionally the chip count ０, ２ or ５. The error wraps ErrRule.
// Fast is left unknown.
func ParseRule(s string) (Rule, error) {
	r := unknownRule()
	bad := func(pos int, why string) (Rule, error) {
		return unknownRule(), fmt.Errorf("%w %q: character %d: %s", ErrRule, s, pos, why)
	}
	chars := make([]string, 0, 8)
	for _, c := range s {
		if len(chars) == 8 {
			break
		}
		chars = append(chars, string(c))
	}
	if len(chars) < 5 || len(chars) > 7 {
		return bad(len(chars), "want 5 to 7 characters")
	}
	switch chars[0] {
	case "三":
		r.Players = 3
	case "四":
		r.Players = 4
	default:
		return bad(1, "want 三 or 四")
	}
	for t := TableIppan; t < numTables; t++ {
		if chars[1] == tableChars[t] {
			r.Table = t
		}
	}
	if r.Table == TableUnknown {
		return bad(2, "want a table (般 上 特 鳳 若 銀 琥 孔 技 －)")
	}
	switch chars[2] {
	case "東":
		r.Length = event.EastOnly
	case "南":
		r.Length = event.EastSouth
	case "－":
	default:
		return bad(3, "want 東, 南 or －")
	}
	var ok bool
	if r.OpenTanyao, ok = mark(chars[3], "喰"); !ok {
		return bad(4, "want 喰 or －")
	}
	if r.RedFives, ok = mark(chars[4], "赤"); !ok {
		return bad(5, "want 赤 or －")
	}
	if len(chars) > 5 {
		if r.Chips, ok = mark(chars[5], "祝"); !ok {
			return bad(6, "want 祝 or －")
		}
	}
	if len(chars) > 6 {
		switch chars[6] {
		case "０":
			r.ChipCount = 0
		case "２":
			r.ChipCount = 2
		case "５":
			r.ChipCount = 5
		default:
			return bad(7, "want ０, ２ or ５")
		}
	}
	return r, nil
}

// mark reads a yes/no column character: yes is the character itself, no is
// "－".
func mark(c, yes string) (event.Flag, bool) {
	switch c {
	case yes:
		return event.FlagYes, true
	case "－":
		return event.FlagNo, true
	}
	return event.FlagUnknown, false
}

// String renders the rule as a rule column ("四鳳南喰赤－"); ParseRule of a
// column gives back a Rule whose String is that column. Fast is not
// written, as the listings do not write it. Parts that are unknown are
// written as "？".
func (r Rule) String() string {
	var b strings.Builder
	switch r.Players {
	case 3:
		b.WriteString("三")
	case 4:
		b.WriteString("四")
	default:
		b.WriteString("？")
	}
	if r.Table == TableUnknown || r.Table >= numTables {
		b.WriteString("？")
	} else {
		b.WriteString(tableChars[r.Table])
	}
	switch r.Length {
	case event.EastOnly:
		b.WriteString("東")
	case event.EastSouth:
		b.WriteString("南")
	default:
		b.WriteString("－")
	}
	b.WriteString(markString(r.OpenTanyao, "喰"))
	b.WriteString(markString(r.RedFives, "赤"))
	if r.Chips != event.FlagUnknown {
		b.WriteString(markString(r.Chips, "祝"))
		switch r.ChipCount {
		case 0:
			b.WriteString("０")
		case 2:
			b.WriteString("２")
		case 5:
			b.WriteString("５")
		}
	}
	return b.String()
}

func markString(f event.Flag, yes string) string {
	switch f {
	case event.FlagYes:
		return yes
	case event.FlagNo:
		return "－"
	}
	return "？"
}

// RuleOfType returns what a GO type bit set (a log id's TTTT group, §1.2)
// says of a game: players (0x10), length (0x08), open tanyao (0x04 clear),
// red fives (0x02 clear), fast (0x40), chips (0x200/0x400, 祝２ 祝５ 祝０) and
// the table level (0x20, 0x80; the chip tables when a chip bit is set).
// Skill matches (技能戦, type 0x0841 in the 2015 listings) cannot be told
// from the bits and come out as 般.
func RuleOfType(t int) Rule {
	var m event.Meta
	m.SetTenhouType(t)
	// The name is the rule column and 速 (never in a column); every type's
	// name is one (TestRuleOfType tries them all).
	r, err := ParseRule(strings.Replace(m.Rules.Name, "速", "", 1))
	if err != nil {
		r = unknownRule()
	}
	r.Chips, r.Fast = m.Rules.Chips, m.Rules.Fast
	return r
}

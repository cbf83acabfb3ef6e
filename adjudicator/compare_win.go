package adjudicator

import (
	"fmt"
	"strings"

	"github.com/haifu/haifu/check"
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/scoring"
)

// yakuCounts are a win's yaku apart from dora, and the han of its dora
// entries, for comparing a recorded win with a computed one.
type yakuCounts struct {
	yaku                 [event.MaxYaku]event.Yaku
	n                    int
	dora, ura, aka, kita int
}

func countYaku(list []event.Yaku) yakuCounts {
	var c yakuCounts
	for _, y := range list {
		switch y.ID {
		case event.YakuDora:
			c.dora += int(y.Han)
		case event.YakuUraDora:
			c.ura += int(y.Han)
		case event.YakuAkaDora:
			c.aka += int(y.Han)
		case event.YakuKitaDora:
			c.kita += int(y.Han)
		default:
			if c.n < len(c.yaku) {
				c.yaku[c.n] = y
				c.n++
			}
		}
	}
	return c
}

// sameYaku reports whether a and b hold the same yaku with the same han,
// in any order.
func sameYaku(a, b *yakuCounts) bool {
	if a.n != b.n {
		return false
	}
	var used [event.MaxYaku]bool
outer:
	for _, y := range a.yaku[:a.n] {
		for k, z := range b.yaku[:b.n] {
			if !used[k] && z == y {
				used[k] = true
				continue outer
			}
		}
		return false
	}
	return true
}

func (c *yakuCounts) sameDora(o *yakuCounts) bool {
	return c.dora == o.dora && c.ura == o.ura && c.aka == o.aka && c.kita == o.kita
}

// compareWin reports each way the recorded win differs from the computed
// one, under the log's own rules: the yaku (dora aside), the dora counts,
// the han, the fu, the limit and the points. A difference that follows from
// one already reported (the han from the yaku, the limit from the han) is
// not reported again. It returns whether the points were judged.
func (j *judge) compareWin(wr *WinResult) (pointsJudged bool) {
	w, res := wr.Record, &wr.Value
	if !wr.Scored {
		return false
	}
	if res.NoYaku {
		if w.Known&event.KnownYaku != 0 || w.Known&event.KnownHan != 0 {
			j.reportWin(wr, check.WinYaku, "the hand has no yaku under the rules: it could not win", "no yaku", recordedYakuText(w))
		}
		return false
	}
	yakuOK, doraOK := true, true
	if w.Known&event.KnownYaku != 0 {
		rec, got := countYaku(w.YakuList()), countYaku(res.YakuList())
		if !sameYaku(&rec, &got) {
			yakuOK = false
			j.reportWin(wr, check.WinYaku, "the recorded yaku are not the hand's: "+yakuDiff(&got, &rec), yakuText(got.yaku[:got.n]), yakuText(rec.yaku[:rec.n]))
		}
		if !wr.UraUnknown && !rec.sameDora(&got) {
			doraOK = false
			j.reportWin(wr, check.WinDora, "the recorded dora counts are not those of the indicators and the hand", doraText(&got), doraText(&rec))
		}
	}
	if wr.UraUnknown {
		return false
	}
	hanOK := true
	if w.Known&event.KnownHan != 0 && int(w.Han) != res.Han {
		hanOK = false
		if yakuOK && doraOK {
			j.reportWinValues(wr, check.WinHan, "the recorded han are not the sum of the hand's yaku and dora", fmt.Sprint(res.Han), fmt.Sprint(w.Han),
				check.Int(res.Han), check.Int(int(w.Han)))
		}
	}
	fuOK := true
	if w.Known&event.KnownFu != 0 && int(w.Fu) != res.Fu {
		fuOK = false
		j.reportWinValues(wr, check.WinFu, "the recorded fu are not the hand's", fmt.Sprintf("%d fu (%s wait)", res.Fu, res.Wait), fmt.Sprintf("%d fu", w.Fu),
			check.Int(res.Fu), check.Int(int(w.Fu)))
	}
	if w.Known&event.KnownPoints == 0 || !yakuOK || !doraOK || !hanOK || !fuOK {
		return !yakuOK || !doraOK || !hanOK || !fuOK
	}
	if w.Limit != res.Limit {
		j.reportWin(wr, check.WinLimit, "the recorded limit is not the hand's", limitText(res.Limit), limitText(w.Limit))
		return true
	}
	if int(w.Points) != res.Total {
		j.reportWinValues(wr, check.WinPoints, "the recorded hand value is not the hand's", fmt.Sprintf("%d (%s)", res.Total, valueText(res)), fmt.Sprint(w.Points),
			check.Int(res.Total), check.Int(int(w.Points)))
	}
	return true
}

// reportWin reports a finding of check c at the win wr, by its winner:
// one that compares words, whose text is its value.
func (j *judge) reportWin(wr *WinResult, c check.Check, msg, expected, recorded string) {
	j.reportWinValues(wr, c, msg, expected, recorded, check.Value{}, check.Value{})
}

// reportWinValues is reportWin for a finding that compares numbers: their
// text for a person, and the typed values.
func (j *judge) reportWinValues(wr *WinResult, c check.Check, msg, expected, recorded string, want, got check.Value) {
	j.add(check.Finding{Check: c, Hand: wr.Hand, Round: wr.Round, Event: wr.Event, Seat: wr.Record.Winner, Message: msg, Expected: expected, Recorded: recorded,
		ExpectedValue: want, RecordedValue: got})
}

// yakuDiff says which yaku are missing from the record, which it has that
// the hand does not, and which have other han.
func yakuDiff(got, rec *yakuCounts) string {
	var missing, extra, han []string
	find := func(c *yakuCounts, id event.YakuID) (event.Yaku, bool) {
		for _, y := range c.yaku[:c.n] {
			if y.ID == id {
				return y, true
			}
		}
		return event.Yaku{}, false
	}
	for _, y := range got.yaku[:got.n] {
		switch r, ok := find(rec, y.ID); {
		case !ok:
			missing = append(missing, fmt.Sprintf("%v (%d han)", y.ID, y.Han))
		case r.Han != y.Han:
			han = append(han, fmt.Sprintf("%v %d han, not %d", y.ID, y.Han, r.Han))
		}
	}
	for _, y := range rec.yaku[:rec.n] {
		if _, ok := find(got, y.ID); !ok {
			extra = append(extra, fmt.Sprintf("%v (%d han)", y.ID, y.Han))
		}
	}
	var parts []string
	if len(missing) > 0 {
		parts = append(parts, "missing "+strings.Join(missing, ", "))
	}
	if len(extra) > 0 {
		parts = append(parts, "not the hand's "+strings.Join(extra, ", "))
	}
	if len(han) > 0 {
		parts = append(parts, strings.Join(han, ", "))
	}
	return strings.Join(parts, "; ")
}

// yakuText writes yaku as "riichi 1, pinfu 1".
func yakuText(ys []event.Yaku) string {
	if len(ys) == 0 {
		return "none"
	}
	var b strings.Builder
	for i, y := range ys {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%v %d", y.ID, y.Han)
	}
	return b.String()
}

func recordedYakuText(w *event.WinRecord) string {
	if w.Known&event.KnownYaku == 0 {
		return fmt.Sprintf("%d han", w.Han)
	}
	return yakuText(w.YakuList())
}

func doraText(c *yakuCounts) string {
	s := fmt.Sprintf("dora %d, ura %d, aka %d", c.dora, c.ura, c.aka)
	if c.kita > 0 {
		s += fmt.Sprintf(", kita %d", c.kita)
	}
	return s
}

func limitText(l event.Limit) string {
	if l == event.NoLimit {
		return "no limit"
	}
	return l.String()
}

// valueText describes a computed value: "3 han 30 fu", "mangan".
func valueText(res *scoring.Result) string {
	if res.Limit != event.NoLimit {
		return fmt.Sprintf("%s, %d han %d fu", res.Limit, res.Han, res.Fu)
	}
	return fmt.Sprintf("%d han %d fu", res.Han, res.Fu)
}

// Package stats turns judged games into the rows of haifu's tables (games,
// rounds, seats, discrepancies, errors) and aggregates them into the
// summary researchers read (draw rates, abortive draws, tenpai at draws,
// noten payments, discrepancies). Writing and reading the rows as Parquet
// files is package tables' job.
//
// Column names are snake_case and stable; docs/design.md names the ones scripts
// rely on (rounds.outcome, rounds.tenpai_count, rounds.noten_payment_total,
// seats.tenpai, seats.noten_payment, games.players, games.error).
package stats

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/haifu/haifu/adjudicator"
	"github.com/haifu/haifu/check"
	"github.com/haifu/haifu/event"
	"github.com/haifu/haifu/wall"
)

// GameRow is one row of the games table: one input that was read.
type GameRow struct {
	GameID *string `parquet:"game_id,optional,dict"`
	Path   string  `parquet:"path,dict"`
	// GameIndex is the index of the game in its file (0 unless the file
	// holds several games one after another); null for an input that
	// could not be read at all. Path and GameIndex name a game.
	GameIndex *int32 `parquet:"game_index,optional"`
	Format    string `parquet:"format,dict"`
	Platform  string `parquet:"platform,dict"`
	Players   int32  `parquet:"players"`
	// Length is "east" (tonpuusen), "south" (hanchan), "one" or "unknown".
	Length string `parquet:"length,dict"`
	// Lobby is the log's rule or table name (Tenhou's 四鳳南喰赤 whatever
	// the format wrote it, a Mahjong Soul room), null when the log names
	// none; LobbyLevel its table (Tenhou: ippan, joukyuu, tokujou, houou,
	// and wakaba, gin, kohaku, kujaku for chip tables; Mahjong Soul:
	// bronze, silver, gold, jade, throne), RedFives the red fives in its
	// set (null when the log does not say), OpenTanyao and Fast its flags
	// (null when unknown); TenhouType and TenhouLobby the GO attributes, or
	// null.
	Lobby       *string `parquet:"lobby,optional,dict"`
	LobbyLevel  *string `parquet:"lobby_level,optional,dict"`
	RedFives    *int32  `parquet:"red_fives,optional"`
	OpenTanyao  *bool   `parquet:"open_tanyao,optional"`
	Fast        *bool   `parquet:"fast,optional"`
	TenhouType  *int32  `parquet:"tenhou_type,optional"`
	TenhouLobby *int32  `parquet:"tenhou_lobby,optional"`
	// RuleSet is the rule set of the run this row is of (analyze --rules
	// A,B: "auto", a preset, a mapping "4p=wrc,3p=tenhou-sanma"): a game
	// has a row for each. Applicable: the rule set has rules for the
	// game's number of players (auto always); a game it does not apply to
	// is not judged under it (Rules null, no rows in the other tables).
	// Rules is the rule set judged under (the preset auto picked, or the
	// mapping's for the game); Native whether it is the log's own.
	RuleSet    string  `parquet:"rule_set,dict"`
	Applicable bool    `parquet:"applicable"`
	Rules      *string `parquet:"rules,optional,dict"`
	Native     bool    `parquet:"native"`
	// Hands is the number of hands read; Complete whether the game has a
	// recorded end.
	Hands    int32 `parquet:"hands"`
	Complete bool  `parquet:"complete"`
	// HandsJudged is the number of hands the rules judged: those before
	// the first divergence and up to the rules' end of the game (every
	// hand under the log's own rules); NotenPaymentTotal the noten
	// payments of those hands under the rules (null when not judged).
	HandsJudged       int32  `parquet:"hands_judged"`
	NotenPaymentTotal *int32 `parquet:"noten_payment_total,optional"`
	// Discrepancies is the number of findings; Undetermined the number of
	// findings that depend on which of several possible rule eras the log
	// is of (Rules then names them all, "tenhou-2010 or tenhou").
	Discrepancies int32 `parquet:"discrepancies"`
	Undetermined  int32 `parquet:"undetermined"`
	// DivergentFrom is the first hand the rules would have played
	// differently (null when none), DivergentReason why; EndedEarlyAfter
	// the hand after which the rules end the game before the log does.
	DivergentFrom   *int32  `parquet:"divergent_from,optional"`
	DivergentKind   *string `parquet:"divergent_kind,optional,dict"`
	DivergentReason *string `parquet:"divergent_reason,optional,dict"`
	EndedEarlyAfter *int32  `parquet:"ended_early_after,optional"`
	// WallForm is the form of the game's wall seed ("base64", "hex",
	// "per_hand"; "none" when the log has none, "other" for a seed of
	// another generator); WallChecked and WallNotChecked count the hands
	// checked against the wall it gives and those that could not be (see
	// rounds.wall_reason); WallSynchronised: the log is an excerpt whose
	// first hand was found further on in its seed's stream.
	WallForm         *string `parquet:"wall_form,optional,dict"`
	WallChecked      int32   `parquet:"wall_checked"`
	WallNotChecked   int32   `parquet:"wall_not_checked"`
	WallSynchronised bool    `parquet:"wall_synchronised"`
	// FinalScores and FinalPoints are the recorded game end (empty when
	// not recorded); ComputedFinal the final scores under the rules.
	FinalScores   []int32   `parquet:"final_scores,optional,list"`
	FinalPoints   []float64 `parquet:"final_points,optional,list"`
	ComputedFinal []int32   `parquet:"computed_final_scores,optional,list"`
	// Names and Ranks of the seats.
	Names []string `parquet:"names,optional,list"`
	Ranks []string `parquet:"ranks,optional,list"`
	// StartTime and EndTime are when the game started and ended (UTC;
	// from the record, or the start hour from a Tenhou log id), null when
	// unknown. In Go, Unix milliseconds.
	StartTime *int64 `parquet:"start_time,optional,timestamp(millisecond)"`
	EndTime   *int64 `parquet:"end_time,optional,timestamp(millisecond)"`
	// Year is the year the game started on its platform's clock: Japan
	// time for Tenhou (its log ids' clock; a game of New Year's morning
	// in Japan is of the new year), UTC for the others; null when
	// unknown.
	Year *int32 `parquet:"start_year,optional"`
	// IndexLobby, IndexStartTime and IndexPlacements come from a Tenhou
	// archive index (haifu analyze --index DIR, the index that haifu
	// archive index writes), joined by the game's log id (game_id): the
	// lobby of its listing ("public", "L1001", "C0431"), the start time of
	// its line (UTC, to the minute, where start_time has only the id's
	// hour), and each seat's final place (1 for first) in the listing's
	// rank order. Null when analyze ran without --index or the game is
	// not in the index; placements also null when the seats cannot be
	// matched to the listing's names and points. Fill leaves them
	// null: the caller joins.
	IndexLobby      *string `parquet:"index_lobby,optional,dict"`
	IndexStartTime  *int64  `parquet:"index_start_time,optional,timestamp(millisecond)"`
	IndexPlacements []int32 `parquet:"index_placements,optional,list"`
	// Warnings are problems the decoder worked around.
	Warnings []string `parquet:"warnings,list"`
	// Duplicate: a game of the same game_id was read before in the run
	// (the same log in two files): the game is counted once, there, and
	// this one has no rows in the other tables.
	Duplicate bool `parquet:"duplicate"`
	// Error is null when the game was read and judged; else why not.
	Error *string `parquet:"error,optional"`
}

// RoundRow is one row of the rounds table: one hand.
type RoundRow struct {
	GameID    *string `parquet:"game_id,optional,dict"`
	Path      string  `parquet:"path,dict"`
	GameIndex int32   `parquet:"game_index"`
	// Hand is the hand's 0-based index in the game.
	Hand int32 `parquet:"hand"`
	// Wind is "E", "S", "W" or "N"; Number 1-4; Round both ("E1").
	Wind    string `parquet:"wind,dict"`
	Number  int32  `parquet:"number"`
	Round   string `parquet:"round,dict"`
	Honba   int32  `parquet:"honba"`
	Sticks  int32  `parquet:"sticks"`
	Dealer  int32  `parquet:"dealer"`
	Players int32  `parquet:"players"`
	// Outcome is win, exhaustive, nagashi, nine_terminals, four_winds,
	// four_riichi, four_kans, triple_ron or incomplete.
	Outcome string `parquet:"outcome,dict"`
	// TenpaiCount is the number of tenpai seats at an exhaustive draw
	// (null for other outcomes); NotenPaymentTotal the points received by
	// tenpai players through noten payments (0 when none).
	TenpaiCount       *int32 `parquet:"tenpai_count,optional"`
	NotenPaymentTotal *int32 `parquet:"noten_payment_total,optional"`
	// Winners is the number of winners; Riichi the number of riichi sticks
	// paid this hand; Calls the chi, pon and open kans; Turns the discards.
	Winners int32 `parquet:"winners"`
	Riichi  int32 `parquet:"riichi"`
	Calls   int32 `parquet:"calls"`
	Turns   int32 `parquet:"turns"`
	// LiveLeft is the number of tiles left in the live wall at the end.
	LiveLeft int32 `parquet:"live_left"`
	// WallChecked: the hand was checked against the wall its seed gives
	// (verification level 5); else WallReason says why not ("no_seed",
	// "other_generator", "bad_seed", "no_tile_ids", "bad_hand").
	WallChecked bool    `parquet:"wall_checked"`
	WallReason  *string `parquet:"wall_reason,optional,dict"`
	// ExpectedKnown: the rules' score changes could be computed.
	ExpectedKnown bool `parquet:"expected_known"`
	// Divergent: the rules would have played this hand (or the game before
	// it) differently.
	Divergent bool `parquet:"divergent"`
	// Judged: the rules judged the hand (it is before the game's first
	// divergence and not after the rules' end of the game): the figures
	// under a rule set count these hands only. RecordedOutcome is the
	// outcome the log records (as played), beside Outcome, the rules'.
	Judged          bool   `parquet:"judged"`
	RecordedOutcome string `parquet:"recorded_outcome,dict"`
	// Renchan: under the rules the dealer deals the next hand; NextHonba
	// its honba under the rules. Null when the hand was not judged, is
	// incomplete, or (Renchan) the rules end the game after it.
	// RecordedRenchan and RecordedNextHonba are the log's next hand's
	// (null after the log's last hand). PaymentsDiffer: the rules' score
	// changes are not the recorded ones (null when either is unknown or
	// the hand was not judged).
	Renchan           *bool  `parquet:"renchan,optional"`
	NextHonba         *int32 `parquet:"next_honba,optional"`
	RecordedRenchan   *bool  `parquet:"recorded_renchan,optional"`
	RecordedNextHonba *int32 `parquet:"recorded_next_honba,optional"`
	PaymentsDiffer    *bool  `parquet:"payments_differ,optional"`
	RuleSet           string `parquet:"rule_set,dict"`
	Rules             string `parquet:"rules,dict"`
	Platform          string `parquet:"platform,dict"`
	Length            string `parquet:"length,dict"`
}

// SeatRow is one row of the seats table: one seat in one hand.
type SeatRow struct {
	GameID    *string `parquet:"game_id,optional,dict"`
	Path      string  `parquet:"path,dict"`
	GameIndex int32   `parquet:"game_index"`
	Hand      int32   `parquet:"hand"`
	Round     string  `parquet:"round,dict"`
	Honba     int32   `parquet:"honba"`
	Sticks    int32   `parquet:"sticks"`
	Seat      int32   `parquet:"seat"`
	IsDealer  bool    `parquet:"is_dealer"`
	Outcome   string  `parquet:"outcome,dict"`
	Name      *string `parquet:"name,optional,dict"`
	// Tenpai is null unless the hand ended in an exhaustive draw (or
	// nagashi); Waits the number of waits that count; Furiten whether a
	// ron would have been furiten.
	Tenpai  *bool `parquet:"tenpai,optional"`
	Waits   int32 `parquet:"waits"`
	Furiten bool  `parquet:"furiten"`
	// Revealed: the log showed the hand at the draw.
	Revealed bool  `parquet:"revealed"`
	Riichi   bool  `parquet:"riichi"`
	Calls    int32 `parquet:"calls"`
	Turns    int32 `parquet:"turns"`
	Won      bool  `parquet:"won"`
	DealtIn  bool  `parquet:"dealt_in"`
	// Chombo: the player was noten in riichi at an exhaustive draw where
	// the rules make that a chombo.
	Chombo bool `parquet:"chombo"`
	// RecordedDelta and ComputedDelta are the score changes of the hand as
	// recorded and under the rules (null when they cannot be computed);
	// NotenPayment the signed noten payment under the rules.
	RecordedDelta int32  `parquet:"recorded_delta"`
	ComputedDelta *int32 `parquet:"computed_delta,optional"`
	NotenPayment  *int32 `parquet:"noten_payment,optional"`
	// ScoreStart is the recorded score at the start of the hand;
	// ScoreComputed the rules' counterfactual score after it.
	ScoreStart    int32 `parquet:"score_start"`
	ScoreComputed int32 `parquet:"score_computed"`
	// Standing is the seat's place by ScoreStart at the hand's start (1
	// for first; a tie goes to the seat nearer seat 0, the first dealer).
	Standing int32 `parquet:"standing"`
	// Judged is the hand's (rounds.judged); RuleSet, Rules, Players,
	// Platform and Length are the game's, for grouping.
	Judged   bool   `parquet:"judged"`
	RuleSet  string `parquet:"rule_set,dict"`
	Rules    string `parquet:"rules,dict"`
	Players  int32  `parquet:"players"`
	Platform string `parquet:"platform,dict"`
	Length   string `parquet:"length,dict"`
}

// DiscrepancyRow is one finding: a legality problem or a difference between
// the rules and the log.
type DiscrepancyRow struct {
	GameID    *string `parquet:"game_id,optional,dict"`
	Path      string  `parquet:"path,dict"`
	GameIndex int32   `parquet:"game_index"`
	Hand      *int32  `parquet:"hand,optional"`
	Round     *string `parquet:"round,optional,dict"`
	Event     *int32  `parquet:"event,optional"`
	Seat      *int32  `parquet:"seat,optional"`
	// CheckName is the check's name ("draw.payment"; haifu checks lists
	// them).
	CheckName string `parquet:"check_name,dict"`
	// Severity is "discrepancy", or "undetermined" for a finding the
	// log's own rules make in some of the eras the log may be of and not
	// in others (Message says what is uncertain).
	Severity string `parquet:"severity,dict"`
	Message  string `parquet:"message"`
	// Expected is what the rules say, Recorded what the log has; null for
	// a finding that compares nothing (a legality finding).
	Expected *string `parquet:"expected,optional"`
	Recorded *string `parquet:"recorded,optional"`
	// ExpectedNumber and RecordedNumber are the same as numbers, where the
	// finding compares one number (han, fu, points); ExpectedNumbers and
	// RecordedNumbers where it compares one per seat (scores, score
	// changes, final points); null otherwise (check.Value, docs/findings.md).
	ExpectedNumber  *float64  `parquet:"expected_number,optional"`
	RecordedNumber  *float64  `parquet:"recorded_number,optional"`
	ExpectedNumbers []float64 `parquet:"expected_numbers,optional,list"`
	RecordedNumbers []float64 `parquet:"recorded_numbers,optional,list"`
	// Link is the Tenhou viewer link to the finding's hand
	// (event.Meta.ViewerLink), null for a log without a Tenhou id.
	Link    *string `parquet:"link,optional"`
	RuleSet string  `parquet:"rule_set,dict"`
	// Rules is the rule set under which the finding is a discrepancy: the
	// one judged under, or for an undetermined finding the candidates that
	// make it.
	Rules string `parquet:"rules,dict"`
	// Platform, Players and Length are the game's (for grouping).
	Platform string `parquet:"platform,dict"`
	Players  int32  `parquet:"players"`
	Length   string `parquet:"length,dict"`
}

// ErrorRow is one input that could not be read or judged.
type ErrorRow struct {
	Path   string  `parquet:"path,dict"`
	GameID *string `parquet:"game_id,optional,dict"`
	// GameIndex is the game's index in its file, null when the input as
	// a whole could not be read (or the error follows its last game).
	GameIndex *int32 `parquet:"game_index,optional"`
	Format    string `parquet:"format,dict"`
	// ByteOffset and Index locate the problem in the input (null when
	// unknown); Round names the hand (null when none).
	ByteOffset *int64  `parquet:"byte_offset,optional"`
	Index      *int32  `parquet:"item,optional"`
	Round      *string `parquet:"round,optional,dict"`
	// Line and Column are the line and column of ByteOffset, from 1, where
	// they are known (event.Error.Locate); null otherwise.
	Line   *int32 `parquet:"line,optional"`
	Column *int32 `parquet:"col,optional"`
	Error  string `parquet:"error"`
}

// GameRows are the rows one input contributes to the tables.
type GameRows struct {
	Game          GameRow
	Rounds        []RoundRow
	Seats         []SeatRow
	Discrepancies []DiscrepancyRow
	Wins          []WinRow
	Errors        []ErrorRow
}

var windLetters = [...]string{"E", "S", "W", "N"}

func i32p(v int32) *int32 { return &v }

// valueColumns returns a finding's typed value as the discrepancies
// table's columns: a number, or a list of numbers, or neither.
func valueColumns(v check.Value) (*float64, []float64) {
	switch v.Kind() {
	case check.NumberValue:
		n := v.Number()
		return &n, nil
	case check.NumbersValue:
		return nil, append([]float64{}, v.Numbers()...)
	}
	return nil, nil
}

// strp returns a pointer to s, or nil for "" (unknown: null in the tables).
func strp(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// Fill makes r the rows of one input: g as decoded (possibly partly, when
// decodeErr is not nil), rep its judgement (nil when it was not judged),
// under the rule set "auto" when rep is native, else rep's. It reuses r's
// storage: the rows r held before are overwritten, and slices and pointers
// taken from them must no longer be used.
func (r *GameRows) Fill(path string, g *event.Game, rep *adjudicator.Report, decodeErr error) {
	set := "auto"
	if rep != nil && !rep.Native {
		set = rep.Rules.Name
	}
	r.fill(path, g, set, rep, "", decodeErr, true)
}

// InputRows are the rows of one input under each rule set of a run, in the
// order of the rule sets: the games row of each (the other tables' rows of
// those that apply), and the errors rows once, in the first's.
type InputRows struct {
	Sets []GameRows
}

// Fill makes r the rows of one input under the rule sets sets: g as
// decoded (possibly partly, when decodeErr is not nil), js its judgements
// under them (adjudicator.Judger.JudgeSets; nil when it was not judged).
// It reuses r's storage, as GameRows.Fill does.
func (r *InputRows) Fill(path string, g *event.Game, sets []*adjudicator.RuleSet, js []adjudicator.SetJudgement, decodeErr error) {
	for len(r.Sets) < len(sets) {
		r.Sets = append(r.Sets, GameRows{})
	}
	r.Sets = r.Sets[:len(sets)]
	for i, rs := range sets {
		var rep *adjudicator.Report
		notApplicable := ""
		err := decodeErr
		if i < len(js) && decodeErr == nil {
			// A game read in part is not judged (its report is of the
			// events read): its errors row says where it broke.
			rep, notApplicable = js[i].Report, js[i].NotApplicable
			if err == nil && js[i].Err != nil {
				err = fmt.Errorf("%s: %w", path, js[i].Err)
			}
		}
		r.Sets[i].fill(path, g, rs.Name, rep, notApplicable, err, i == 0)
	}
}

// japan is Japan Standard Time (no daylight saving since 1951): the clock
// of Tenhou's log ids and listings.
var japan = time.FixedZone("JST", 9*60*60)

// year returns the year of a game that started at unix (seconds) on its
// platform's clock: Japan time for Tenhou, UTC for the others.
func year(unix int64, platform event.Platform) int {
	t := time.Unix(unix, 0).UTC()
	if platform == event.Tenhou {
		t = t.In(japan)
	}
	return t.Year()
}

// fill makes r the rows of one input under the rule set set: rep its
// judgement (nil when not judged: notApplicable says why when the rule
// set does not apply), withErrors whether the errors rows are r's.
func (r *GameRows) fill(path string, g *event.Game, set string, rep *adjudicator.Report, notApplicable string, decodeErr error, withErrors bool) {
	*r = GameRows{Rounds: r.Rounds[:0], Seats: r.Seats[:0], Discrepancies: r.Discrepancies[:0], Wins: r.Wins[:0], Errors: r.Errors[:0]}
	m := &g.Meta
	players := m.PlayerCount()
	gr := &r.Game
	gid := strp(m.ID)
	gr.GameID, gr.Path = gid, path
	gr.RuleSet, gr.Applicable = set, notApplicable == ""
	if m.GameIndex >= 0 {
		gr.GameIndex = i32p(int32(m.GameIndex))
	}
	gi := int32(max(m.GameIndex, 0))
	gr.Format, gr.Platform = m.Format.String(), m.Platform.String()
	gr.Players = int32(m.Players)
	gr.Length = m.Length.String()
	gr.fillLobby(m)
	if m.Rules.TenhouType >= 0 && m.Format == event.FormatMjlog {
		gr.TenhouType = i32p(m.Rules.TenhouType)
	}
	if m.Rules.TenhouLobby >= 0 && m.Format == event.FormatMjlog {
		gr.TenhouLobby = i32p(m.Rules.TenhouLobby)
	}
	gr.Hands = int32(len(g.Rounds))
	gr.Complete = g.Complete()
	if m.StartTime != 0 {
		t := m.StartTime * 1000
		gr.StartTime = &t
		gr.Year = i32p(int32(year(m.StartTime, m.Platform)))
	}
	if m.EndTime != 0 {
		t := m.EndTime * 1000
		gr.EndTime = &t
	}
	// The names of the players the game has: none for a game that could
	// not be read.
	named, ranked := false, false
	for s := range min(max(int(m.Players), 0), len(m.Seats)) {
		named = named || m.Seats[s].Name != ""
		ranked = ranked || m.Seats[s].Rank != ""
	}
	for s := range min(max(int(m.Players), 0), len(m.Seats)) {
		if named {
			gr.Names = append(gr.Names, m.Seats[s].Name)
		}
		if ranked {
			gr.Ranks = append(gr.Ranks, m.Seats[s].Rank)
		}
	}
	gr.Warnings = m.Warnings
	if len(g.End) > 0 {
		e := &g.End[0]
		if e.Known&event.KnownScores != 0 {
			gr.FinalScores = append([]int32(nil), e.Scores[:players]...)
		}
		if e.Known&event.KnownPoints2 != 0 {
			gr.FinalPoints = append([]float64(nil), e.Points[:players]...)
		}
	}
	if decodeErr != nil {
		msg := decodeErr.Error()
		gr.Error = &msg
		if !withErrors {
			return
		}
		er := ErrorRow{Path: path, GameID: gid, GameIndex: gr.GameIndex, Format: gr.Format, Error: msg}
		var pe *event.Error
		if errors.As(decodeErr, &pe) {
			if pe.Offset >= 0 {
				o := pe.Offset
				er.ByteOffset = &o
			}
			if pe.Index >= 0 {
				er.Index = i32p(int32(pe.Index))
			}
			if pe.Hand >= 0 {
				er.Round = strp(pe.Round.String())
			}
			if pe.Line > 0 {
				er.Line, er.Column = i32p(int32(pe.Line)), i32p(int32(pe.Column))
			}
		}
		r.Errors = append(r.Errors, er)
	}
	if rep == nil {
		return
	}
	gr.Rules, gr.Native = strp(rep.Rules.Name), rep.Native
	noten := int32(0)
	defer func() { gr.NotenPaymentTotal = i32p(noten) }()
	gr.Discrepancies = int32(len(rep.Findings))
	if rep.DivergentFrom >= 0 {
		gr.DivergentFrom = i32p(int32(rep.DivergentFrom))
		gr.DivergentKind = strp(string(rep.DivergentKind))
		gr.DivergentReason = strp(rep.DivergentReason)
	}
	if rep.EndedEarly {
		gr.EndedEarlyAfter = i32p(int32(rep.EndedAfter))
	}
	wr := rep.Wall
	if wr != nil {
		gr.WallForm = strp(wr.Form.String())
		gr.WallChecked, gr.WallNotChecked, gr.WallSynchronised = int32(wr.Checked), int32(wr.NotChecked), wr.Synchronised
	}
	if rep.FinalKnown {
		gr.ComputedFinal = append([]int32(nil), rep.Final[:players]...)
	}
	// The nullable columns point into storage of this game's own (rows
	// are copied and written after r is filled again), allocated once at
	// its full size so that appending never moves what rows point to.
	var names [4]*string
	for s := range min(players, len(m.Seats)) {
		names[s] = strp(m.Seats[s].Name)
	}
	ints := make([]int32, 0, len(rep.Hands)*(2*players+4))
	bools := make([]bool, 0, len(rep.Hands)*(players+4))
	i32 := func(v int32) *int32 {
		ints = append(ints, v)
		return &ints[len(ints)-1]
	}
	boolp := func(v bool) *bool {
		bools = append(bools, v)
		return &bools[len(bools)-1]
	}
	for k := range rep.Hands {
		h := &rep.Hands[k]
		judged := !h.Divergent
		rr := RoundRow{GameID: gid, Path: path, GameIndex: gi, Hand: int32(h.Index), Number: int32(h.Round.Number),
			Honba: int32(h.Round.Honba), Sticks: int32(h.Sticks), Dealer: int32(h.Dealer), Players: int32(players),
			Outcome: h.Outcome.String(), LiveLeft: int32(h.LiveLeft),
			ExpectedKnown: h.ExpectedKnown, Divergent: h.Divergent, Judged: judged, RecordedOutcome: h.RecordedOutcome.String(),
			RuleSet: set, Rules: rep.Rules.Name, Platform: gr.Platform, Length: gr.Length}
		if judged {
			gr.HandsJudged++
			if h.ExpectedKnown {
				rr.NotenPaymentTotal = i32(h.NotenPaymentTotal)
				noten += h.NotenPaymentTotal
			}
			if h.NextKnown {
				if !h.GameEnds {
					rr.Renchan = boolp(h.DealerKeeps)
				}
				rr.NextHonba = i32(int32(h.NextHonba))
			}
		}
		if k+1 < len(rep.Hands) {
			next := &rep.Hands[k+1]
			rr.RecordedRenchan = boolp(next.Dealer == h.Dealer)
			rr.RecordedNextHonba = i32(int32(next.Round.Honba))
		}
		if h.Round.Wind >= 0 && int(h.Round.Wind) < len(windLetters) {
			rr.Wind = windLetters[h.Round.Wind]
		}
		rr.Round = roundName(h.Round.Wind, h.Round.Number)
		if wr != nil && h.Index >= 0 && h.Index < len(wr.Hands) {
			wh := &wr.Hands[h.Index]
			rr.WallChecked = wh.Status != wall.NotChecked
			if !rr.WallChecked {
				rr.WallReason = strp(wh.Reason.String())
			}
		}
		exhaustive := h.Outcome == adjudicator.ExhaustiveOutcome || h.Outcome == adjudicator.NagashiOutcome
		unknown := false // a hidden hand's tenpai is unknown
		differ := false
		var standing [4]int32
		for s := range players {
			unknown = unknown || h.Seats[s].TenpaiUnknown
			differ = differ || h.Seats[s].Expected != h.Seats[s].Recorded
			standing[s] = 1
			for o := range players {
				so, ss := h.Seats[o].Start, h.Seats[s].Start
				if so > ss || so == ss && o < s {
					standing[s]++
				}
			}
		}
		if judged && h.ExpectedKnown && h.RecordedKnown {
			rr.PaymentsDiffer = boolp(differ)
		}
		if exhaustive && h.TenpaiCount >= 0 && !unknown {
			rr.TenpaiCount = i32(int32(h.TenpaiCount))
		}
		for s := range players {
			sr := &h.Seats[s]
			if sr.Won {
				rr.Winners++
			}
			if sr.Riichi {
				rr.Riichi++
			}
			rr.Calls += int32(sr.Calls)
			rr.Turns += int32(sr.Turns)
			row := SeatRow{GameID: gid, Path: path, GameIndex: gi, Hand: int32(h.Index), Round: rr.Round, Honba: rr.Honba, Sticks: rr.Sticks,
				Seat: int32(s), IsDealer: event.Seat(s) == h.Dealer, Outcome: rr.Outcome, Name: names[s],
				Waits: int32(sr.Waits), Furiten: sr.Furiten, Revealed: sr.Revealed, Riichi: sr.Riichi, Calls: int32(sr.Calls),
				Turns: int32(sr.Turns), Won: sr.Won, DealtIn: sr.DealtIn, Chombo: sr.Chombo, RecordedDelta: sr.Recorded,
				ScoreStart: sr.Start, ScoreComputed: sr.Computed, Standing: standing[s], Judged: judged,
				RuleSet: set, Rules: rep.Rules.Name, Players: int32(players), Platform: gr.Platform, Length: gr.Length}
			if judged && h.ExpectedKnown {
				row.NotenPayment = i32(sr.NotenPayment)
			}
			if exhaustive && !sr.TenpaiUnknown {
				row.Tenpai = boolp(sr.Tenpai)
			}
			if h.ExpectedKnown {
				row.ComputedDelta = i32(sr.Expected)
			}
			r.Seats = append(r.Seats, row)
		}
		r.Rounds = append(r.Rounds, rr)
	}
	add := func(f *check.Finding, severity, message, rules string) {
		d := DiscrepancyRow{GameID: gid, Path: path, GameIndex: gi, CheckName: f.Check.String(), Severity: severity, Message: message, Expected: strp(f.Expected), Recorded: strp(f.Recorded), RuleSet: set, Rules: rules,
			Platform: gr.Platform, Players: gr.Players, Length: gr.Length, Link: strp(m.ViewerLink(f.Hand, f.Seat))}
		d.ExpectedNumber, d.ExpectedNumbers = valueColumns(f.ExpectedValue)
		d.RecordedNumber, d.RecordedNumbers = valueColumns(f.RecordedValue)
		if f.Hand >= 0 {
			d.Hand = i32p(int32(f.Hand))
			d.Round = strp(f.Round.String())
		}
		if f.Event >= 0 {
			d.Event = i32p(int32(f.Event))
		}
		if f.Seat != event.NoSeat {
			d.Seat = i32p(int32(f.Seat))
		}
		r.Discrepancies = append(r.Discrepancies, d)
	}
	for i := range rep.Findings {
		f := &rep.Findings[i]
		add(f, SeverityDiscrepancy, f.Message, rep.Rules.Name)
	}
	for i := range rep.Undetermined {
		// An undetermined finding is a discrepancy under the rule sets
		// Under, which its row names (rep.Rules is the candidate with the
		// fewest findings, often one that does not make it).
		u := &rep.Undetermined[i]
		add(&u.Finding, SeverityUndetermined, u.Message+" ("+u.Explain()+")", strings.Join(u.Under, ", "))
	}
	r.fillWins(m, rep, gr)
	if len(rep.Candidates) > 1 {
		gr.Rules = strp(strings.Join(rep.Candidates, " or "))
	}
	gr.Undetermined = int32(len(rep.Undetermined))
}

// The severities of the discrepancies table.
const (
	SeverityDiscrepancy  = "discrepancy"
	SeverityUndetermined = "undetermined"
)

// roundNames are "E1" to "N4".
var roundNames = [4][4]string{
	{"E1", "E2", "E3", "E4"}, {"S1", "S2", "S3", "S4"}, {"W1", "W2", "W3", "W4"}, {"N1", "N2", "N3", "N4"},
}

// roundName is the round's wind letter and number ("E1"); an unknown wind
// or number has only what is known.
func roundName(wind, number int8) string {
	if wind >= 0 && int(wind) < len(roundNames) && number >= 1 && int(number) <= len(roundNames[0]) {
		return roundNames[wind][number-1]
	}
	w := ""
	if wind >= 0 && int(wind) < len(windLetters) {
		w = windLetters[wind]
	}
	return w + string(rune('0'+number))
}

// MarkDuplicate marks r as the rows of a game read before in the run (the
// same game_id): its games rows are kept, with Duplicate set, and its rows
// of the other tables are dropped, so that the game is counted once.
func (r *InputRows) MarkDuplicate() {
	for i := range r.Sets {
		g := &r.Sets[i]
		g.Game.Duplicate = true
		g.Rounds, g.Seats, g.Wins, g.Discrepancies = g.Rounds[:0], g.Seats[:0], g.Wins[:0], g.Discrepancies[:0]
	}
}

// GameIDs remembers the game ids it was shown, 8 bytes of hash each (two
// different ids are taken for one with odds of about n²/2⁶⁵ for n ids).
// The zero GameIDs is ready.
type GameIDs struct {
	seen map[uint64]struct{}
	// N is the number of ids Seen found seen before.
	N int
}

// Seen reports whether id was shown before, and remembers it.
func (d *GameIDs) Seen(id string) bool {
	if d.seen == nil {
		d.seen = map[uint64]struct{}{}
	}
	h := idHash(id)
	if _, ok := d.seen[h]; ok {
		d.N++
		return true
	}
	d.seen[h] = struct{}{}
	return false
}

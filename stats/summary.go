package stats

import (
	"encoding/json"
	"fmt"
	"hash/fnv"
	"io"
	"maps"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"github.com/rivo/uniseg"
)

// DivergenceCount counts the games of one kind of divergence, and their
// hands from the divergence on.
type DivergenceCount struct {
	Games int `json:"games"`
	Hands int `json:"hands"`
}

// abortiveKinds are the outcomes of the five abortive draws.
var abortiveKinds = []string{"nine_terminals", "four_winds", "four_riichi", "four_kans", "triple_ron"}

// EndedEarly is the reason of HandsPast for the hands after the hand at
// which the rules end the game (games.ended_early_after).
const EndedEarly = "game_ended_earlier"

// Counts are the figures of one group of games under one rule set. Every
// figure of what the rules decide counts the hands the rules judged
// (rounds.judged: before the game's first divergence and not after the
// rules' end of the game), never the recorded values of hands past them;
// Hands, RecordedOutcomes and the wins, discrepancies and wall counts
// describe every hand of the games.
type Counts struct {
	// Games are the judged games of the group; GamesWhole those judged to
	// their end (no divergence: the rules' whole game is in the log).
	Games      int `json:"games"`
	GamesWhole int `json:"games_judged_whole"`
	// Hands are every hand of the games; HandsJudged those the rules
	// judged; HandsPast the others by why: the kind of the game's
	// divergence (games.divergent_kind), or EndedEarly.
	Hands       int            `json:"hands"`
	HandsJudged int            `json:"hands_judged"`
	HandsPast   map[string]int `json:"hands_past"`
	// DivergentGames are the games with a divergence, Divergences them and
	// the hands from their divergence on by kind, EndedEarlyGames the
	// games the rules end before the log does.
	DivergentGames  int                        `json:"divergent_games"`
	Divergences     map[string]DivergenceCount `json:"divergences"`
	EndedEarlyGames int                        `json:"ended_early_games"`
	// Outcomes counts the judged hands by the rules' outcome
	// (rounds.outcome); RecordedOutcomes every hand by the recorded one
	// (rounds.recorded_outcome, as played).
	Outcomes         map[string]int `json:"outcomes"`
	RecordedOutcomes map[string]int `json:"recorded_outcomes"`
	// ExhaustiveDraws counts the judged hands that end in an exhaustive
	// draw or nagashi mangan; DrawRate is it of the judged hands; Nagashi,
	// Chombo and Abortive (by kind: the abortive draws the rules take) the
	// same of those outcomes.
	ExhaustiveDraws int             `json:"exhaustive_draws"`
	DrawRate        Rate            `json:"exhaustive_draw_rate"`
	Nagashi         Rate            `json:"nagashi"`
	Chombo          Rate            `json:"chombo"`
	Abortive        map[string]Rate `json:"abortive"`
	// TenpaiAtDraw[n] is the share of the judged exhaustive draws (whose
	// every tenpai is known) with n tenpai players; nil when the group
	// mixes sanma and four-player games, whose counts do not add up to one
	// distribution.
	TenpaiAtDraw []Rate `json:"tenpai_at_draw,omitempty"`
	// NotenTotal is the noten payments of the judged hands whose payments
	// the rules give (rounds.noten_payment_total), NotenDraws their
	// exhaustive draws, NotenPerDraw the one of the other; NotenGamesTotal
	// the noten payments of the games judged whole, NotenPerGame it per
	// such game.
	NotenTotal      int64   `json:"noten_payment_total"`
	NotenDraws      int     `json:"noten_payment_draws"`
	NotenPerDraw    float64 `json:"noten_payment_per_draw"`
	NotenGamesTotal int64   `json:"noten_payment_games_whole_total"`
	NotenPerGame    float64 `json:"noten_payment_per_game"`
	// DealerContinues is the share of the judged hands after which the
	// rules give the dealer the next hand (renchan), of those the rules
	// follow with another hand; HandsPerGame the hands of the games judged
	// whole, per game.
	DealerContinues Rate    `json:"dealer_continuation"`
	HandsPerGame    float64 `json:"hands_per_game"`
	// Differs: what the rules change of the recorded play: the judged
	// hands whose score changes differ (of those where both are known),
	// whose next dealer or next honba differs (of those with a next hand
	// in the log and under the rules), and the games whose end differs
	// (ended earlier, or would go on: of the judged games).
	PaymentsDiffer Rate `json:"payments_differ"`
	DealerDiffers  Rate `json:"next_dealer_differs"`
	HonbaDiffers   Rate `json:"next_honba_differs"`
	GameEndDiffers Rate `json:"game_end_differs"`
	// Seats are the per-seat rates of the judged hands.
	Seats SeatStats `json:"seats"`
	// AverageWin is the mean value of the wins of judged hands under the
	// rules (wins.points: without honba and sticks) over WinsValued of
	// them; AverageRecordedWin the mean recorded value of the judged wins
	// that record one (wins.recorded_points) over WinsRecorded.
	AverageWin         float64 `json:"average_win"`
	WinsValued         int     `json:"wins_valued"`
	AverageRecordedWin float64 `json:"average_recorded_win"`
	WinsRecorded       int     `json:"wins_recorded_value"`
	// Discrepancies counts findings by check; Undetermined the findings
	// that depend on the rule era a log without a date is of.
	Discrepancies map[string]int `json:"discrepancies"`
	Undetermined  map[string]int `json:"undetermined,omitempty"`
	// Wins counts the recorded wins, Scored those the scorer valued under
	// the rules and NoYaku those with no yaku under them; Yaku counts the
	// scored wins that have each yaku (dora aside) and Limits the scored
	// wins by limit ("none" below mangan). Wins of divergent hands count
	// too.
	Wins   int            `json:"wins"`
	Scored int            `json:"wins_scored"`
	NoYaku int            `json:"wins_no_yaku"`
	Yaku   map[string]int `json:"yaku"`
	Limits map[string]int `json:"limits"`
	// Han counts the scored wins with yaku by their han in all (dora
	// included; wins.han: those whose ura indicators are known), Fu by
	// their fu (wins.fu).
	Han map[int]int `json:"han"`
	Fu  map[int]int `json:"fu"`
	// WallChecked counts the hands checked against the wall their seed
	// gives (verification level 5), WallNotChecked those that could not
	// be, by reason (rounds.wall_reason: "no_seed" for a log without one).
	WallChecked    int            `json:"wall_checked"`
	WallNotChecked map[string]int `json:"wall_not_checked"`

	// players has bit n set when the group has n-player games.
	players uint8
	// winPoints and recordedPoints sum the values AverageWin and
	// AverageRecordedWin are the means of.
	winPoints, recordedPoints int64
	// tenpai[n] counts the judged draws with n tenpai, tenpaiKnown those
	// whose tenpai count is known.
	tenpai      [5]int
	tenpaiKnown int
	handsWhole  int
}

// SeatStats are the per-seat rates of the judged hands: of every seat, of
// the dealer and the others, and by standing at the hand's start
// (seats.standing: Standing[0] the leader).
type SeatStats struct {
	All       SeatRates   `json:"all"`
	Dealer    SeatRates   `json:"dealer"`
	NonDealer SeatRates   `json:"non_dealer"`
	Standing  []SeatRates `json:"by_standing"`
}

// SeatRates are the rates of a seat in a hand: it won, dealt in, declared
// riichi, called (opened its hand: a chi, pon or open kan), each of the
// seats' hands; and it was tenpai at an exhaustive draw, of the seats'
// hands that ended in one (with tenpai known).
type SeatRates struct {
	Win          Rate `json:"win"`
	DealIn       Rate `json:"deal_in"`
	Riichi       Rate `json:"riichi"`
	Call         Rate `json:"call"`
	TenpaiAtDraw Rate `json:"tenpai_at_draw"`
}

// add counts one judged seats row.
func (r *SeatRates) add(s *SeatRow) {
	r.Win.add(s.Won)
	r.DealIn.add(s.DealtIn)
	r.Riichi.add(s.Riichi)
	r.Call.add(s.Calls > 0)
	if s.Tenpai != nil && (s.Outcome == "exhaustive" || s.Outcome == "nagashi") {
		r.TenpaiAtDraw.add(*s.Tenpai)
	}
}

func (r *SeatRates) finish() {
	r.Win.finish("seat-hands")
	r.DealIn.finish("seat-hands")
	r.Riichi.finish("seat-hands")
	r.Call.finish("seat-hands")
	r.TenpaiAtDraw.finish("seat-hands at exhaustive draws")
}

func newCounts() *Counts {
	return &Counts{HandsPast: map[string]int{}, Divergences: map[string]DivergenceCount{}, Outcomes: map[string]int{}, RecordedOutcomes: map[string]int{},
		Abortive: map[string]Rate{}, Discrepancies: map[string]int{}, Undetermined: map[string]int{}, Yaku: map[string]int{}, Limits: map[string]int{}, Han: map[int]int{}, Fu: map[int]int{},
		WallNotChecked: map[string]int{}, Seats: SeatStats{Standing: make([]SeatRates, 4)}}
}

// RuleSetSummary are the figures of one rule set of a run.
type RuleSetSummary struct {
	// Name is the rule set (games.rule_set).
	Name string `json:"rule_set"`
	// NotApplicable counts the games the rule set has no rules for, by
	// number of players ("3p"): they are in none of its figures.
	NotApplicable map[string]int `json:"not_applicable"`
	// All covers every judged game the rule set applies to; Players splits
	// it by number of players ("3p", "4p"), and when both are there All
	// has no tenpai distribution; Groups split it by the summary's
	// dimensions, in their order ("tenhou 4p south").
	All     *Counts            `json:"all"`
	Players map[string]*Counts `json:"players"`
	Groups  map[string]*Counts `json:"groups"`
	// ByPlayer are the per-seat rates of each player (seats.name) with at
	// least the summary's MinHands judged hands (--by player); nil unless
	// asked for.
	ByPlayer map[string]*SeatRates `json:"by_player,omitempty"`
	// PlayersBelowMin is the number of named players with fewer hands.
	PlayersBelowMin int `json:"players_below_min_hands,omitempty"`
}

func newRuleSetSummary(name string, byPlayer bool) *RuleSetSummary {
	rs := &RuleSetSummary{Name: name, NotApplicable: map[string]int{}, All: newCounts(), Players: map[string]*Counts{}, Groups: map[string]*Counts{}}
	if byPlayer {
		rs.ByPlayer = map[string]*SeatRates{}
	}
	return rs
}

// Summary aggregates rows into the figures `haifu analyze` and `haifu
// summary` print, for each rule set of the run. Feed it every row of the
// tables, in any order (a game's games rows before its other rows when the
// groups need the games row: year, lobby); its memory does not grow with
// the number of rows, but for the groups of the games so fed, the game
// ids of several outputs (NextOutput) and the players of --by player. The
// zero Summary is not ready: use NewSummary. It is not safe for
// concurrent use.
type Summary struct {
	// Inputs is the number of inputs found: the games, and the inputs that
	// could not be read at all (Unreadable; no game: missing files,
	// content that is no log, bytes after the last game of a file).
	// Inputs == Games + Unreadable. Of the games, Judged were read and
	// judged, NotRead could not be read completely (a truncated or
	// malformed log). Failed is NotRead + Unreadable: the games rows whose
	// error is not null. Duplicates are the games of a game_id counted
	// before (the same log in two files, or two outputs): counted once,
	// and not in Games. Each input is counted once, from its rows of the
	// first rule set.
	Inputs     int `json:"inputs"`
	Games      int `json:"games"`
	Unreadable int `json:"unreadable"`
	Judged     int `json:"judged"`
	NotRead    int `json:"not_read"`
	Failed     int `json:"failed"`
	Duplicates int `json:"duplicates"`
	// By are the dimensions of the groups; MinHands the fewest judged
	// hands of a player of ByPlayer (--by player).
	By       []string `json:"by"`
	MinHands int      `json:"min_hands,omitempty"`
	// RuleSets are the figures of each rule set, in the run's order.
	RuleSets []*RuleSetSummary `json:"rule_sets"`

	byPlayer bool
	sets     map[string]*RuleSetSummary
	// gameGroups names the group of each judged game AddGame counted so
	// far, for the rows fed table by table when By needs a column only
	// games has (year, lobby); nil otherwise.
	gameGroups map[gameKey]string
	// output is the output directory being read (NextOutput), ids the
	// output each game id was first seen in, dups the games of a later
	// output that are duplicates.
	output int32
	ids    map[uint64]int32
	dups   map[gameKey]bool
	// tally holds the names of the rows being counted (see gameTally),
	// which go into the counts pending (the rows of one key of rowCounts
	// are tallied together: flushTally).
	tally   gameTally
	pending []*Counts
	// lastKey and lastCounts are the key of the last row of another table
	// than games and the counts it went into.
	lastKey    rowKey
	lastCounts []*Counts
	lastSet    *RuleSetSummary
}

// rowKey is what decides the counts of a row of another table than games.
type rowKey struct {
	set      string
	path     string
	index    int32
	platform string
	players  int32
	length   string
}

// gameKey names a game: its output, path and index in its file.
type gameKey struct {
	output int32
	path   string
	index  int32
}

// dimensions are what a summary can group games by: the year the game
// started (games.year: Japan time for Tenhou), its lobby (games.lobby),
// platform, number of players and length; "player" is not a group but
// asks for the per-player rates (ByPlayer).
var dimensions = []string{"year", "lobby", "platform", "players", "length", "player"}

// DefaultBy are the dimensions of the groups when none are asked for.
var DefaultBy = []string{"platform", "players", "length"}

// DefaultMinHands is the fewest judged hands of a player --by player
// lists.
const DefaultMinHands = 1000

// NewSummary returns an empty Summary grouping games by the given
// dimensions (DefaultBy when none but "player"); "player" among them asks
// for the per-player rates of players with DefaultMinHands hands or more
// (SetMinHands changes it).
func NewSummary(by ...string) *Summary {
	s := &Summary{sets: map[string]*RuleSetSummary{}, output: -1}
	for _, d := range by {
		if d == "player" {
			s.byPlayer = true
			continue
		}
		s.By = append(s.By, d)
	}
	if len(s.By) == 0 {
		s.By = slices.Clone(DefaultBy)
	}
	if s.byPlayer {
		s.MinHands = DefaultMinHands
	}
	if slices.Contains(s.By, "year") || slices.Contains(s.By, "lobby") {
		s.gameGroups = map[gameKey]string{}
	}
	return s
}

// SetMinHands sets the fewest judged hands of a player of ByPlayer.
func (s *Summary) SetMinHands(n int) {
	if s.byPlayer {
		s.MinHands = n
	}
}

// NextOutput says that the rows that follow are of another output
// directory than those before (haifu summary DIR...): a game whose game_id
// an earlier output has is a duplicate, counted once.
func (s *Summary) NextOutput() {
	s.output++
	if s.ids == nil {
		s.ids, s.dups = map[uint64]int32{}, map[gameKey]bool{}
	}
	s.flushTally()
	s.lastCounts = nil
}

// Duplicate reports whether the game at index of the file path, of the
// output being read, is a duplicate of a game of an earlier output
// (NextOutput): its games row of the first rule set was counted as one,
// and none of its rows go into the figures. It is false before
// NextOutput, and after Finish.
func (s *Summary) Duplicate(path string, index int32) bool {
	return s.dups[gameKey{s.output, path, index}]
}

// flushTally adds the names tallied to the counts they are for.
func (s *Summary) flushTally() {
	if s.pending != nil {
		s.tally.into(s.pending)
		s.pending = nil
	}
}

// CheckBy reports a dimension of by that is not one of those a summary can
// group games by: year (the year the game started: Japan time for Tenhou,
// UTC for others), lobby (games.lobby), platform, players and length, or
// player (the per-player rates).
func CheckBy(by []string) error {
	for _, d := range by {
		if !slices.Contains(dimensions, d) {
			return fmt.Errorf("no dimension %q (want some of %s)", d, strings.Join(dimensions, ", "))
		}
	}
	return nil
}

// groupName names g's group under the dimensions of s.
func (s *Summary) groupName(g *GameRow) string {
	parts := make([]string, 0, len(s.By))
	for _, d := range s.By {
		switch d {
		case "year":
			y := "unknown-year"
			if g.Year != nil {
				y = strconv.Itoa(int(*g.Year))
			}
			parts = append(parts, y)
		case "lobby":
			lobby := "unknown-lobby"
			if g.Lobby != nil {
				lobby = *g.Lobby
			}
			parts = append(parts, lobby)
		case "platform":
			parts = append(parts, g.Platform)
		case "players":
			parts = append(parts, fmt.Sprintf("%dp", g.Players))
		case "length":
			parts = append(parts, g.Length)
		}
	}
	return strings.Join(parts, " ")
}

// set returns the figures of the rule set name, made when first asked for.
func (s *Summary) set(name string) *RuleSetSummary {
	if s.lastSet != nil && s.lastSet.Name == name {
		return s.lastSet
	}
	rs := s.sets[name]
	if rs == nil {
		rs = newRuleSetSummary(name, s.byPlayer)
		s.sets[name] = rs
		s.RuleSets = append(s.RuleSets, rs)
	}
	s.lastSet = rs
	return rs
}

// counts returns the Counts of group name and of the player count in rs,
// made when first asked for.
func (rs *RuleSetSummary) counts(name string, players int32) (grp, pl *Counts) {
	grp = rs.Groups[name]
	if grp == nil {
		grp = newCounts()
		rs.Groups[name] = grp
	}
	pn := fmt.Sprintf("%dp", players)
	pl = rs.Players[pn]
	if pl == nil {
		pl = newCounts()
		rs.Players[pn] = pl
	}
	return grp, pl
}

// idHash is the key a game id is remembered by.
func idHash(id string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(id))
	return h.Sum64()
}

// AddGame counts one games row, and remembers its group for the rows of
// the other tables when the dimensions need the games row to name it.
func (s *Summary) AddGame(g *GameRow) {
	cs, group := s.addGame(g)
	if cs != nil && s.gameGroups != nil {
		s.gameGroups[gameKey{s.output, g.Path, *g.GameIndex}] = group
	}
	s.flushTally()
	s.lastCounts = nil
}

// addGame counts g and returns its counts (All, its player count's and its
// group's, of its rule set) and its group, or nil when g was not judged
// under its rule set.
func (s *Summary) addGame(g *GameRow) ([]*Counts, string) {
	first := len(s.RuleSets) == 0 || s.RuleSets[0].Name == g.RuleSet
	rs := s.set(g.RuleSet)
	if g.GameIndex != nil && s.ids != nil && g.GameID != nil {
		k := gameKey{s.output, g.Path, *g.GameIndex}
		if first {
			h := idHash(*g.GameID)
			if o, ok := s.ids[h]; ok && o != s.output {
				s.dups[k] = true
			} else if !ok {
				s.ids[h] = s.output
			}
		}
		if s.dups[k] {
			g = &GameRow{RuleSet: g.RuleSet, GameIndex: g.GameIndex, Duplicate: true}
		}
	}
	if first {
		switch {
		case g.Duplicate:
			s.Duplicates++
		case g.GameIndex == nil:
			s.Inputs++
			s.Unreadable++
		default:
			s.Inputs++
			s.Games++
		}
		if !g.Duplicate && g.Error != nil {
			s.Failed++
			if g.GameIndex != nil {
				s.NotRead++
			}
		}
		if !g.Duplicate && g.Error == nil {
			s.Judged++
		}
	}
	if g.Duplicate || g.Error != nil {
		return nil, ""
	}
	if !g.Applicable {
		rs.NotApplicable[fmt.Sprintf("%dp", g.Players)]++
		return nil, ""
	}
	group := s.groupName(g)
	grp, pl := rs.counts(group, g.Players)
	cs := []*Counts{rs.All, pl, grp}
	for _, c := range cs {
		c.Games++
		if g.Players >= 0 && g.Players < 8 {
			c.players |= 1 << g.Players
		}
		if g.DivergentFrom != nil {
			c.DivergentGames++
			kind := ""
			if g.DivergentKind != nil {
				kind = *g.DivergentKind
			}
			d := c.Divergences[kind]
			d.Games++
			past := max(int(g.Hands-*g.DivergentFrom), 0)
			d.Hands += past
			c.Divergences[kind] = d
			if past > 0 {
				c.HandsPast[kind] += past
			}
			c.GameEndDiffers.add(kind == "game_goes_on")
		} else {
			c.GamesWhole++
			c.handsWhole += int(g.HandsJudged)
			if g.NotenPaymentTotal != nil {
				c.NotenGamesTotal += int64(*g.NotenPaymentTotal)
			}
			c.GameEndDiffers.add(g.EndedEarlyAfter != nil)
		}
		if g.EndedEarlyAfter != nil {
			c.EndedEarlyGames++
			if past := int(g.Hands - *g.EndedEarlyAfter - 1); past > 0 {
				c.HandsPast[EndedEarly] += past
			}
		}
	}
	return cs, group
}

// rowCounts returns the counts a row of another table goes into, nil when
// its game is a duplicate: those of the row before when it is of the same
// rule set and group.
func (s *Summary) rowCounts(set, path string, index int32, platform string, players int32, length string) []*Counts {
	k := rowKey{set: set, players: players}
	if s.gameGroups != nil || s.dups != nil {
		k.path, k.index = path, index
	} else {
		k.platform, k.length = platform, length
	}
	if s.lastCounts != nil && k == s.lastKey {
		return s.lastCounts
	}
	if s.Duplicate(path, index) {
		return nil
	}
	var group string
	if s.gameGroups != nil {
		group = s.gameGroups[gameKey{s.output, path, index}]
	} else {
		group = s.groupName(&GameRow{Platform: platform, Players: players, Length: length})
	}
	rs := s.set(set)
	grp, pl := rs.counts(group, players)
	s.flushTally()
	s.lastKey, s.lastCounts = k, []*Counts{rs.All, pl, grp}
	s.pending = s.lastCounts
	return s.lastCounts
}

// AddRound counts one rounds row.
func (s *Summary) AddRound(r *RoundRow) {
	cs := s.rowCounts(r.RuleSet, r.Path, r.GameIndex, r.Platform, r.Players, r.Length)
	if cs == nil {
		return
	}
	s.addRound(cs, r) // its names go into cs with the others of its key
}

// addRound counts r into the counts cs, its names into s.tally.
func (s *Summary) addRound(cs []*Counts, r *RoundRow) {
	draw := r.Outcome == "exhaustive" || r.Outcome == "nagashi"
	for _, c := range cs {
		c.Hands++
		if r.WallChecked {
			c.WallChecked++
		}
		if !r.Judged {
			continue
		}
		c.HandsJudged++
		c.DrawRate.add(draw)
		c.Nagashi.add(r.Outcome == "nagashi")
		c.Chombo.add(r.Outcome == "chombo")
		if draw {
			c.ExhaustiveDraws++
			if r.TenpaiCount != nil && *r.TenpaiCount >= 0 && *r.TenpaiCount < 5 {
				c.tenpai[*r.TenpaiCount]++
				c.tenpaiKnown++
			}
		}
		if r.NotenPaymentTotal != nil {
			c.NotenTotal += int64(*r.NotenPaymentTotal)
			if draw {
				c.NotenDraws++
			}
		}
		if r.Renchan != nil {
			c.DealerContinues.add(*r.Renchan)
			if r.RecordedRenchan != nil {
				c.DealerDiffers.add(*r.Renchan != *r.RecordedRenchan)
			}
		}
		if r.NextHonba != nil && r.RecordedNextHonba != nil && r.Renchan != nil {
			c.HonbaDiffers.add(*r.NextHonba != *r.RecordedNextHonba)
		}
		if r.PaymentsDiffer != nil {
			c.PaymentsDiffer.add(*r.PaymentsDiffer)
		}
	}
	s.tally.recorded.add(r.RecordedOutcome)
	if r.Judged {
		s.tally.outcomes.add(r.Outcome)
	}
	if !r.WallChecked {
		reason := "unknown"
		if r.WallReason != nil {
			reason = *r.WallReason
		}
		s.tally.wallNotChecked.add(reason)
	}
}

// AddSeat counts one seats row.
func (s *Summary) AddSeat(r *SeatRow) {
	cs := s.rowCounts(r.RuleSet, r.Path, r.GameIndex, r.Platform, r.Players, r.Length)
	if cs == nil {
		return
	}
	s.addSeat(cs, r)
}

// addSeat counts the seats row r (of a judged hand) into cs, and into its
// player's rates.
func (s *Summary) addSeat(cs []*Counts, r *SeatRow) {
	if !r.Judged {
		return
	}
	for _, c := range cs {
		st := &c.Seats
		st.All.add(r)
		if r.IsDealer {
			st.Dealer.add(r)
		} else {
			st.NonDealer.add(r)
		}
		if r.Standing >= 1 && int(r.Standing) <= len(st.Standing) {
			st.Standing[r.Standing-1].add(r)
		}
	}
	if s.byPlayer && r.Name != nil && *r.Name != "" {
		rs := s.set(r.RuleSet)
		p := rs.ByPlayer[*r.Name]
		if p == nil {
			p = &SeatRates{}
			rs.ByPlayer[*r.Name] = p
		}
		p.add(r)
	}
}

// AddDiscrepancy counts one discrepancies row.
func (s *Summary) AddDiscrepancy(d *DiscrepancyRow) {
	if cs := s.rowCounts(d.RuleSet, d.Path, d.GameIndex, d.Platform, d.Players, d.Length); cs != nil {
		s.addDiscrepancy(cs, d)
	}
}

// AddWin counts one wins row.
func (s *Summary) AddWin(w *WinRow) {
	cs := s.rowCounts(w.RuleSet, w.Path, w.GameIndex, w.Platform, w.Players, w.Length)
	if cs == nil {
		return
	}
	s.addWin(cs, w) // its names go into cs with the others of its key
}

// addWin counts w into the counts cs, its yaku and limit into s.tally.
func (s *Summary) addWin(cs []*Counts, w *WinRow) {
	for _, c := range cs {
		c.Wins++
		if w.Scored {
			c.Scored++
			if w.NoYaku {
				c.NoYaku++
			}
		}
		if !w.Divergent && w.Points != nil {
			c.WinsValued++
			c.winPoints += int64(*w.Points)
		}
		if !w.Divergent && w.RecordedPoints != nil {
			c.WinsRecorded++
			c.recordedPoints += int64(*w.RecordedPoints)
		}
	}
	if !w.Scored || w.NoYaku {
		return
	}
	for _, c := range cs {
		if w.Han != nil {
			c.Han[int(*w.Han)]++
		}
		if w.Fu != nil {
			c.Fu[int(*w.Fu)]++
		}
	}
	for _, y := range w.Yaku {
		s.tally.yaku.add(y)
	}
	if w.Limit != nil {
		s.tally.limits.add(*w.Limit)
	}
}

// gameTally counts the names of a game's rows (outcomes, yaku, limits,
// the reasons hands were not checked against a wall) before they go into
// the maps of each of its counts at once: a game repeats a few names many
// times, and a map update per row and counts was most of Add's time.
type gameTally struct {
	outcomes, recorded, wallNotChecked, yaku, limits tally
}

// into adds the tallies to every counts of cs and empties them.
func (t *gameTally) into(cs []*Counts) {
	for _, c := range cs {
		t.outcomes.into(c.Outcomes)
		t.recorded.into(c.RecordedOutcomes)
		t.wallNotChecked.into(c.WallNotChecked)
		t.yaku.into(c.Yaku)
		t.limits.into(c.Limits)
	}
	t.outcomes.reset()
	t.recorded.reset()
	t.wallNotChecked.reset()
	t.yaku.reset()
	t.limits.reset()
}

// tally counts strings, the few distinct ones of a game.
type tally struct {
	keys []string
	n    []int
}

func (t *tally) add(k string) {
	for i, x := range t.keys {
		if x == k {
			t.n[i]++
			return
		}
	}
	t.keys = append(t.keys, k)
	t.n = append(t.n, 1)
}

func (t *tally) into(m map[string]int) {
	for i, k := range t.keys {
		m[k] += t.n[i]
	}
}

func (t *tally) reset() { t.keys, t.n = t.keys[:0], t.n[:0] }

// Add counts the rows of one input under one rule set (GameRows.Fill).
func (s *Summary) Add(r *GameRows) {
	s.flushTally()
	s.lastCounts = nil
	cs, _ := s.addGame(&r.Game)
	if cs == nil {
		return
	}
	for i := range r.Rounds {
		s.addRound(cs, &r.Rounds[i])
	}
	for i := range r.Seats {
		s.addSeat(cs, &r.Seats[i])
	}
	for i := range r.Discrepancies {
		s.addDiscrepancy(cs, &r.Discrepancies[i])
	}
	for i := range r.Wins {
		s.addWin(cs, &r.Wins[i])
	}
	s.tally.into(cs)
}

// AddInput counts the rows of one input under every rule set of the run.
func (s *Summary) AddInput(r *InputRows) {
	for i := range r.Sets {
		s.Add(&r.Sets[i])
	}
}

// addDiscrepancy counts d into the counts cs.
func (s *Summary) addDiscrepancy(cs []*Counts, d *DiscrepancyRow) {
	for _, c := range cs {
		if d.Severity == SeverityUndetermined {
			c.Undetermined[d.CheckName]++
		} else {
			c.Discrepancies[d.CheckName]++
		}
	}
}

// finish computes the rates.
func (c *Counts) finish() {
	c.DrawRate.finish("judged hands")
	c.Nagashi.finish("judged hands")
	c.Chombo.finish("judged hands")
	for _, o := range abortiveKinds {
		r := Rate{Count: c.Outcomes[o], Of: c.HandsJudged}
		r.finish("judged hands")
		c.Abortive[o] = r
	}
	n := 5
	switch {
	case bits.OnesCount8(c.players) > 1:
		n = 0 // sanma's 0-3 and four-player's 0-4 are two distributions
	case c.players == 1<<3:
		n = 4
	}
	c.TenpaiAtDraw = nil
	for k := range n {
		r := Rate{Count: c.tenpai[k], Of: c.tenpaiKnown}
		r.finish("judged exhaustive draws with tenpai known")
		c.TenpaiAtDraw = append(c.TenpaiAtDraw, r)
	}
	if c.NotenDraws > 0 {
		c.NotenPerDraw = float64(c.NotenTotal) / float64(c.NotenDraws)
	}
	if c.GamesWhole > 0 {
		c.NotenPerGame = float64(c.NotenGamesTotal) / float64(c.GamesWhole)
		c.HandsPerGame = float64(c.handsWhole) / float64(c.GamesWhole)
	}
	c.DealerContinues.finish("judged hands the rules follow with another")
	c.PaymentsDiffer.finish("judged hands with both score changes known")
	c.DealerDiffers.finish("judged hands followed by another in the log and under the rules")
	c.HonbaDiffers.finish("judged hands followed by another in the log and under the rules")
	c.GameEndDiffers.finish("judged games")
	if c.WinsValued > 0 {
		c.AverageWin = float64(c.winPoints) / float64(c.WinsValued)
	}
	if c.WinsRecorded > 0 {
		c.AverageRecordedWin = float64(c.recordedPoints) / float64(c.WinsRecorded)
	}
	st := &c.Seats
	st.All.finish()
	st.Dealer.finish()
	st.NonDealer.finish()
	if c.players&(1<<4) == 0 {
		st.Standing = st.Standing[:3]
	}
	for i := range st.Standing {
		st.Standing[i].finish()
	}
}

// Finish computes the rates; call it once after the last row.
func (s *Summary) Finish() {
	s.flushTally()
	for _, rs := range s.RuleSets {
		rs.All.finish()
		for _, c := range rs.Players {
			c.finish()
		}
		for _, c := range rs.Groups {
			c.finish()
		}
		for name, p := range rs.ByPlayer {
			if p.Win.Of < s.MinHands {
				delete(rs.ByPlayer, name)
				rs.PlayersBelowMin++
				continue
			}
			p.finish()
		}
	}
	if s.RuleSets == nil {
		s.RuleSets = []*RuleSetSummary{}
	}
	s.gameGroups, s.lastCounts, s.ids, s.dups = nil, nil, nil, nil
}

// WriteJSON writes the summary as indented JSON (keys sorted).
func (s *Summary) WriteJSON(w io.Writer) error {
	b, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return err
	}
	b = append(b, '\n')
	_, err = w.Write(b)
	return err
}

// WriteText writes the summary as tables a person reads: the inputs, then
// for each rule set its figures.
func (s *Summary) WriteText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "inputs %d: %d games (%d games judged, %d not read completely), %d unreadable", s.Inputs, s.Games, s.Judged, s.NotRead, s.Unreadable)
	if s.Duplicates > 0 {
		fmt.Fprintf(&b, "; %d duplicate games (a game_id read before) counted once", s.Duplicates)
	}
	b.WriteString("\n")
	for _, rs := range s.RuleSets {
		rs.writeText(&b, s)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// writeText writes one rule set's figures.
func (rs *RuleSetSummary) writeText(b *strings.Builder, s *Summary) {
	fmt.Fprintf(b, "\n== rules %s: %d games judged", rs.Name, rs.All.Games)
	if len(rs.NotApplicable) > 0 {
		var parts []string
		for _, k := range slices.Sorted(maps.Keys(rs.NotApplicable)) {
			parts = append(parts, fmt.Sprintf("%d %s", rs.NotApplicable[k], k))
		}
		fmt.Fprintf(b, "; not applicable (no rules for their number of players, in none of the figures): %s", strings.Join(parts, ", "))
	}
	b.WriteString("\n")
	c := rs.All
	fmt.Fprintf(b, "hands: %d, judged %d", c.Hands, c.HandsJudged)
	if len(c.HandsPast) > 0 {
		var parts []string
		for _, k := range slices.Sorted(maps.Keys(c.HandsPast)) {
			parts = append(parts, fmt.Sprintf("%s %d", k, c.HandsPast[k]))
		}
		fmt.Fprintf(b, "; past a divergence or the rules' end, not counted: %s", strings.Join(parts, ", "))
	}
	b.WriteString("\n\n")
	rs.writeGroups(b, s)
	// The rates of each player count (and of all when there is one).
	names := slices.Sorted(maps.Keys(rs.Players))
	for _, n := range names {
		pc := rs.Players[n]
		fmt.Fprintf(b, "\n%s games under %s: %d games judged (%d to their end), %d hands judged\n", n, rs.Name, pc.Games, pc.GamesWhole, pc.HandsJudged)
		pc.writeRates(b)
	}
	fmt.Fprintf(b, "\nnoten payments: %d points in all, %.0f per exhaustive draw, %.0f per game judged whole\n", c.NotenTotal, c.NotenPerDraw, c.NotenPerGame)
	divHands := 0
	for _, d := range c.Divergences {
		divHands += d.Hands
	}
	fmt.Fprintf(b, "divergent under the rules: %d games, %d hands; ended earlier under the rules: %d games, %d hands after\n",
		c.DivergentGames, divHands, c.EndedEarlyGames, c.HandsPast[EndedEarly])
	for _, k := range slices.Sorted(maps.Keys(c.Divergences)) {
		d := c.Divergences[k]
		fmt.Fprintf(b, "  %-28s %d games, %d hands\n", k, d.Games, d.Hands)
	}
	writeChecks(b, "discrepancies", c.Discrepancies)
	if len(c.Undetermined) > 0 {
		writeChecks(b, "undetermined (the log's rule era is not known: a log without a date, or dated on the days a rule changed)", c.Undetermined)
	}
	c.writeWall(b)
	c.writeYaku(b)
	if rs.ByPlayer != nil {
		fmt.Fprintf(b, "players with %d judged hands or more: %d (%d with fewer left out); %% [95%% interval] of their seat-hands (tenpai at draw: at exhaustive draws)\n", s.MinHands, len(rs.ByPlayer), rs.PlayersBelowMin)
		if len(rs.ByPlayer) > 0 {
			width := playerWidth(rs.ByPlayer)
			writeSeatHeader(b, "player", width)
			for _, n := range slices.Sorted(maps.Keys(rs.ByPlayer)) {
				writeSeatRow(b, n, width, rs.ByPlayer[n])
			}
		}
	}
}

// playerWidth is the width of the player column.
func playerWidth(m map[string]*SeatRates) int {
	w := len("player")
	for n := range m {
		w = max(w, uniseg.StringWidth(n))
	}
	return w
}

// writeGroups writes the table of the groups: counts, the draw rate and
// the noten payments.
func (rs *RuleSetSummary) writeGroups(b *strings.Builder, s *Summary) {
	names := slices.Sorted(maps.Keys(rs.Groups))
	label := "group (" + strings.Join(s.By, ", ") + ")"
	width := uniseg.StringWidth(label)
	for _, n := range names {
		width = max(width, uniseg.StringWidth(n))
	}
	pad := func(t string) string { return t + strings.Repeat(" ", max(width-uniseg.StringWidth(t), 0)) }
	fmt.Fprintf(b, "%s %7s %7s %7s  %-22s %7s %6s %6s %7s %6s %6s %6s %7s %10s %10s\n",
		pad(label), "games", "hands", "judged", "draw% [95% interval]", "nagashi", "9term", "4wind", "4riichi", "4kan", "3ron", "chombo", "incompl", "noten/draw", "noten/game")
	row := func(name string, c *Counts) {
		fmt.Fprintf(b, "%s %7d %7d %7d  %-22s %7d %6d %6d %7d %6d %6d %6d %7d %10.0f %10.0f\n",
			pad(name), c.Games, c.Hands, c.HandsJudged, c.DrawRate.cell(), c.Outcomes["nagashi"], c.Outcomes["nine_terminals"], c.Outcomes["four_winds"],
			c.Outcomes["four_riichi"], c.Outcomes["four_kans"], c.Outcomes["triple_ron"], c.Outcomes["chombo"], c.Outcomes["incomplete"],
			c.NotenPerDraw, c.NotenPerGame)
	}
	row("all", rs.All)
	if len(rs.Players) > 1 {
		for _, n := range slices.Sorted(maps.Keys(rs.Players)) {
			row("all "+n, rs.Players[n])
		}
	}
	for _, n := range names {
		row(n, rs.Groups[n])
	}
}

// writeRates writes the rates of one player count with their intervals.
func (c *Counts) writeRates(b *strings.Builder) {
	line := func(what string, r *Rate) { fmt.Fprintf(b, "  %-30s %s\n", what, r.String()) }
	line("exhaustive draw (with nagashi)", &c.DrawRate)
	line("nagashi mangan", &c.Nagashi)
	for _, o := range abortiveKinds {
		r := c.Abortive[o]
		line(strings.ReplaceAll(o, "_", " ")+" (taken)", &r)
	}
	line("chombo", &c.Chombo)
	for n := range c.TenpaiAtDraw {
		line(fmt.Sprintf("%d tenpai at the draw", n), &c.TenpaiAtDraw[n])
	}
	fmt.Fprintf(b, "  %-30s %d points; %.0f per draw (%d draws); %.0f per game (%d games judged whole)\n", "noten payments", c.NotenTotal, c.NotenPerDraw, c.NotenDraws, c.NotenPerGame, c.GamesWhole)
	line("dealer continuation", &c.DealerContinues)
	fmt.Fprintf(b, "  %-30s %.2f (%d games judged whole)\n", "hands per game", c.HandsPerGame, c.GamesWhole)
	fmt.Fprintf(b, "  %-30s %.0f points (%d wins judged and valued); recorded %.0f (%d)\n", "average win", c.AverageWin, c.WinsValued, c.AverageRecordedWin, c.WinsRecorded)
	line("payments differ from the log", &c.PaymentsDiffer)
	line("next dealer differs", &c.DealerDiffers)
	line("next honba differs", &c.HonbaDiffers)
	line("game end differs", &c.GameEndDiffers)
	b.WriteString("  per seat and hand, % [95% interval]: win, deal-in, riichi, call of the seat-hands; tenpai at draw of the seat-hands at exhaustive draws\n")
	writeSeatHeader(b, "  seats", 14)
	st := &c.Seats
	writeSeatRow(b, "  all", 14, &st.All)
	writeSeatRow(b, "  dealer", 14, &st.Dealer)
	writeSeatRow(b, "  non-dealer", 14, &st.NonDealer)
	for i := range st.Standing {
		writeSeatRow(b, fmt.Sprintf("  %s at start", ordinal(i+1)), 14, &st.Standing[i])
	}
}

// ordinal is "1st", "2nd", "3rd", "4th".
func ordinal(n int) string {
	switch n {
	case 1:
		return "1st"
	case 2:
		return "2nd"
	case 3:
		return "3rd"
	}
	return strconv.Itoa(n) + "th"
}

// writeSeatHeader writes the header of a table of seat rates.
func writeSeatHeader(b *strings.Builder, label string, width int) {
	fmt.Fprintf(b, "%s %9s  %-21s %-21s %-21s %-21s %-21s\n", label+strings.Repeat(" ", max(width-uniseg.StringWidth(label), 0)), "hands", "win", "deal-in", "riichi", "call", "tenpai at draw")
}

// writeSeatRow writes one row of a table of seat rates.
func writeSeatRow(b *strings.Builder, label string, width int, r *SeatRates) {
	fmt.Fprintf(b, "%s %9d  %-21s %-21s %-21s %-21s %-21s\n", label+strings.Repeat(" ", max(width-uniseg.StringWidth(label), 0)), r.Win.Of,
		r.Win.cell(), r.DealIn.cell(), r.Riichi.cell(), r.Call.cell(), r.TenpaiAtDraw.cell())
}

// writeWall writes the hands checked against their walls and the others by
// reason.
func (c *Counts) writeWall(b *strings.Builder) {
	fmt.Fprintf(b, "hands checked against the wall of their seed: %d", c.WallChecked)
	if len(c.WallNotChecked) > 0 {
		var parts []string
		for _, r := range slices.Sorted(maps.Keys(c.WallNotChecked)) {
			parts = append(parts, fmt.Sprintf("%s %d", r, c.WallNotChecked[r]))
		}
		fmt.Fprintf(b, "; not checked: %s", strings.Join(parts, ", "))
	}
	b.WriteString("\n")
}

// writeChecks writes the findings of each check, titled with their total.
func writeChecks(b *strings.Builder, title string, counts map[string]int) {
	checks := slices.Sorted(maps.Keys(counts))
	total := 0
	for _, c := range checks {
		total += counts[c]
	}
	fmt.Fprintf(b, "%s: %d\n", title, total)
	for _, c := range checks {
		fmt.Fprintf(b, "  %-28s %d\n", c, counts[c])
	}
}

// writeYaku writes the wins by yaku and by limit, most frequent first.
func (c *Counts) writeYaku(b *strings.Builder) {
	fmt.Fprintf(b, "wins: %d, scored %d, no yaku under the rules %d\n", c.Wins, c.Scored, c.NoYaku)
	if c.Scored == 0 {
		return
	}
	byCount := func(m map[string]int) []string {
		return slices.SortedFunc(maps.Keys(m), func(a, b string) int {
			if m[a] != m[b] {
				return m[b] - m[a]
			}
			return strings.Compare(a, b)
		})
	}
	share := func(k int) string {
		lo, hi := Wilson(k, c.Scored)
		return fmt.Sprintf("%6.2f%% [%.2f, %.2f]", 100*float64(k)/float64(c.Scored), 100*lo, 100*hi)
	}
	fmt.Fprintf(b, "  %-28s %7s  %s\n", "limit", "wins", "% of the scored wins [95% interval]")
	for _, l := range byCount(c.Limits) {
		fmt.Fprintf(b, "  %-28s %7d  %s\n", l, c.Limits[l], share(c.Limits[l]))
	}
	fmt.Fprintf(b, "  %-28s %7s  %s\n", "yaku", "wins", "% of the scored wins [95% interval]")
	for _, y := range byCount(c.Yaku) {
		fmt.Fprintf(b, "  %-28s %7d  %s\n", y, c.Yaku[y], share(c.Yaku[y]))
	}
}

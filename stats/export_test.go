package stats

import (
	"github.com/haifu/haifu/adjudicator"
	"github.com/haifu/haifu/event"
)

// Build returns the rows of one input in rows of their own (the tests'
// shorthand for GameRows.Fill).
func Build(path string, g *event.Game, rep *adjudicator.Report, decodeErr error) *GameRows {
	out := &GameRows{}
	out.Fill(path, g, rep, decodeErr)
	return out
}

// GamesRemembered is the number of games s keeps the group of, for the
// rows fed table by table after their games row.
func GamesRemembered(s *Summary) int { return len(s.gameGroups) }

// Year is year: the year of a game that started at unix on its platform's
// clock.
func Year(unix int64, platform event.Platform) int { return year(unix, platform) }

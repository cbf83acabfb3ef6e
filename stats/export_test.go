package stats

// GamesRemembered is the number of games s keeps the group of, for the
// rows fed table by table after their games row.
func GamesRemembered(s *Summary) int { return len(s.gameGroups) }

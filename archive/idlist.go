package archive

import (
	"bytes"
	"strings"
)

// readIDs reads a bare list of log ids: one id per line, plain or
// obfuscated, or a viewer URL with log=ID (the sdorica mjlog_pf4-20_nXX
// lists). Blank lines are skipped. Each id gives a Game with the id, the
// start hour it carries and RuleOfType of its type. It returns false when
// yield does.
func (l *listing) readIDs(data []byte, yield func(Record, error) bool) bool {
	for n, line := range lines(data) {
		s := trimSpace(string(line))
		if s == "" {
			continue
		}
		if g, err := l.idGame(n, s); !l.emit(yield, n, g, err) {
			return false
		}
	}
	return true
}

// idGame returns the Game of a line of an id list.
func (l *listing) idGame(n int, s string) (*Game, error) {
	id, err := anyID(s)
	if err != nil {
		return nil, err
	}
	return &Game{
		Source: l.source, Member: l.member, Line: n,
		ID: id, Start: id.Start, Rule: RuleOfType(id.Type), Minutes: -1,
	}, nil
}

// looksLikeIDs reports whether data is a list of ids: its first non-blank
// line is an id or a link to one, with no column separator.
func looksLikeIDs(data []byte) bool {
	for _, line := range lines(data) {
		s := trimSpace(string(line))
		if s == "" {
			continue
		}
		if strings.Contains(s, "|") || bytes.Contains(line, []byte("<")) {
			return false
		}
		_, err := anyID(s)
		return err == nil
	}
	return false
}

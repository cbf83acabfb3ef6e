package archive

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/haifu/haifu/event"
)

// ErrLogID is the error wrapped when a string is not a Tenhou log id.
var ErrLogID = errors.New("not a Tenhou log id")

// japanTime is the zone of every time in a Tenhou listing or log id.
var japanTime = event.JST()

// parseID parses s as a whole Tenhou log id, plain or in the obfuscated
// x-form (decoded), with event.ParseTenhouID: the one parser of log ids in
// haifu. The error wraps ErrLogID.
func parseID(s string) (event.TenhouID, error) {
	id, ok := event.ParseTenhouID(s)
	if !ok {
		return event.TenhouID{}, fmt.Errorf("%w: %q", ErrLogID, s)
	}
	return id, nil
}

// ParseID returns the plain form of a log id (an x-form id decoded, as
// Tenhou's web client does before it asks for the log), given as an id or
// as a viewer URL with log=ID. Spaces around it are ignored. The error
// wraps ErrLogID (or ErrLink for a URL whose log= is no id).
func ParseID(s string) (string, error) {
	id, err := anyID(strings.TrimSpace(s))
	return id.ID, err
}

// anyID parses s as a log id or a viewer URL with log=ID.
func anyID(s string) (event.TenhouID, error) {
	if strings.Contains(s, "log=") {
		return linkID(s)
	}
	return parseID(s)
}

// LobbyName returns the lobby of a log id as the listings write it: "" for
// the public lobby (0000), "L" and four digits for a private lobby (2873 is
// L2873), "C" and four digits for a tournament lobby, whose group has five
// digits starting with 1 (10431 is C0431). The C mapping is
// docs/tenhou-formats.md's inference; the scf listing of the corpus agrees (its
// C0431 lines link to ids with lobby 10431).
func LobbyName(id event.TenhouID) string {
	switch {
	case id.Lobby <= 0:
		return ""
	case id.Lobby >= 10000 && id.Lobby < 20000:
		return "C" + pad4(id.Lobby-10000)
	}
	return "L" + pad4(id.Lobby)
}

// pad4 writes n with at least four digits.
func pad4(n int) string {
	s := strconv.Itoa(n)
	if len(s) < 4 {
		s = strings.Repeat("0", 4-len(s)) + s
	}
	return s
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return len(s) > 0
}

package account

import (
	"time"

	"minca.dev/desktop/core/spacekey"
)

// LinkDone says whether a device of the account should close a sys.link's
// invite and delete the record (03 §13.2): once it is past until, or the
// device holds the key keyID names and a newer one is current. A device
// that doesn't hold the space (ring nil) or doesn't hold that key yet
// leaves the record alone: it may be behind, and the link made after it.
//
// Choice: the link's body members were lost with §13.2's table, so the
// caller reads until and keyID from it; the zero time means no until, and
// "past until" is now strictly after it.
func LinkDone(until time.Time, keyID string, now time.Time, ring *spacekey.Keyring) bool {
	if !until.IsZero() && now.After(until) {
		return true
	}
	if ring == nil || keyID == "" {
		return false
	}
	_, held := ring.Key(keyID)
	return held && ring.CurrentID() != keyID
}

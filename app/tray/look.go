package tray

import (
	"fmt"

	"minca.dev/desktop/node/api"
)

// Icon is one of the tray's icons, one per kind of state (drawn by
// icon_test.go, embedded in icons.go).
type Icon int

// The tray's icons.
const (
	IconNormal    Icon = iota // up to date, or nothing to sync
	IconSyncing               // some space is fetching or comparing
	IconPaused                // sync is paused
	IconAttention             // offline, locked, no account, or no status
)

// Look is what the tray shows of Minca's state: the status line and the icon.
type Look struct {
	Line string
	Icon Icon
}

// Space states SyncLook counts (api.SpaceSync.State; node/netsync's
// StateSyncing and StateOffline, which look_test.go checks they equal).
const (
	stateSyncing = "syncing"
	stateOffline = "offline"
)

// Status lines a person reads; SyncLook fills in the counts.
const (
	lineNoAccount = "No account yet: open Minca to set one up"
	linePaused    = "Sync paused"
	lineNoSpaces  = "No spaces yet"
	lineOffline   = "Offline: no other computer reachable"
	lineNoStatus  = "Minca: no status"
)

// SyncLook says in a person's words what the node's sync status (or the
// error reading it) means: paused, syncing, offline or up to date, with
// the number of spaces concerned. The spaces' states are netsync's
// (api.SpaceSync.State, 05 §6): "syncing" while versions are still to
// fetch or a peer is not yet compared, "offline" with no peer admitted.
func SyncLook(st api.SyncStatus, err error) Look {
	switch api.CodeOf(err) {
	case "": // no error
	case api.CodeNoAccount:
		return Look{lineNoAccount, IconAttention}
	case api.CodeLocked:
		return Look{LabelLocked, IconAttention}
	default:
		return Look{"Status unavailable: " + errorText(err), IconAttention}
	}
	if st.Paused {
		return Look{linePaused, IconPaused}
	}
	var syncing, offline int
	for _, s := range st.Spaces {
		switch s.State {
		case stateSyncing:
			syncing++
		case stateOffline:
			offline++
		}
	}
	n := len(st.Spaces)
	switch {
	case n == 0:
		return Look{lineNoSpaces, IconNormal}
	case syncing > 0:
		return Look{fmt.Sprintf("Syncing %s…", spaces(syncing)), IconSyncing}
	case offline == n:
		return Look{lineOffline, IconAttention}
	case offline > 0:
		return Look{fmt.Sprintf("Up to date · %s · %d offline", spaces(n), offline), IconNormal}
	}
	return Look{"Up to date · " + spaces(n), IconNormal}
}

// spaces is "1 space" or "n spaces".
func spaces(n int) string {
	if n == 1 {
		return "1 space"
	}
	return fmt.Sprintf("%d spaces", n)
}

package api

import (
	"net/url"
	"strconv"
	"strings"
)

// State words: what the node's states read as for people, the very words
// the window shows (frontend/src/lib/format.ts syncWord, spaceWord,
// peerWord; frontend/src/lib/peers.ts peerWho), so that `minca` and the
// window say the same thing (issue 8). statewords_test.go checks the
// frontend's copies against these tables.

// syncWords are SpaceSummary.Sync and SpaceSync.State in words.
var syncWords = map[string]string{
	"synced":  "Up to date",
	"syncing": "Syncing",
	"paused":  "Paused",
	"offline": "No one to sync with",
}

// peerWords are PeerStatus.State in words; a state without one reads as
// itself, as in the window.
var peerWords = map[string]string{
	"connected":   "Connected",
	"connecting":  "Connecting…",
	"backoff":     "Retrying soon",
	"refused":     "Doesn't let this computer in",
	"dropped":     "Cut off: it sent bad messages",
	"turned-away": "Not let in here",
}

// Words of a space that is no sync state (SpaceWord).
const (
	WordRemoved      = "Removed"       // SpaceSummary.Removed
	WordJoining      = "Joining"       // SpaceSummary.Joining
	WordInviteClosed = "Invite closed" // SpaceSummary.Joining, Closed
)

// Words naming a peer (PeerName).
const (
	WordOwnComputer     = "Your other computer"
	WordMemberComputer  = "A member's computer"
	WordUnknownComputer = "A computer you don't know yet"
	wordKeeps           = " (keeps the space)"
	wordComputerOf      = "'s computer"
)

// SyncWord is a sync state ("synced", "offline", ...) as the window says
// it ("Up to date", "No one to sync with", ...); an unknown state reads as
// itself, none as "Unknown".
func SyncWord(state string) string {
	if w, ok := syncWords[state]; ok {
		return w
	}
	if state == "" {
		return "Unknown"
	}
	return state
}

// SpaceWord is a space's state as its badge says it: Removed once this
// account lost its place, Joining (or Invite closed) while a join waits,
// else its sync state in words.
func SpaceWord(s SpaceSummary) string {
	switch {
	case s.Removed != nil:
		return WordRemoved
	case s.Joining != nil && s.Joining.Closed:
		return WordInviteClosed
	case s.Joining != nil:
		return WordJoining
	}
	return SyncWord(s.Sync)
}

// PeerWord is a peer connection's state as the window says it.
func PeerWord(state string) string {
	if w, ok := peerWords[state]; ok {
		return w
	}
	return state
}

// PeerName is who a peer is, person first, as the window names it
// (docs/spec/06-nodes.md §1.7): one of this account's own computers, a
// keeper the space names, a member by profile name, a member without one,
// or a computer not known yet.
func PeerName(p PeerStatus) string {
	person := strings.TrimSpace(p.ProfileName)
	switch {
	case p.Own:
		return WordOwnComputer
	case p.Keeper != "" && person != "":
		return person + wordKeeps
	case p.Keeper != "":
		return KeeperLabel(p.Keeper) + wordKeeps
	case person != "":
		return person + wordComputerOf
	case p.Account != "":
		return WordMemberComputer
	}
	return WordUnknownComputer
}

// KeeperLabel is a keeper's name as people read it: the host of a node
// URL (the desktop names keepers by their URL), else the name as given.
func KeeperLabel(name string) string {
	if u, err := url.Parse(name); err == nil && u.Scheme != "" && u.Host != "" {
		return u.Host
	}
	return name
}

// ShortDID is a did:key shortened for reading, as the window shows it:
// did:key:zDna…Xy12. Anything else is returned as it is.
func ShortDID(did string) string {
	if !strings.HasPrefix(did, "did:key:") || len(did) <= 24 {
		return did
	}
	return did[:12] + "…" + did[len(did)-4:]
}

// PersonName is a person's profile name, or their shortened account id
// when they have none.
func PersonName(name, did string) string {
	if n := strings.TrimSpace(name); n != "" {
		return n
	}
	return ShortDID(did)
}

// JoinedWords says who joined through an open role invite, as the
// window's invite list does (frontend/src/lib/inviteJoined.ts): "Nobody
// yet", "2 joined (Ben, Cara)", "3 joined (Ben, Cara, …), 2 still members",
// "1 joined (Ben), no longer a member" (03 §7.3).
func JoinedWords(inv Invite) string {
	n := inv.Joined
	if n <= 0 {
		return WordNobodyJoined
	}
	names := ""
	if len(inv.JoinedNames) > 0 {
		more := ""
		if len(inv.JoinedNames) < n {
			more = ", …"
		}
		names = " (" + strings.Join(inv.JoinedNames, ", ") + more + ")"
	}
	return strconv.Itoa(n) + " joined" + names + stillWords(n, min(inv.StillMembers, n))
}

// WordNobodyJoined: no one joined through an invite yet.
const WordNobodyJoined = "Nobody yet"

// stillWords is how many of n who joined are members still, when not all.
func stillWords(n, still int) string {
	switch {
	case still == n:
		return ""
	case still <= 0 && n == 1:
		return ", no longer a member"
	case still <= 0:
		return ", none still members"
	case still == 1:
		return ", 1 still a member"
	}
	return ", " + strconv.Itoa(still) + " still members"
}

package api

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

func TestStateWords(t *testing.T) {
	ana := "did:key:zDnaen6kwMqVdZggXkb5SR1uC4mKoH1LbnUcCBn6ggX8G87a1"
	tests := []struct{ got, want string }{
		{SyncWord("offline"), "No one to sync with"},
		{SyncWord("synced"), "Up to date"},
		{SyncWord("later"), "later"},
		{SyncWord(""), "Unknown"},
		{SpaceWord(SpaceSummary{Sync: "offline"}), "No one to sync with"},
		{SpaceWord(SpaceSummary{Sync: "synced", Removed: &Removal{}}), "Removed"},
		{SpaceWord(SpaceSummary{Sync: "offline", Joining: &Joining{}}), "Joining"},
		{SpaceWord(SpaceSummary{Sync: "offline", Joining: &Joining{Closed: true}}), "Invite closed"},
		{PeerWord("backoff"), "Retrying soon"},
		{PeerWord("dropped"), "Cut off: it sent bad messages"},
		{PeerWord("turned-away"), "Not let in here"},
		{PeerWord("no-such-state"), "no-such-state"},
		{PeerName(PeerStatus{DID: ana, Own: true, ProfileName: "Ana"}), "Your other computer"},
		{PeerName(PeerStatus{DID: ana, Account: ana, ProfileName: " Ben "}), "Ben's computer"},
		{PeerName(PeerStatus{DID: ana, Account: ana}), "A member's computer"},
		{PeerName(PeerStatus{DID: ana}), "A computer you don't know yet"},
		{PeerName(PeerStatus{DID: ana, Keeper: "wss://keep.example:7447/#" + ana}), "keep.example:7447 (keeps the space)"},
		{PeerName(PeerStatus{DID: ana, Keeper: "Home server"}), "Home server (keeps the space)"},
		{PeerName(PeerStatus{DID: ana, Keeper: "Home server", ProfileName: "Kim"}), "Kim (keeps the space)"},
		{ShortDID(ana), "did:key:zDna…87a1"},
		{ShortDID("did:key:short"), "did:key:short"},
		{PersonName("", ana), "did:key:zDna…87a1"},
		{PersonName("Ben", ana), "Ben"},
		{JoinedWords(Invite{}), "Nobody yet"},
		{JoinedWords(Invite{Joined: 2, StillMembers: 2, JoinedNames: []string{"Ben", "Cara"}}), "2 joined (Ben, Cara)"},
		{JoinedWords(Invite{Joined: 3, StillMembers: 2, JoinedNames: []string{"Ben", "Cara"}}), "3 joined (Ben, Cara, …), 2 still members"},
		{JoinedWords(Invite{Joined: 1, JoinedNames: []string{"Ben"}}), "1 joined (Ben), no longer a member"},
		{JoinedWords(Invite{Joined: 2}), "2 joined, none still members"},
		{JoinedWords(Invite{Joined: 3, StillMembers: 1}), "3 joined, 1 still a member"},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("got %q, want %q", tt.got, tt.want)
		}
	}
}

// The window's copies of these words (frontend/src/lib) are the same: a
// change to one side fails here until the other follows.
func TestStateWordsMatchTheWindow(t *testing.T) {
	format := readFrontend(t, "lib/format.ts")
	syncCases := regexp.MustCompile(`case "(\w+)":\s*return \{ label: "([^"]+)"`).FindAllStringSubmatch(function(t, format, "syncWord"), -1)
	if len(syncCases) != len(syncWords) {
		t.Errorf("format.ts syncWord has %d states, statewords.go %d", len(syncCases), len(syncWords))
	}
	for _, c := range syncCases {
		if SyncWord(c[1]) != c[2] {
			t.Errorf("sync state %q: window says %q, SyncWord %q", c[1], c[2], SyncWord(c[1]))
		}
	}
	peerCases := regexp.MustCompile(`"?([\w-]+)"?: "([^"]+)"`).FindAllStringSubmatch(function(t, format, "peerWord"), -1)
	if len(peerCases) != len(peerWords) {
		t.Errorf("format.ts peerWord has %d states, statewords.go %d", len(peerCases), len(peerWords))
	}
	for _, c := range peerCases {
		if PeerWord(c[1]) != c[2] {
			t.Errorf("peer state %q: window says %q, PeerWord %q", c[1], c[2], PeerWord(c[1]))
		}
	}
	joined := readFrontend(t, "lib/inviteJoined.ts")
	for _, w := range []string{`"` + WordNobodyJoined + `"`, `", no longer a member"`, `", none still members"`, "still ${still === 1 ? \"a member\" : \"members\"}", " joined${names}"} {
		if !strings.Contains(joined, w) {
			t.Errorf("inviteJoined.ts no longer says %s", w)
		}
	}
	peers := readFrontend(t, "lib/peers.ts")
	spaces := readFrontend(t, "views/Spaces.svelte")
	for _, w := range []struct{ text, in, where string }{
		{`label: "` + WordRemoved + `"`, format, "format.ts"},
		{`"` + WordJoining + `"`, spaces, "Spaces.svelte"},
		{`"` + WordInviteClosed + `"`, spaces, "Spaces.svelte"},
		{`"` + WordOwnComputer + `"`, peers, "peers.ts"},
		{`"` + WordMemberComputer + `"`, peers, "peers.ts"},
		{`"` + WordUnknownComputer + `"`, peers, "peers.ts"},
		{wordKeeps + "`", peers, "peers.ts"},
		{wordComputerOf + "`", peers, "peers.ts"},
	} {
		if !strings.Contains(w.in, w.text) {
			t.Errorf("%s no longer says %s", w.where, w.text)
		}
	}
}

func readFrontend(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "frontend", "src", filepath.FromSlash(name)))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// function is the text of a TypeScript function, up to the next one.
func function(t *testing.T, src, name string) string {
	t.Helper()
	_, body, ok := strings.Cut(src, "export function "+name+"(")
	if !ok {
		t.Fatalf("format.ts has no function %s", name)
	}
	body, _, _ = strings.Cut(body, "\nexport ")
	return body
}

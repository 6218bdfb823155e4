package notify

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"minca.dev/desktop/node/api"
)

const (
	jo    = "did:key:zDnaepvP6YSjYyaBgu3v9VSziUgdmpk4t5a4Xw9VVA1e1BEd9"
	chess = "bvvz7u7w4jvlzzbkkaqs4em7ahvxmhnsrjqnupq475wlslsl7uqfa"
)

func TestJoinMessage(t *testing.T) {
	tests := []struct {
		j             Join
		summary, body string
	}{
		{Join{SpaceName: "Chess club", Member: jo, MemberName: "Jo"}, "Jo joined Chess club", "Jo (did:key:zDnaep…e1BEd9) is now a member of Chess club."},
		{Join{Member: jo}, "did:key:zDnaep…e1BEd9 joined one of your spaces", "did:key:zDnaep…e1BEd9 is now a member of one of your spaces."},
		{Join{Member: "did:key:zShort", MemberName: "Al", SpaceName: "S"}, "Al joined S", "Al (did:key:zShort) is now a member of S."},
	}
	for _, tc := range tests {
		s, b := tc.j.Message()
		if s != tc.summary || b != tc.body {
			t.Errorf("%+v: %q / %q, want %q / %q", tc.j, s, b, tc.summary, tc.body)
		}
	}
}

// roster is a Roster the test changes as a node's spaces would change.
type roster struct {
	mu      sync.Mutex
	spaces  []api.SpaceSummary
	members map[string][]api.Member
	fail    bool
}

func (r *roster) Spaces(context.Context) ([]api.SpaceSummary, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.fail {
		return nil, errors.New("node unavailable")
	}
	return append([]api.SpaceSummary(nil), r.spaces...), nil
}

func (r *roster) Members(_ context.Context, id string) ([]api.Member, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]api.Member(nil), r.members[id]...), nil
}

func (r *roster) set(f func()) { r.mu.Lock(); f(); r.mu.Unlock() }

// TestJoins: members present at start, your own joining and a space you
// just joined are not news; a new member is shown once, by name, with the
// space's name, on the notification server; one whose name has not come
// yet waits for it (shown by name when it comes), else shows by did:key
// after nameWait.
func TestJoins(t *testing.T) {
	defer func(w time.Duration) { nameWait = w }(nameWait)
	nameWait = time.Second
	addr := privateBus(t)
	s := startServer(t, addr)
	n := New(Config{Address: addr})
	defer n.Close()
	me := api.Member{DID: "did:key:zMe", Self: true, Founder: true}
	r := &roster{spaces: []api.SpaceSummary{{ID: chess, Name: "Chess club"}},
		members: map[string][]api.Member{chess: {me, {DID: "did:key:zAl", ProfileName: "Al"}}}}
	events := make(chan api.Event)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan struct{})
	go func() { Joins(ctx, r, events, n); close(done) }()

	events <- api.Event{Kind: "status"} // the snapshot: the baseline
	s.none(t)
	r.set(func() {
		r.spaces = append(r.spaces, api.SpaceSummary{ID: "bother", Name: "Book club"})
		r.members["bother"] = []api.Member{me, {DID: "did:key:zBo", ProfileName: "Bo"}}
	})
	events <- api.Event{Kind: "joined", SpaceID: "bother"} // I joined Book club
	s.none(t)
	r.set(func() { r.members[chess] = append(r.members[chess], api.Member{DID: jo, ProfileName: "Jo"}) })
	events <- api.Event{Kind: "space", SpaceID: chess}
	if got := s.next(t); got.summary != "Jo joined Chess club" || got.body != "Jo (did:key:zDnaep…e1BEd9) is now a member of Chess club." {
		t.Fatalf("got %+v", got)
	}
	events <- api.Event{Kind: "sync"}
	s.none(t) // Jo again: not news
	r.set(func() { r.fail = true })
	events <- api.Event{Kind: "sync"}
	s.none(t)
	r.set(func() {
		r.fail = false
		r.members[chess] = append(r.members[chess], api.Member{DID: "did:key:zCy"})
	})
	events <- api.Event{Kind: "space", SpaceID: chess}
	s.none(t) // Cy's profile has not come yet
	r.set(func() { r.members[chess][len(r.members[chess])-1].ProfileName = "Cy" })
	events <- api.Event{Kind: "sync", SpaceID: chess}
	if got := s.next(t); got.summary != "Cy joined Chess club" {
		t.Fatalf("got %+v", got)
	}
	began := time.Now()
	r.set(func() { r.members["bother"] = append(r.members["bother"], api.Member{DID: jo}) })
	events <- api.Event{Kind: "spaces"}
	if got := s.next(t); got.summary != "did:key:zDnaep…e1BEd9 joined Book club" {
		t.Fatalf("got %+v", got)
	}
	if waited := time.Since(began); waited < nameWait {
		t.Fatalf("a join with no name was shown after %v, before nameWait", waited)
	}
	events <- api.Event{Kind: "sync"}
	s.none(t) // each join once
	cancel()
	select {
	case <-done:
	case <-time.After(time.Second):
		t.Fatal("Joins did not return when ctx ended")
	}
}

package notify

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"minca.dev/desktop/app/dbustest"
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
	addr := dbustest.PrivateBus(t)
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

// watch runs Joins over a fresh event stream until stop is called (as
// WatchJoins does until its owner's stream ends) and sends it the
// snapshot's first event.
func watch(t *testing.T, r Roster, n *Notifier) (events chan api.Event, stop func()) {
	t.Helper()
	events = make(chan api.Event)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { Joins(ctx, r, events, n); close(done) }()
	events <- api.Event{Kind: "status"}
	return events, func() {
		cancel()
		select {
		case <-done:
		case <-time.After(time.Second):
			t.Fatal("Joins did not return when ctx ended")
		}
	}
}

// TestJoinsTakeOver: a join that lands while no watch runs (the window
// closing, the tray taking the node and the notify role over, or
// WatchJoins starting again after its stream ended) is shown by the watch
// that takes over, once, whether it runs in the same process (the same
// Notifier) or another (Config.Seen); so is one whose name was still
// awaited when the last watch ended. A space left is forgotten, so joining
// it again is not news.
func TestJoinsTakeOver(t *testing.T) {
	defer func(w time.Duration) { nameWait = w }(nameWait)
	nameWait = 30 * time.Second
	addr := dbustest.PrivateBus(t)
	s := startServer(t, addr)
	seen := filepath.Join(t.TempDir(), "default.notify.seen")
	me := api.Member{DID: "did:key:zMe", Self: true, Founder: true}
	al := api.Member{DID: "did:key:zAl", ProfileName: "Al"}
	r := &roster{}
	for _, tc := range []struct {
		name string
		file string // Config.Seen of both watches
		same bool   // the second watch is the first's Notifier
	}{
		{"same process", "", true},
		{"another process", seen, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r.set(func() {
				r.spaces = []api.SpaceSummary{{ID: chess, Name: "Chess club"}}
				r.members = map[string][]api.Member{chess: {me, al}}
			})
			first := New(Config{Address: addr, Seen: tc.file})
			defer first.Close()
			next := first
			if !tc.same {
				next = New(Config{Address: addr, Seen: tc.file})
				defer next.Close()
			}
			events, stop := watch(t, r, first)
			s.none(t) // the first watch of all: Al is no news
			// Dee joins; her profile has not come, so the watch waits for her name.
			r.set(func() { r.members[chess] = append(r.members[chess], api.Member{DID: "did:key:zDee"}) })
			events <- api.Event{Kind: "space", SpaceID: chess}
			stop()

			// Between the two watches Jo joins, and Dee's name arrives.
			r.set(func() {
				r.members[chess] = append(r.members[chess], api.Member{DID: jo, ProfileName: "Jo"})
				r.members[chess][2].ProfileName = "Dee"
			})
			events, stop = watch(t, r, next)
			got := map[string]bool{s.next(t).summary: true, s.next(t).summary: true}
			if !got["Jo joined Chess club"] || !got["Dee joined Chess club"] {
				t.Fatalf("shown after the takeover: %v", got)
			}
			s.none(t)

			// Chess club is left, then joined again with new members: not news.
			r.set(func() { r.spaces = nil })
			events <- api.Event{Kind: "spaces"}
			stop()
			r.set(func() {
				r.spaces = []api.SpaceSummary{{ID: chess, Name: "Chess club"}}
				r.members[chess] = append(r.members[chess], api.Member{DID: "did:key:zEd", ProfileName: "Ed"})
			})
			_, stop = watch(t, r, first)
			s.none(t)
			stop()
		})
	}
}

// TestJoinsSeenFile: a seen file that is not one (garbage, or too long)
// is no baseline: the watch takes the members it finds as known, and
// writes the file anew, private to the user.
func TestJoinsSeenFile(t *testing.T) {
	addr := dbustest.PrivateBus(t)
	s := startServer(t, addr)
	dir := t.TempDir()
	r := &roster{spaces: []api.SpaceSummary{{ID: chess, Name: "Chess club"}},
		members: map[string][]api.Member{chess: {{DID: "did:key:zMe", Self: true}, {DID: jo, ProfileName: "Jo"}}}}
	for name, content := range map[string][]byte{
		"garbage":  []byte("{not json"),
		"too long": append([]byte(`{"spaces":{"x":["`), make([]byte, maxSeenFile)...),
	} {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(dir, name)
			if err := os.WriteFile(path, content, 0o600); err != nil {
				t.Fatal(err)
			}
			n := New(Config{Address: addr, Seen: path})
			defer n.Close()
			_, stop := watch(t, r, n)
			s.none(t)
			stop()
			m, err := readSeen(path)
			if err != nil || !m[chess][jo] || len(m) != 1 {
				t.Fatalf("seen file after the watch: %v, %v", m, err)
			}
			if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 {
				t.Fatalf("seen file mode: %v, %v", fi.Mode(), err)
			}
		})
	}
}

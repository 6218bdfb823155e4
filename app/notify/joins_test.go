package notify

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"minca.dev/desktop/node/api"
)

const (
	jo    = "did:key:zDnaepvP6YSjYyaBgu3v9VSziUgdmpk4t5a4Xw9VVA1e1BEd9"
	space = "bvvz7u7w4jvlzzbkkaqs4em7ahvxmhnsrjqnupq475wlslsl7uqfa"
)

// overSocket is ev as a client of the local socket reads it: Data is
// decoded JSON.
func overSocket(t *testing.T, ev api.Event) api.Event {
	b, err := json.Marshal(ev)
	if err != nil {
		t.Fatal(err)
	}
	var out api.Event
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

func TestJoinOf(t *testing.T) {
	member := api.Member{DID: jo, ProfileName: "Jo", Roles: []string{"editor"}}
	tests := []struct {
		name string
		ev   api.Event
		want Join
		ok   bool
	}{
		{"member", api.Event{Kind: "joined", SpaceID: space, Data: member}, Join{SpaceID: space, Member: jo, MemberName: "Jo"}, true},
		{"pointer", api.Event{Kind: "joined", SpaceID: space, Data: &member}, Join{SpaceID: space, Member: jo, MemberName: "Jo"}, true},
		{"over the socket", overSocket(t, api.Event{Kind: "joined", SpaceID: space, Data: member}), Join{SpaceID: space, Member: jo, MemberName: "Jo"}, true},
		{"with the space name", api.Event{Kind: "joined", SpaceID: space, Data: map[string]any{"did": jo, "spaceName": "Chess club"}},
			Join{SpaceID: space, SpaceName: "Chess club", Member: jo}, true},
		{"me", api.Event{Kind: "joined", SpaceID: space, Data: api.Member{DID: jo, Self: true}}, Join{}, false},
		{"other kind", api.Event{Kind: "spaces", SpaceID: space, Data: member}, Join{}, false},
		{"no space", api.Event{Kind: "joined", Data: member}, Join{}, false},
		{"no data", api.Event{Kind: "joined", SpaceID: space}, Join{}, false},
		{"no member", api.Event{Kind: "joined", SpaceID: space, Data: map[string]any{"profileName": "Jo"}}, Join{}, false},
		{"wrong shape", api.Event{Kind: "joined", SpaceID: space, Data: []int{1}}, Join{}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := JoinOf(tc.ev)
			if ok != tc.ok || got != tc.want {
				t.Fatalf("JoinOf = %+v, %v; want %+v, %v", got, ok, tc.want, tc.ok)
			}
		})
	}
}

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

// TestJoins: the snapshot's "joined" event is skipped, each join after it
// reaches the notification server once, with the space's name looked up
// when the event lacks it; your own joining is not news.
func TestJoins(t *testing.T) {
	addr := privateBus(t)
	s := startServer(t, addr)
	n := New(Config{Address: addr})
	defer n.Close()
	events := make(chan api.Event)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan struct{})
	go func() {
		Joins(ctx, events, n, func(_ context.Context, id string) (string, error) { return "Chess club", nil })
		close(done)
	}()
	member := api.Member{DID: jo, ProfileName: "Jo"}
	events <- api.Event{Kind: "status"}
	events <- api.Event{Kind: "joined", SpaceID: space, Data: member} // the snapshot
	s.none(t)
	events <- api.Event{Kind: "joined", SpaceID: space, Data: api.Member{DID: "did:key:zMe", Self: true}}
	events <- api.Event{Kind: "joined", SpaceID: space, Data: member}
	if got := s.next(t); got.summary != "Jo joined Chess club" {
		t.Fatalf("got %+v", got)
	}
	events <- api.Event{Kind: "joined", SpaceID: space, Data: member} // again: coalesced delta
	s.none(t)
	cancel()
	select {
	case <-done:
	case <-time.After(time.Second):
		t.Fatal("Joins did not return when ctx ended")
	}
}

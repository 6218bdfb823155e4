package runtime

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"minca.dev/desktop/node/api"
)

// A change that arrives through sync reaches Watch as a delta: the space's
// summary (its member count grows when Bob's join arrives).
func TestWatchDeltaFromSync(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	alice, bob, s, inv := aliceInvitesBob(ctx, t)
	joinWatched(ctx, t, alice, bob, s.ID, inv.Link)
}

// aliceInvitesBob is Alice's node on a new hub with a team space she made
// and a member invite to it, and Bob's node there with an account, not
// yet joined.
func aliceInvitesBob(ctx context.Context, t *testing.T) (alice *person, bob *Node, s api.SpaceSummary, inv api.Invite) {
	t.Helper()
	hub := NewHub(50 * time.Millisecond)
	t.Cleanup(hub.Close)
	alice = newPerson(t, hub, "Alice")
	bob = newTestNode(t, hub, filepath.Join(t.TempDir(), "bob"))
	t.Cleanup(func() { bob.Close() })
	if _, err := bob.CreateAccount(ctx, api.CreateAccount{ProfileName: "Bob", Passphrase: "pass of Bob"}); err != nil {
		t.Fatal(err)
	}
	s, err := alice.n.CreateSpace(ctx, api.CreateSpace{Name: "W", Template: "team"})
	if err != nil {
		t.Fatal(err)
	}
	if inv, err = alice.n.CreateInvite(ctx, api.CreateInvite{SpaceID: s.ID, Role: "member"}); err != nil {
		t.Fatal(err)
	}
	return alice, bob, s, inv
}

// joinWatched has Bob join space id with link while Alice watches, and
// returns once her Watch stream gives the space's summary with both of them
// as members, failing once ctx ends or the stream does.
func joinWatched(ctx context.Context, t *testing.T, alice *person, bob *Node, id, link string) {
	t.Helper()
	ch, err := alice.n.Watch(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := bob.Join(ctx, link); err != nil {
		t.Fatal(err)
	}
	for {
		select {
		case e, ok := <-ch:
			if !ok {
				t.Fatal("stream ended")
			}
			if sum, ok := e.Data.(api.SpaceSummary); ok && e.Kind == "space" && sum.ID == id && sum.Members == 2 {
				return
			}
		case <-ctx.Done():
			t.Fatal("no delta for bob's join")
		}
	}
}

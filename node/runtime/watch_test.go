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
	hub := NewHub(50 * time.Millisecond)
	t.Cleanup(hub.Close)
	alice := newPerson(t, hub, "Alice")
	bob := newTestNode(t, hub, filepath.Join(t.TempDir(), "bob"))
	t.Cleanup(func() { bob.Close() })
	if _, err := bob.CreateAccount(ctx, api.CreateAccount{ProfileName: "Bob", Passphrase: "pass of Bob"}); err != nil {
		t.Fatal(err)
	}
	s, err := alice.n.CreateSpace(ctx, api.CreateSpace{Name: "W", Template: "team"})
	if err != nil {
		t.Fatal(err)
	}
	inv, err := alice.n.CreateInvite(ctx, api.CreateInvite{SpaceID: s.ID, Role: "member"})
	if err != nil {
		t.Fatal(err)
	}
	ch, err := alice.n.Watch(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := bob.Join(ctx, inv.Link); err != nil {
		t.Fatal(err)
	}
	for {
		select {
		case e, ok := <-ch:
			if !ok {
				t.Fatal("stream ended")
			}
			if sum, ok := e.Data.(api.SpaceSummary); ok && e.Kind == "space" && sum.ID == s.ID && sum.Members == 2 {
				return
			}
		case <-ctx.Done():
			t.Fatal("no delta for bob's join")
		}
	}
}

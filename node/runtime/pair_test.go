package runtime

import (
	"context"
	"fmt"
	"testing"
	"time"

	"minca.dev/desktop/node/api"
)

// joinedPair is Alice and Bob on one Hub: Alice founds a "team" space and
// Bob joins it by a member invite; it returns once Alice lists him.
func joinedPair(t *testing.T) (alice, bob *person, spaceID string) {
	t.Helper()
	ctx := context.Background()
	hub := NewHub(20 * time.Millisecond)
	t.Cleanup(hub.Close)
	alice, bob = newPerson(t, hub, "Alice"), newPerson(t, hub, "Bob")
	s, err := alice.n.CreateSpace(ctx, api.CreateSpace{Name: "Garden", Template: "team"})
	if err != nil {
		t.Fatal(err)
	}
	inv, err := alice.n.CreateInvite(ctx, api.CreateInvite{SpaceID: s.ID, Role: "member"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := bob.n.Join(ctx, inv.Link); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "alice sees bob", func() error {
		if m, err := alice.n.Members(ctx, s.ID); err != nil || len(m) != 2 {
			return fmt.Errorf("members %+v %v", m, err)
		}
		return nil
	})
	return alice, bob, s.ID
}

package apitest

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"minca.dev/desktop/node/api"
)

// testRemoveSelf: removing one's own account is refused as bad input with
// a hint to leave instead, and writes nothing (03 §6.1: leaving is its own
// change).
func testRemoveSelf(t *testing.T, cfg Config) {
	n, acc, s := aliceWithSpace(t, cfg, api.CreateSpace{Name: "Alone", Template: "team"})
	ctx := ctxOf(t)
	before := must[[]api.AccessChange](t, "History")(n.History(ctx, s.ID))
	err := n.RemoveMember(ctx, s.ID, acc.Account.DID)
	wantCode(t, "remove oneself", err, api.CodeInvalid)
	var ae *api.Error
	if errors.As(err, &ae); !strings.Contains(ae.Hint, "space leave "+s.ID) {
		t.Fatalf("hint %q does not say how to leave", ae.Hint)
	}
	if h := must[[]api.AccessChange](t, "History")(n.History(ctx, s.ID)); len(h) != len(before) {
		t.Fatalf("history went from %d to %d changes: %+v", len(before), len(h), h)
	}
	ms := must[[]api.Member](t, "Members")(n.Members(ctx, s.ID))
	if len(ms) != 1 || !ms[0].Self || !ms[0].Founder {
		t.Fatalf("members after the refused removal: %+v", ms)
	}
}

// testRemoveAllOrNothing: in a private space a removal needs a key change at
// once (03 §9.3); a moderator who may remove but not change the key is
// refused before anything is written, and the member stays. Removing
// oneself is refused there too.
func testRemoveAllOrNothing(t *testing.T, cfg Config) {
	ctx := ctxOf(t)
	alice, bob, _, b, s := bobJoined(t, cfg, api.CreateSpace{Name: "Club", Template: "club", Private: true}, "moderator")
	if err := alice.Assign(ctx, s.ID, other, "guest"); err != nil {
		t.Fatalf("assign guest: %v", err)
	}
	eventually(t, "bob sees the guest and his role", func() error {
		ms, err := bob.Members(ctx, s.ID)
		if err != nil {
			return err
		}
		if !hasRole(ms, other, "guest") || !hasRole(ms, b.Account.DID, "moderator") {
			return fmt.Errorf("members at bob: %+v", ms)
		}
		return nil
	})
	key := must[api.SpaceDetail](t, "Space")(bob.Space(ctx, s.ID)).KeyID
	wantCode(t, "bob removes himself", bob.RemoveMember(ctx, s.ID, b.Account.DID), api.CodeInvalid)
	wantCode(t, "bob removes the guest", bob.RemoveMember(ctx, s.ID, other), api.CodeForbidden)
	for _, c := range must[[]api.AccessChange](t, "History")(bob.History(ctx, s.ID)) {
		if c.Kind == "remove" {
			t.Fatalf("a refused removal was written: %+v", c)
		}
	}
	if ms := must[[]api.Member](t, "Members")(bob.Members(ctx, s.ID)); !hasRole(ms, other, "guest") || !hasRole(ms, b.Account.DID, "moderator") {
		t.Fatalf("members after the refused removals: %+v", ms)
	}
	if k := must[api.SpaceDetail](t, "Space")(bob.Space(ctx, s.ID)).KeyID; k != key {
		t.Fatalf("key changed from %s to %s", key, k)
	}
}

func hasRole(ms []api.Member, did, role string) bool {
	return slices.ContainsFunc(ms, func(m api.Member) bool { return m.DID == did && slices.Contains(m.Roles, role) })
}

package runtime

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"minca.dev/desktop/node/api"
)

// inviteByKey is the open invite key of a space as Invites lists it.
func inviteByKey(ctx context.Context, p *person, spaceID, key string) (api.Invite, error) {
	list, err := p.n.Invites(ctx, spaceID)
	if err != nil {
		return api.Invite{}, err
	}
	i := slices.IndexFunc(list, func(x api.Invite) bool { return x.Key == key })
	if i < 0 {
		return api.Invite{}, fmt.Errorf("no open invite %s in %+v", key, list)
	}
	return list[i], nil
}

// TestInviteJoined: once Bob joins through Alice's invite, her list says one
// joined through it, by his name, a member still, and none through another
// open invite; once Bob no longer holds the role he joined with, he still
// joined through it, and is no member now.
func TestInviteJoined(t *testing.T) {
	ctx := context.Background()
	alice, bob, id := joinedPair(t)
	list, err := alice.n.Invites(ctx, id)
	if err != nil || len(list) != 1 {
		t.Fatalf("invites %+v %v, want the one Bob joined with", list, err)
	}
	used := list[0].Key
	other, err := alice.n.CreateInvite(ctx, api.CreateInvite{SpaceID: id, Role: "member"})
	if err != nil {
		t.Fatal(err)
	}
	waitFor(t, "alice's invite says Bob joined", func() error {
		inv, err := inviteByKey(ctx, alice, id, used)
		if err != nil {
			return err
		}
		if inv.Joined != 1 || inv.StillMembers != 1 || !slices.Equal(inv.JoinedNames, []string{"Bob"}) {
			return fmt.Errorf("invite %+v, want 1 joined, Bob, still a member", inv)
		}
		return nil
	})
	if inv, err := inviteByKey(ctx, alice, id, other.Key); err != nil || inv.Joined != 0 || inv.JoinedNames != nil {
		t.Fatalf("the unused invite %+v %v, want nobody joined", inv, err)
	}
	if err := alice.n.Unassign(ctx, id, bob.did, "member"); err != nil {
		t.Fatal(err)
	}
	inv, err := inviteByKey(ctx, alice, id, used)
	if err != nil || inv.Joined != 1 || inv.StillMembers != 0 || !slices.Equal(inv.JoinedNames, []string{"Bob"}) {
		t.Fatalf("after Bob lost the role: %+v %v, want 1 joined (Bob), no member now", inv, err)
	}
}

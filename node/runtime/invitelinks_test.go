package runtime

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"minca.dev/desktop/node/api"
)

// keptLinks is what the profile's node store keeps of a space's invite links.
func keptLinks(t *testing.T, p *person, spaceID string) []keptLink {
	t.Helper()
	for _, ss := range storedState(t, p.n.dir).Spaces {
		if ss.ID == spaceID {
			return ss.InviteLinks
		}
	}
	return nil
}

// secretOf is the part of a link after #invite=, without the &from= name:
// the invite string, which holds the secret.
func secretOf(link string) string {
	s := strings.TrimPrefix(link, LinkPrefix)
	if i := strings.Index(s, "&"); i > 0 {
		s = s[:i]
	}
	return s
}

// aliceWithGarden is Alice's node on a new hub, with a team space
// "Garden" she made.
func aliceWithGarden(t *testing.T) (*Hub, *person, api.SpaceSummary) {
	t.Helper()
	hub := NewHub(20 * time.Millisecond)
	t.Cleanup(hub.Close)
	alice := newPerson(t, hub, "Alice")
	s, err := alice.n.CreateSpace(context.Background(), api.CreateSpace{Name: "Garden", Template: "team"})
	if err != nil {
		t.Fatal(err)
	}
	return hub, alice, s
}

// seesInvite is nil once p's node lists the space's invite key.
func seesInvite(ctx context.Context, p *person, spaceID, key string) error {
	list, err := p.n.Invites(ctx, spaceID)
	if err != nil || !slices.ContainsFunc(list, func(x api.Invite) bool { return x.Key == key }) {
		return fmt.Errorf("invites %+v %v", list, err)
	}
	return nil
}

// TestInviteLinkKept: a role invite's link comes back from InviteLink after
// a restart, is in the node store only sealed, and goes when Alice closes it.
func TestInviteLinkKept(t *testing.T) {
	ctx := context.Background()
	hub, alice, s := aliceWithGarden(t)
	inv, err := alice.n.CreateInvite(ctx, api.CreateInvite{SpaceID: s.ID, Role: "member"})
	if err != nil || !inv.HasLink {
		t.Fatalf("create: %+v %v, want a kept link", inv, err)
	}
	view, err := alice.n.CreateInvite(ctx, api.CreateInvite{SpaceID: s.ID, ViewOnly: true})
	if err != nil || view.HasLink {
		t.Fatalf("view-only: %+v %v, want no kept link (it is no open invite)", view, err)
	}
	kept := keptLinks(t, alice, s.ID)
	if b := storeBytes(t, alice.n.dir); bytes.Contains(b, []byte(secretOf(inv.Link))) || len(kept) != 1 ||
		!bytes.Contains(b, []byte(kept[0].Sealed)) {
		t.Fatalf("the node store keeps the link in the clear, or not once sealed: %+v", kept)
	}
	alice.reopen(t, hub)
	list, err := alice.n.Invites(ctx, s.ID)
	if err != nil || len(list) != 1 || !list[0].HasLink {
		t.Fatalf("invites after restart %+v %v, want one with its link kept", list, err)
	}
	again, err := alice.n.InviteLink(ctx, s.ID, inv.Key)
	if err != nil || again.Link != inv.Link || again.Role != "member" {
		t.Fatalf("InviteLink %+v %v, want the link made", again, err)
	}
	if err := alice.n.CloseInvite(ctx, s.ID, inv.Key); err != nil {
		t.Fatal(err)
	}
	if k := keptLinks(t, alice, s.ID); len(k) != 0 {
		t.Fatalf("a closed invite's link is still kept: %+v", k)
	}
	_, err = alice.n.InviteLink(ctx, s.ID, inv.Key)
	if api.CodeOf(err) != api.CodeNotFound {
		t.Fatalf("InviteLink of a closed invite: %v, want not found", err)
	}
}

// TestInviteLinkClosedElsewhere: Bob, made admin, closes Alice's invite on
// his computer; once it reaches Alice's node, her kept link is deleted
// without anyone asking for it.
func TestInviteLinkClosedElsewhere(t *testing.T) {
	ctx := context.Background()
	alice, bob, id := joinedPair(t)
	if n := len(keptLinks(t, alice, id)); n != 1 {
		t.Fatalf("%d links kept, want the one Bob joined with (still open)", n)
	}
	inv, err := alice.n.CreateInvite(ctx, api.CreateInvite{SpaceID: id, Role: "member"})
	if err != nil {
		t.Fatal(err)
	}
	if err := alice.n.Assign(ctx, id, bob.did, "admin"); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "bob is admin and sees the invite", func() error {
		ms, err := bob.n.Members(ctx, id)
		if err != nil {
			return err
		}
		i := slices.IndexFunc(ms, func(m api.Member) bool { return m.DID == bob.did })
		if i < 0 || !slices.Contains(ms[i].Roles, "admin") {
			return fmt.Errorf("members %+v", ms)
		}
		return seesInvite(ctx, bob, id, inv.Key)
	})
	if err := bob.n.CloseInvite(ctx, id, inv.Key); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "alice's kept link is deleted", func() error {
		for _, k := range keptLinks(t, alice, id) {
			if k.Key == inv.Key {
				return fmt.Errorf("still kept")
			}
		}
		return nil
	})
}

// TestInviteLinkBoundToItsInvite: a sealed link moved to another invite's
// entry does not open (05 §15: bound to its entry), so it is not given.
func TestInviteLinkBoundToItsInvite(t *testing.T) {
	ctx := context.Background()
	_, alice, s := aliceWithGarden(t)
	one, _ := alice.n.CreateInvite(ctx, api.CreateInvite{SpaceID: s.ID, Role: "member"})
	two, _ := alice.n.CreateInvite(ctx, api.CreateInvite{SpaceID: s.ID, Role: "admin"})
	alice.n.mu.Lock()
	ss := alice.n.stateOfLocked(s.ID)
	ss.InviteLinks[0].Sealed, ss.InviteLinks[1].Sealed = ss.InviteLinks[1].Sealed, ss.InviteLinks[0].Sealed
	alice.n.mu.Unlock()
	for _, inv := range []api.Invite{one, two} {
		_, err := alice.n.InviteLink(ctx, s.ID, inv.Key)
		if api.CodeOf(err) != api.CodeNotFound {
			t.Fatalf("a link moved to invite %s: %v, want not found", inv.Role, err)
		}
	}
}

// TestCloseInviteChecked: Bob, a member, may not close Alice's invite
// (03 §7.2: it takes the right to assign its role); he is told so, and
// nothing is written: the invite stays open on both nodes.
func TestCloseInviteChecked(t *testing.T) {
	ctx := context.Background()
	alice, bob, id := joinedPair(t)
	inv, err := alice.n.CreateInvite(ctx, api.CreateInvite{SpaceID: id, Role: "admin"})
	if err != nil {
		t.Fatal(err)
	}
	waitFor(t, "bob sees the invite", func() error { return seesInvite(ctx, bob, id, inv.Key) })
	err = bob.n.CloseInvite(ctx, id, inv.Key)
	if api.CodeOf(err) != api.CodeForbidden {
		t.Fatalf("bob closes alice's invite: %v, want forbidden", err)
	}
	if _, err := bob.n.CreateInvite(ctx, api.CreateInvite{SpaceID: id, Role: "admin"}); api.CodeOf(err) != api.CodeForbidden {
		t.Fatalf("bob opens an admin invite: %v, want forbidden", err)
	}
	list, err := bob.n.Invites(ctx, id)
	if err != nil || !slices.ContainsFunc(list, func(x api.Invite) bool { return x.Key == inv.Key }) || len(list) != 2 {
		t.Fatalf("bob's invites after the refusals %+v %v, want alice's two open and no other", list, err)
	}
}

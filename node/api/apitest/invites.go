package apitest

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"minca.dev/desktop/node/api"
)

// testInviteAndJoin: Alice invites Bob to a role and Carol to view; both
// join; Bob writes and both others read it; Carol may not write; Alice
// removes Bob, whose writes are then refused.
func testInviteAndJoin(t *testing.T, cfg Config) {
	ctx := ctxOf(t)
	alice, a := withAccount(t, cfg, "Alice")
	bob, b := withAccount(t, cfg, "Bob")
	carol, _ := withAccount(t, cfg, "Carol")
	s := must[api.SpaceSummary](t, "CreateSpace")(alice.CreateSpace(ctx, api.CreateSpace{Name: "Team", Template: "team"}))

	role := must[api.Invite](t, "role invite")(alice.CreateInvite(ctx, api.CreateInvite{SpaceID: s.ID, Role: "member"}))
	view := must[api.Invite](t, "view-only invite")(alice.CreateInvite(ctx, api.CreateInvite{SpaceID: s.ID, ViewOnly: true}))
	open := must[[]api.Invite](t, "Invites")(alice.Invites(ctx, s.ID))
	if len(open) != 1 || open[0].Key != role.Key || open[0].Role != "member" || !open[0].HasLink || open[0].Link != "" {
		t.Fatalf("open invites %+v, want the role invite, its link kept but not listed", open)
	}
	again := must[api.Invite](t, "InviteLink")(alice.InviteLink(ctx, s.ID, role.Key))
	if again.Link != role.Link || again.Key != role.Key || again.Role != "member" {
		t.Fatalf("InviteLink %+v, want the link made: %s", again, role.Link)
	}
	p := must[api.InvitePreview](t, "preview")(bob.PreviewInvite(ctx, role.Link))
	if p.SpaceID != s.ID || p.Role != "member" || p.InvitedBy != a.Account.DID || p.ViewOnly {
		t.Fatalf("preview %+v", p)
	}
	// Bob shares no space with Alice yet: her name is the link's claim.
	if p.InviterName != "Alice" || p.InviterNameFrom != api.NameFromLink {
		t.Fatalf("preview names %q from %q, want Alice from the link", p.InviterName, p.InviterNameFrom)
	}
	if _, err := bob.Join(ctx, role.Link); err != nil {
		t.Fatalf("bob joins: %v", err)
	}
	if _, err := carol.Join(ctx, view.Link); err != nil {
		t.Fatalf("carol joins: %v", err)
	}
	eventually(t, "alice sees bob as a member", func() error {
		ms, err := alice.Members(ctx, s.ID)
		if err != nil {
			return err
		}
		i := slices.IndexFunc(ms, func(m api.Member) bool { return m.DID == b.Account.DID })
		if i < 0 || !slices.Contains(ms[i].Roles, "member") || ms[i].ProfileName != "Bob" {
			return fmt.Errorf("members %+v", ms)
		}
		return nil
	})
	wantJoined(t, alice, s.ID, role.Key, 1, 1, "bob joined")
	id := must[string](t, "bob writes")(bob.Write(ctx, api.Write{SpaceID: s.ID, Collection: "app.chat", Body: "hello from Bob"}))
	for name, n := range map[string]api.Node{"alice": alice, "carol": carol} {
		eventually(t, name+" reads bob's record", func() error { return hasVersion(ctx, n, s.ID, id, true) })
	}
	_, err := carol.Write(ctx, api.Write{SpaceID: s.ID, Collection: "app.chat", Body: "from a viewer"})
	wantCode(t, "carol writes", err, api.CodeForbidden)

	if err := alice.RemoveMember(ctx, s.ID, b.Account.DID); err != nil {
		t.Fatalf("remove bob: %v", err)
	}
	eventually(t, "bob's writes are refused after his removal", func() error {
		_, err := bob.Write(ctx, api.Write{SpaceID: s.ID, Collection: "app.chat", Body: "after removal"})
		if api.CodeOf(err) == api.CodeForbidden {
			return nil
		}
		return fmt.Errorf("bob writes after removal: %v", err)
	})
	// Removed, Bob still joined through the invite: he is no member now.
	wantJoined(t, alice, s.ID, role.Key, 1, 0, "bob removed")
	if err := alice.CloseInvite(ctx, s.ID, role.Key); err != nil {
		t.Fatalf("close invite: %v", err)
	}
	if open := must[[]api.Invite](t, "Invites")(alice.Invites(ctx, s.ID)); len(open) != 0 {
		t.Fatalf("open invites after closing: %+v", open)
	}
	_, err = alice.InviteLink(ctx, s.ID, role.Key)
	wantCode(t, "InviteLink of a closed invite", err, api.CodeNotFound)
}

// wantJoined fails unless n lists the open invite key of space id as joined
// through by joined accounts, still of them members, Bob's name among theirs.
func wantJoined(t *testing.T, n api.Node, id, key string, joined, still int, when string) {
	t.Helper()
	open := must[[]api.Invite](t, "Invites")(n.Invites(ctxOf(t), id))
	i := slices.IndexFunc(open, func(inv api.Invite) bool { return inv.Key == key })
	if i < 0 || open[i].Joined != joined || open[i].StillMembers != still || !slices.Equal(open[i].JoinedNames, []string{"Bob"}) {
		t.Fatalf("%s: open invites %+v, want %s joined by %d (Bob), %d still members", when, open, key, joined, still)
	}
}

// hasVersion says whether n reads version id in the app.chat collection,
// with its body when withBody.
func hasVersion(ctx context.Context, n api.Node, spaceID, id string, withBody bool) error {
	rs, err := n.Records(ctx, spaceID, "app.chat")
	if err != nil {
		return err
	}
	for _, r := range rs {
		if r.VersionID == id && (!withBody || r.Body != nil) {
			return nil
		}
	}
	return fmt.Errorf("version %s not among %d records", id, len(rs))
}

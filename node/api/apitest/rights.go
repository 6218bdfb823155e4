package apitest

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"minca.dev/desktop/node/api"
)

// testRights: SpaceDetail.May and Member.May say what the account may do,
// and the node does what they say: Alice founds a club space (moderators
// change others' roles, not their own) and steps down to moderator.
func testRights(t *testing.T, cfg Config) {
	n, _, s := aliceWithSpace(t, cfg, api.CreateSpace{Name: "Club", Template: "club"})
	ctx := ctxOf(t)
	d := must[api.SpaceDetail](t, "Space")(n.Space(ctx, s.ID))
	if m := d.May; !m.Member || !m.StepDown || !m.Leave || m.RemoveMembers || !slices.Contains(m.AssignSelf, "guest") ||
		!slices.Contains(m.Invite, "member") || !m.InviteViewOnly || !m.Keepers || m.Blocked != "" {
		t.Fatalf("the founder's rights alone in the space: %+v", m)
	}
	if err := n.Assign(ctx, s.ID, other, "guest"); err != nil {
		t.Fatalf("assign: %v", err)
	}
	if err := n.StepDown(ctx, s.ID); err != nil {
		t.Fatalf("step down: %v", err)
	}
	d = must[api.SpaceDetail](t, "Space")(n.Space(ctx, s.ID))
	if m := d.May; m.StepDown || len(m.AssignSelf) != 0 || !slices.Contains(m.AssignOthers, "member") || !m.RemoveMembers ||
		m.Keepers || len(m.DefineRoles) != 0 {
		t.Fatalf("a moderator's rights: %+v", m)
	}
	ms := must[[]api.Member](t, "Members")(n.Members(ctx, s.ID))
	for _, m := range ms {
		var want api.MemberRights
		if m.Self {
			want = api.MemberRights{Give: []string{}, Take: []string{"member", "moderator"}}
		} else {
			want = api.MemberRights{Give: []string{"member", "moderator"}, Take: []string{"guest"}, Remove: true}
		}
		if fmt.Sprint(m.May) != fmt.Sprint(want) {
			t.Fatalf("rights over %s: %+v, want %+v", m.DID, m.May, want)
		}
	}
	// What May refuses, the node refuses.
	wantCode(t, "a moderator gives itself a role", n.Assign(ctx, s.ID, aliceOf(t, ms), "guest"), api.CodeForbidden)
	if err := n.Assign(ctx, s.ID, other, "member"); err != nil {
		t.Fatalf("a moderator gives another a role May allows: %v", err)
	}
}

func aliceOf(t *testing.T, ms []api.Member) string {
	t.Helper()
	i := slices.IndexFunc(ms, func(m api.Member) bool { return m.Self })
	if i < 0 {
		t.Fatalf("no member is self: %+v", ms)
	}
	return ms[i].DID
}

// testRightsJoined: a plain member may remove nobody, give no role and
// open no role invite; a removal it tries anyway answers CodeForbidden.
func testRightsJoined(t *testing.T, cfg Config) {
	ctx := ctxOf(t)
	alice, bob, a, _, s := bobJoined(t, cfg, api.CreateSpace{Name: "Team", Template: "team"}, "member")
	var d api.SpaceDetail
	eventually(t, "bob is a member in his own view", func() error {
		var err error
		if d, err = bob.Space(ctx, s.ID); err != nil || !d.May.Member {
			return fmt.Errorf("space %+v: %v", d.May, err)
		}
		return nil
	})
	if m := d.May; m.RemoveMembers || len(m.AssignOthers) != 0 || len(m.Invite) != 0 || len(m.CloseInvites) != 0 ||
		m.StepDown || !m.Leave || !m.InviteViewOnly {
		t.Fatalf("a member's rights: %+v", m)
	}
	for _, m := range must[[]api.Member](t, "Members")(bob.Members(ctx, s.ID)) {
		if m.May.Remove || len(m.May.Give) != 0 || (!m.Self && len(m.May.Take) != 0) {
			t.Fatalf("a member's rights over %s: %+v", m.DID, m.May)
		}
	}
	// Bob's join reaches Alice by sync: wait for it, so the count below
	// measures the refused removal, not the sync's pace.
	eventually(t, "alice sees bob's join", func() error {
		if ms, err := alice.Members(ctx, s.ID); err != nil || len(ms) != 2 {
			return fmt.Errorf("alice's members: %d, %v", len(ms), err)
		}
		return nil
	})
	err := bob.RemoveMember(ctx, s.ID, a.Account.DID)
	wantCode(t, "a member removes the founder", err, api.CodeForbidden)
	// The refusal in people's words, its code to branch on, the protocol's text as Detail (03 §4.5).
	var ae *api.Error
	if errors.As(err, &ae); ae.Reason != "founder" || strings.Contains(ae.Message, "did:key") || !strings.Contains(ae.Detail, a.Account.DID) {
		t.Fatalf("the refusal: %+v", ae)
	}
	if ms := must[[]api.Member](t, "Members")(alice.Members(ctx, s.ID)); len(ms) != 2 {
		t.Fatalf("a refused removal changed the members: %+v", ms)
	}
}

// aliceWithSpace is a node with Alice's account and a space she made as
// req asks.
func aliceWithSpace(t *testing.T, cfg Config, req api.CreateSpace) (api.Node, api.NewAccount, api.SpaceSummary) {
	t.Helper()
	n, acc := withAccount(t, cfg, "Alice")
	return n, acc, must[api.SpaceSummary](t, "CreateSpace")(n.CreateSpace(ctxOf(t), req))
}

// bobJoined is Alice's node and Bob's, with a space Alice made as req asks
// and Bob joined by her invite for role.
func bobJoined(t *testing.T, cfg Config, req api.CreateSpace, role string) (alice, bob api.Node, a, b api.NewAccount, s api.SpaceSummary) {
	t.Helper()
	ctx := ctxOf(t)
	alice, a = withAccount(t, cfg, "Alice")
	bob, b = withAccount(t, cfg, "Bob")
	s = must[api.SpaceSummary](t, "CreateSpace")(alice.CreateSpace(ctx, req))
	inv := must[api.Invite](t, "invite")(alice.CreateInvite(ctx, api.CreateInvite{SpaceID: s.ID, Role: role}))
	must[api.SpaceSummary](t, "bob joins")(bob.Join(ctx, inv.Link))
	return alice, bob, a, b, s
}

package runtime

import (
	"context"
	"fmt"
	"reflect"
	"slices"
	"testing"

	"minca.dev/desktop/core/access"
	"minca.dev/desktop/node/api"
)

// TestHistoryWhy: each way a change is dropped or waits (03 §4.3, §4.6)
// gives its status, the accounts involved and the changes that struck it,
// by what they did.
func TestHistoryWhy(t *testing.T) {
	const ana, ben, cara, opener = "did:key:zAna", "did:key:zBen", "did:key:zCara", "did:key:zOpener"
	removeBen := access.Event{ID: "r1", Kind: access.KindRemove, Root: ana, DID: ben}
	unassignBen := access.Event{ID: "u1", Kind: access.KindAssign, Root: ana, DID: ben, Role: "admin"}
	giveCara := access.Event{ID: "a1", Kind: access.KindAssign, Root: ben, DID: cara, Role: "admin", Assigned: true}
	byID := map[string]access.Event{"r1": removeBen, "u1": unassignBen, "a1": giveCara}
	refRemove := api.ChangeRef{ID: "r1", Author: ana, Action: actRemove, Subject: ben}
	refUnassign := api.ChangeRef{ID: "u1", Author: ana, Action: actUnassign, Subject: ben, Role: "admin"}
	refGive := api.ChangeRef{ID: "a1", Author: ben, Action: actAssign, Subject: cara, Role: "admin"}
	noGrant := func(acct string) *access.Refusal {
		return &access.Refusal{Code: access.RefusedNoGrant, Text: "may not", Account: acct}
	}
	for _, tc := range []struct {
		name   string
		ev     access.Event
		st     access.Status
		status string
		want   *api.ChangeWhy
	}{
		{"applied", giveCara, access.Status{Outcome: access.Applied, Index: 3}, "applied", nil},
		{"waiting", giveCara, access.Status{Outcome: access.Waiting, WaitingFor: []string{"x1"}}, "waiting",
			&api.ChangeWhy{Kind: whyWaiting, WaitingFor: []string{"x1"}}},
		{"struck by a removal", giveCara,
			access.Status{Outcome: access.Dropped, Reason: access.Struck, Detail: access.StruckByReduction, StruckBy: []string{"r1"}},
			"struck", &api.ChangeWhy{Kind: whyStruck, By: []api.ChangeRef{refRemove}}},
		{"struck by two", giveCara,
			access.Status{Outcome: access.Dropped, Reason: access.Struck, Detail: access.StruckByReduction, StruckBy: []string{"r1", "u1"}},
			"struck", &api.ChangeWhy{Kind: whyStruck, By: []api.ChangeRef{refRemove, refUnassign}}},
		{"struck by a change not held", giveCara,
			access.Status{Outcome: access.Dropped, Reason: access.Struck, Detail: access.StruckByReduction, StruckBy: []string{"gone"}},
			"struck", &api.ChangeWhy{Kind: whyStruck, By: []api.ChangeRef{{ID: "gone"}}}},
		{"rests on a struck change", access.Event{ID: "c1", Kind: access.KindRemove, Root: cara, DID: ana},
			access.Status{Outcome: access.Dropped, Reason: access.Struck, Detail: access.RestsOnStruck, RestsOn: []string{"a1"}, Refusal: noGrant(cara)},
			"struck", &api.ChangeWhy{Kind: whyRestsOnStruck, Code: "no-grant", Account: cara, By: []api.ChangeRef{refGive}}},
		{"refused: no grant", giveCara,
			access.Status{Outcome: access.Dropped, Reason: access.Refused, Refusal: noGrant(ben)},
			"refused", &api.ChangeWhy{Kind: whyRefused, Code: "no-grant", Account: ben}},
		{"refused: the opener's grant", access.Event{ID: "j1", Kind: access.KindAssign, Root: cara, DID: cara, Role: "member", Assigned: true, ViaInvite: "did:key:zInv"},
			access.Status{Outcome: access.Dropped, Reason: access.Refused, Refusal: noGrant(opener)},
			"refused", &api.ChangeWhy{Kind: whyRefused, Code: "no-grant", Account: opener}},
		{"refused: removing a non-member", access.Event{ID: "x2", Kind: access.KindRemove, Root: ana, DID: cara},
			access.Status{Outcome: access.Dropped, Reason: access.Refused, Refusal: &access.Refusal{Code: access.RefusedNotMember}},
			"refused", &api.ChangeWhy{Kind: whyRefused, Code: "not-member", Account: cara}},
		{"refused: a founder's roles", access.Event{ID: "x3", Kind: access.KindAssign, Root: ben, DID: ana, Role: "admin"},
			access.Status{Outcome: access.Dropped, Reason: access.Refused, Refusal: &access.Refusal{Code: access.RefusedFounder}},
			"refused", &api.ChangeWhy{Kind: whyRefused, Code: "founder", Account: ana}},
		{"refused: a closed invite", access.Event{ID: "x4", Kind: access.KindAssign, Root: cara, DID: cara, Role: "member", Assigned: true, ViaInvite: "did:key:zInv"},
			access.Status{Outcome: access.Dropped, Reason: access.Refused, Refusal: &access.Refusal{Code: access.RefusedInviteClosed}},
			"refused", &api.ChangeWhy{Kind: whyRefused, Code: "invite-closed"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := change(access.Entry{Event: tc.ev, Status: tc.st}, byID)
			if c.Status != tc.status {
				t.Errorf("status %q, want %q", c.Status, tc.status)
			}
			if !reflect.DeepEqual(c.Why, tc.want) {
				t.Errorf("why %+v, want %+v", c.Why, tc.want)
			}
			if (tc.want == nil) != (c.Reason == "") {
				t.Errorf("reason %q for why %+v", c.Reason, tc.want)
			}
		})
	}
}

// TestHistoryRef: each change is named by what it does, the account it is
// about and its role (03 §2.5, §6.1, §7.2).
func TestHistoryRef(t *testing.T) {
	const a, b = "did:key:zA", "did:key:zB"
	for _, tc := range []struct {
		ev   access.Event
		want api.ChangeRef
	}{
		{access.Event{Kind: access.KindAssign, Root: b, DID: b, Role: "member", Assigned: true, ViaInvite: "did:key:zI"},
			api.ChangeRef{Author: b, Action: actJoin, Subject: b, Role: "member"}},
		{access.Event{Kind: access.KindAssign, Root: a, DID: b, Role: "admin", Assigned: true},
			api.ChangeRef{Author: a, Action: actAssign, Subject: b, Role: "admin"}},
		{access.Event{Kind: access.KindAssign, Root: a, DID: b, Role: "admin"},
			api.ChangeRef{Author: a, Action: actUnassign, Subject: b, Role: "admin"}},
		{access.Event{Kind: access.KindAssign, Root: b, DID: b, Role: "admin"},
			api.ChangeRef{Author: b, Action: actLeaveRole, Subject: b, Role: "admin"}},
		{access.Event{Kind: access.KindRemove, Root: a, DID: b}, api.ChangeRef{Author: a, Action: actRemove, Subject: b}},
		{access.Event{Kind: access.KindRemove, Root: b, DID: b}, api.ChangeRef{Author: b, Action: actLeave, Subject: b}},
		{access.Event{Kind: access.KindStepdown, Root: a, DID: a}, api.ChangeRef{Author: a, Action: actStepdown, Subject: a}},
		{access.Event{Kind: access.KindRole, Root: a, Name: "editor"}, api.ChangeRef{Author: a, Action: actDefineRole, Role: "editor"}},
		{access.Event{Kind: access.KindInvite, Root: a, Role: "member", Open: true}, api.ChangeRef{Author: a, Action: actOpenInvite, Role: "member"}},
		{access.Event{Kind: access.KindInvite, Root: a, Role: "member"}, api.ChangeRef{Author: a, Action: actCloseInvite, Role: "member"}},
		{access.Event{Kind: access.KindKey, Root: a}, api.ChangeRef{Author: a, Action: actChangeKey}},
		{access.Event{Kind: access.KindRevoke, Root: a}, api.ChangeRef{Author: a, Action: "revoke"}},
	} {
		if got := ref(tc.ev); got != tc.want {
			t.Errorf("%+v: %+v, want %+v", tc.ev, got, tc.want)
		}
	}
}

// TestHistoryStruckUnseen: Ben, an admin, opens an invite while his sync
// is paused; apart, Ana takes admin from him. Once they sync, both
// histories say the invite was struck by Ana's unassignment of Ben (03
// §4.3 step 3), by name. After Ana removes Ben, her history still names
// him: names come from the profiles held, not from the members.
func TestHistoryStruckUnseen(t *testing.T) {
	ctx := context.Background()
	ana, ben := netPerson(t, "Ana", true), netPerson(t, "Ben", false)
	s := share(t, ana, false, "member", ben)
	if err := ana.n.Assign(ctx, s.ID, ben.did, "admin"); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "ben holds admin", func() error { return holdsRole(ben, s.ID, ben.did, "admin") })
	if err := ben.n.PauseSync(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := ben.n.CreateInvite(ctx, api.CreateInvite{SpaceID: s.ID, Role: "member"}); err != nil {
		t.Fatal(err)
	}
	if err := ana.n.Unassign(ctx, s.ID, ben.did, "admin"); err != nil {
		t.Fatal(err)
	}
	if err := ben.n.ResumeSync(ctx); err != nil {
		t.Fatal(err)
	}
	want := api.ChangeWhy{Kind: whyStruck, By: []api.ChangeRef{{Author: ana.did, Action: actUnassign, Subject: ben.did, Role: "admin"}}}
	for _, p := range []*person{ana, ben} {
		waitFor(t, p.name+" reads the invite struck", func() error {
			c, err := findChange(p, s.ID, actOpenInvite, ben.did)
			if err != nil {
				return err
			}
			if c.Status != "struck" || c.Why == nil || len(c.Why.By) != 1 {
				return fmt.Errorf("the invite: %+v", c)
			}
			got := *c.Why
			got.By = []api.ChangeRef{c.Why.By[0]}
			got.By[0].ID = ""
			if !reflect.DeepEqual(got, want) || c.Names[ana.did] != "Ana" || c.Names[ben.did] != "Ben" {
				return fmt.Errorf("the invite: %+v why %+v", c, got)
			}
			return nil
		})
	}
	if err := ana.n.RemoveMember(ctx, s.ID, ben.did); err != nil {
		t.Fatal(err)
	}
	c, err := findChange(ana, s.ID, actRemove, ana.did)
	if err != nil || c.Subject != ben.did || c.Names[ben.did] != "Ben" {
		t.Fatalf("the removal of a former member: %+v, %v", c, err)
	}
}

// findChange is the last change of p's history of space id doing action
// by author.
func findChange(p *person, id, action, author string) (api.AccessChange, error) {
	h, err := p.n.History(context.Background(), id)
	if err != nil {
		return api.AccessChange{}, err
	}
	for i := len(h) - 1; i >= 0; i-- {
		if h[i].Action == action && h[i].Author == author {
			return h[i], nil
		}
	}
	return api.AccessChange{}, fmt.Errorf("%s's history has no %s by %s: %+v", p.name, action, author, h)
}

func holdsRole(p *person, id, did, role string) error {
	ms, err := p.n.Members(context.Background(), id)
	if err != nil {
		return err
	}
	for _, m := range ms {
		if m.DID == did && slices.Contains(m.Roles, role) {
			return nil
		}
	}
	return fmt.Errorf("%s's members: %+v", p.name, ms)
}

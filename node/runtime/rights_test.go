package runtime

import (
	"errors"
	"fmt"
	"reflect"
	"testing"

	"minca.dev/desktop/core/access"
	"minca.dev/desktop/node/api"
)

// The accounts of the rights table: a founder, an admin, a moderator (the
// club template's: others only), a member, a viewer (reads only), a member
// who was removed, and a greeter, whose role a later definition made: it
// may give the viewer role and nothing else.
const (
	rFounder = "did:key:founder"
	rAdmin   = "did:key:admin"
	rMod     = "did:key:moderator"
	rMember  = "did:key:member"
	rViewer  = "did:key:viewer"
	rRemoved = "did:key:removed"
	rGreeter = "did:key:greeter"

	inviteMember = "did:key:invite-member"
	inviteViewer = "did:key:invite-viewer"
)

func eqPol(sel string, v any) []any { return []any{[]any{"==", sel, v}} }

// rightsHistory is a space with every account of the table in place, two
// open invites, and rRemoved removed; private gives it a key.
func rightsHistory(t *testing.T, private bool) *access.History {
	t.Helper()
	g := access.Genesis{SpaceID: "space-rights", Founders: []string{rFounder},
		Roles: []access.FoundingRole{
			{Name: "admin", Grants: []access.Grant{{Cmd: "/", Pol: []any{}}}},
			{Name: "moderator", Grants: []access.Grant{{Cmd: "/role", Pol: eqPol(".self", false)}, {Cmd: "/member/remove", Pol: []any{}}}},
			{Name: "member", Grants: []access.Grant{{Cmd: "/record", Pol: []any{}}}},
			{Name: "viewer", Grants: []access.Grant{{Cmd: "/record/read", Pol: []any{}}}},
		},
		Assigned: map[string][]string{rFounder: {"admin"}},
		Private:  private}
	if private {
		g.KeyID, g.ReadKey = "key-0", "did:key:read-0"
	}
	var evs []access.Event
	add := func(e access.Event) {
		e.ID = fmt.Sprintf("e%02d", len(evs))
		e.Root, e.Author, e.N = rFounder, rFounder, int64(len(evs))
		e.LogCollection = "sys.test"
		if len(evs) > 0 {
			e.Seen = []string{evs[len(evs)-1].ID}
		}
		evs = append(evs, e)
	}
	add(access.Event{Kind: access.KindRole, Name: "greeter",
		Grants: []access.Grant{{Cmd: access.CmdRoleAssign, Pol: eqPol(".role", "viewer")}}})
	for did, role := range map[string]string{rAdmin: "admin", rMod: "moderator", rMember: "member",
		rViewer: "viewer", rRemoved: "member", rGreeter: "greeter"} {
		add(access.Event{Kind: access.KindAssign, DID: did, Role: role, Assigned: true})
	}
	add(access.Event{Kind: access.KindAssign, DID: rGreeter, Role: "member", Assigned: true})
	add(access.Event{Kind: access.KindRemove, DID: rRemoved})
	add(access.Event{Kind: access.KindInvite, InviteKey: inviteMember, Role: "member", Open: true})
	add(access.Event{Kind: access.KindInvite, InviteKey: inviteViewer, Role: "viewer", Open: true})
	h, err := access.Replay(g, evs)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range h.Log() {
		if e.Status.Outcome != access.Applied {
			t.Fatalf("set-up event %s (%s %s) is %v", e.Event.ID, e.Event.Kind, e.Event.DID, e.Status.Outcome)
		}
	}
	return h
}

var (
	allRoles = []string{"admin", "greeter", "member", "moderator", "viewer"}
	none     = []string{}
	both     = []string{inviteMember, inviteViewer}
)

// TestRightsTable: what each account may do in the space, as the replay
// would judge the change it writes (03 §4.5).
func TestRightsTable(t *testing.T) {
	s := rightsHistory(t, false).Current()
	for _, tc := range []struct {
		who  string
		want api.Rights
	}{
		{rFounder, api.Rights{Member: true, AssignSelf: []string{"greeter", "member", "moderator", "viewer"}, AssignOthers: allRoles,
			RemoveMembers: true, StepDown: true, Leave: true, DefineRoles: allRoles, Keepers: true,
			Invite: allRoles, InviteViewOnly: true, CloseInvites: both}},
		{rAdmin, api.Rights{Member: true, AssignSelf: []string{"greeter", "member", "moderator", "viewer"}, AssignOthers: allRoles,
			RemoveMembers: true, Leave: true, DefineRoles: allRoles, Keepers: true,
			Invite: allRoles, InviteViewOnly: true, CloseInvites: both}},
		{rMod, api.Rights{Member: true, AssignSelf: none, AssignOthers: allRoles, RemoveMembers: true, Leave: true,
			DefineRoles: none, Invite: allRoles, InviteViewOnly: true, CloseInvites: both}},
		{rMember, api.Rights{Member: true, AssignSelf: none, AssignOthers: none, Leave: true, DefineRoles: none,
			Invite: none, InviteViewOnly: true, CloseInvites: none}},
		{rViewer, api.Rights{Member: true, AssignSelf: none, AssignOthers: none, Leave: true, DefineRoles: none,
			Invite: none, InviteViewOnly: true, CloseInvites: none}},
		{rRemoved, api.Rights{Blocked: api.BlockedNotMember, AssignSelf: none, AssignOthers: none, DefineRoles: none,
			Invite: none, CloseInvites: none}},
		{rGreeter, api.Rights{Member: true, AssignSelf: []string{"viewer"}, AssignOthers: []string{"viewer"}, Leave: true,
			DefineRoles: none, Invite: []string{"viewer"}, InviteViewOnly: true, CloseInvites: []string{inviteViewer}}},
	} {
		if got := newRights(s, tc.who, false, true).space(); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s:\n got %+v\nwant %+v", tc.who, got, tc.want)
		}
	}
}

// TestMemberRightsTable: what each account may do to each other one.
func TestMemberRightsTable(t *testing.T) {
	s := rightsHistory(t, false).Current()
	mr := func(give, take []string, remove bool) api.MemberRights {
		return api.MemberRights{Give: give, Take: take, Remove: remove}
	}
	for _, tc := range []struct {
		who, to string
		want    api.MemberRights
	}{
		{rFounder, rMember, mr([]string{"admin", "greeter", "moderator", "viewer"}, []string{"member"}, true)},
		{rAdmin, rFounder, mr(none, none, false)}, // only a founder changes its own roles, or removes itself
		{rAdmin, rMod, mr([]string{"admin", "greeter", "member", "viewer"}, []string{"moderator"}, true)},
		{rMod, rMember, mr([]string{"admin", "greeter", "moderator", "viewer"}, []string{"member"}, true)},
		{rMod, rMod, mr(none, []string{"moderator"}, false)}, // leaving its role; nothing for itself
		{rMember, rViewer, mr(none, none, false)},
		{rMember, rMember, mr(none, []string{"member"}, false)},
		{rViewer, rMember, mr(none, none, false)},
		{rRemoved, rMember, mr(none, none, false)},
		{rGreeter, rMember, mr([]string{"viewer"}, none, false)},
		{rGreeter, rViewer, mr(none, none, false)},
	} {
		roles := s.RolesOf(tc.to)
		if got := newRights(s, tc.who, false, true).member(tc.to, roles); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s to %s:\n got %+v\nwant %+v", tc.who, tc.to, got, tc.want)
		}
	}
}

// TestRightsPrivate: in a private space a removal needs the key change
// after it (03 §9.3), which the moderator may not make; and a node without
// the current key may write nothing.
func TestRightsPrivate(t *testing.T) {
	s := rightsHistory(t, true).Current()
	if r := newRights(s, rMod, true, true); r.space().RemoveMembers || r.member(rMember, s.RolesOf(rMember)).Remove {
		t.Error("a moderator without /key/change may remove in a private space")
	}
	if !newRights(s, rAdmin, true, true).member(rMember, s.RolesOf(rMember)).Remove {
		t.Error("an admin may not remove in a private space")
	}
	got := newRights(s, rAdmin, true, false).space()
	want := api.Rights{Member: true, Blocked: api.BlockedNoKey, AssignSelf: none, AssignOthers: none, DefineRoles: none,
		Invite: none, CloseInvites: none}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("admin without the key:\n got %+v\nwant %+v", got, want)
	}
}

// TestRightsFounderWords: a change to a founder's roles or place by
// another account is refused in words that name the founder by their
// profile name, else as the space's founder.
func TestRightsFounderWords(t *testing.T) {
	s := rightsHistory(t, false).Current()
	for _, tc := range []struct {
		name string
		e    access.Event
		want string
	}{
		{"Ana", access.Event{Kind: access.KindRemove, DID: rFounder}, "Ana founded this space: only they can change their roles or leave it."},
		{"", assignEvent(rFounder, "viewer", true), "This is the space's founder: only they can change their roles or leave it."},
	} {
		r := newRights(s, rAdmin, false, true)
		r.nameOf = func(did string) string {
			if did != rFounder {
				t.Errorf("named %s, want the founder", did)
			}
			return tc.name
		}
		var e *api.Error
		if err := r.check(tc.e); !errors.As(err, &e) || e.Reason != string(access.RefusedFounder) || e.Message != tc.want {
			t.Errorf("%+v: %v, want %q", tc.e, err, tc.want)
		}
	}
}

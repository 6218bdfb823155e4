package access

import (
	"testing"
)

// Scenarios of 03 §2 (roles and grants), each replayed in every arrival
// order.

// §2.1: nobody but a founder itself removes it, changes its roles or makes
// it step down, another founder included; a founder may assign itself any
// role and leave one; a founder that leaves is one no more.
func TestFoundersAreOnlyTheirOwn(t *testing.T) {
	b := newBuilder(t, founded([]string{"alice", "bob"}, role("member", grant("/record"))))
	b.ev("bob-removes-alice", "bob", remove("alice"), "G")
	b.ev("bob-assigns-alice", "bob", assign("alice", "member"), "G")
	b.ev("bob-steps-alice-down", "bob", stepdown("alice"), "G")
	b.ev("alice-member", "alice", assign("alice", "member"), "G")
	b.ev("alice-leaves-member", "alice", unassign("alice", "member"), "alice-member")
	b.ev("bob-leaves", "bob", remove("bob"), "G")
	everyOrder(t, b, func(h *History) {
		for _, n := range []string{"bob-removes-alice", "bob-assigns-alice"} {
			wantStatus(t, h, b, n, Dropped, Refused)
			if st := h.Status(b.id(n)); st.Refusal.Code != RefusedFounder {
				t.Errorf("%s: %v, want refused as a founder's own", n, st)
			}
		}
		wantStatus(t, h, b, "bob-steps-alice-down", Dropped, Refused)
		wantStatus(t, h, b, "alice-member", Applied, "")
		wantStatus(t, h, b, "alice-leaves-member", Applied, "")
		wantStatus(t, h, b, "bob-leaves", Applied, "")
		cur := h.Current()
		if got := cur.Founders(); len(got) != 1 || got[0] != did("alice") {
			t.Errorf("founders %v, want alice only", got)
		}
		wantMember(t, cur, "bob", false)
	})
}

// §2.2 "Write what is allowed": a grant of / with != .role admin also holds
// for /member/remove, which has no role, and so for removing an admin; an
// or of == statements holds only where a role is given.
func TestWriteWhatIsAllowed(t *testing.T) {
	b := newBuilder(t, founded([]string{"alice"},
		role("loose", grant("/", []any{"!=", ".role", "admin"})),
		role("strict", grant("/", []any{"or", []any{eq(".role", "member"), eq(".role", "mod")}})),
		role("admin", grant("/record")), role("member", grant("/record"))))
	b.ev("dave-loose", "alice", assign("dave", "loose"), "G")
	b.ev("erin-strict", "alice", assign("erin", "strict"), "dave-loose")
	b.ev("carol-admin", "alice", assign("carol", "admin"), "erin-strict")
	b.ev("dave-assigns-admin", "dave", assign("frank", "admin"), "carol-admin")
	b.ev("erin-removes-carol", "erin", remove("carol"), "carol-admin")
	b.ev("erin-assigns-member", "erin", assign("frank", "member"), "carol-admin")
	b.ev("dave-removes-carol", "dave", remove("carol"), "erin-assigns-member")
	everyOrder(t, b, func(h *History) {
		wantStatus(t, h, b, "dave-assigns-admin", Dropped, Refused)
		wantStatus(t, h, b, "erin-removes-carol", Dropped, Refused)
		wantStatus(t, h, b, "erin-assigns-member", Applied, "")
		wantStatus(t, h, b, "dave-removes-carol", Applied, "")
		wantMember(t, h.Current(), "carol", false)
	})
}

// §2.3 "Admins assign Treasurer, not to themselves".
func TestAdminsAssignTreasurerNotToThemselves(t *testing.T) {
	b := newBuilder(t, founded([]string{"alice"},
		role("admin", grant("/role/assign", eq(".role", "treasurer"), eq(".self", false))),
		role("treasurer", grant("/record"))))
	b.ev("dave-admin", "alice", assign("dave", "admin"), "G")
	b.ev("dave-treasurer-self", "dave", assign("dave", "treasurer"), "dave-admin")
	b.ev("erin-treasurer", "dave", assign("erin", "treasurer"), "dave-admin")
	b.ev("erin-admin", "dave", assign("erin", "admin"), "dave-admin")
	everyOrder(t, b, func(h *History) {
		wantStatus(t, h, b, "dave-treasurer-self", Dropped, Refused)
		wantStatus(t, h, b, "erin-treasurer", Applied, "")
		wantStatus(t, h, b, "erin-admin", Dropped, Refused)
	})
}

// §2.3 "Moderators may remove members but not admins", and two holders of
// a role whose grant says "not those holding this role" can still remove
// each other by naming a view from before the other's promotion; the
// removal stands and strikes what the removed one did unseen.
func TestModeratorsAndBackdatedDemotion(t *testing.T) {
	noAdmins := []any{"not", []any{"any", ".roles", eq(".", "admin")}}
	b := newBuilder(t, founded([]string{"alice"},
		role("admin", grant("/member/remove", eq(".self", false), noAdmins)),
		role("mod", grant("/member/remove", eq(".self", false), noAdmins)),
		role("member", grant("/record"))))
	b.ev("dave-mod", "alice", assign("dave", "mod"), "G")
	b.ev("erin-member", "alice", assign("erin", "member"), "dave-mod")
	b.ev("frank-admin", "alice", assign("frank", "admin"), "erin-member")
	b.ev("dave-removes-frank", "dave", remove("frank"), "frank-admin")
	b.ev("erin-admin", "alice", assign("erin", "admin"), "frank-admin")
	b.ev("frank-removes-erin-old", "frank", remove("erin"), "frank-admin")
	b.ev("erin-removes-carol", "erin", remove("dave"), "erin-admin")
	everyOrder(t, b, func(h *History) {
		wantStatus(t, h, b, "dave-removes-frank", Dropped, Refused)
		// Frank removes Erin naming a view before her promotion: allowed,
		// and it strikes what she did without having seen it.
		wantStatus(t, h, b, "frank-removes-erin-old", Applied, "")
		wantStatus(t, h, b, "erin-admin", Applied, "")
		wantStruck(t, h, b, "erin-removes-carol", StruckByReduction)
		cur := h.Current()
		wantMember(t, cur, "erin", false)
		wantMember(t, cur, "dave", true)
	})
}

// §2.4 attenuation and "judged where it was written": a definition holds
// only what its author could do in its own view, and a role keeps its
// grants when its author later loses the power to define it.
func TestDefinitionAttenuationAndKeeping(t *testing.T) {
	b := newBuilder(t, founded([]string{"alice"},
		role("admin", grant("/role/define", eq(".role", "member")), grant("/role/assign", eq(".role", "member"))),
		role("member", grant("/record"))))
	b.ev("erin-admin", "alice", assign("erin", "admin"), "G")
	b.ev("erin-defines", "erin", defineRole("member", []Grant{grant("/record"), grant("/role/assign"), grant("/member/remove")}), "erin-admin")
	b.ev("bob-member", "erin", assign("bob", "member"), "erin-defines")
	b.ev("bob-assigns", "bob", assign("carol", "member"), "bob-member")
	b.ev("bob-assigns-admin", "bob", assign("carol", "admin"), "bob-member")
	b.ev("bob-removes", "bob", remove("erin"), "bob-member")
	b.ev("erin-out", "alice", unassign("erin", "admin"), "bob-assigns", "bob-assigns-admin", "bob-removes")
	everyOrder(t, b, func(h *History) {
		wantStatus(t, h, b, "erin-defines", Applied, "")
		// Erin could assign member, so members can; she could not assign
		// admin nor remove anyone, so members can't either.
		wantStatus(t, h, b, "bob-assigns", Applied, "")
		wantStatus(t, h, b, "bob-assigns-admin", Dropped, Refused)
		wantStatus(t, h, b, "bob-removes", Dropped, Refused)
		wantStatus(t, h, b, "erin-out", Applied, "")
		// The role keeps what Erin wrote after she lost admin.
		cur := h.Current()
		if !cur.May(did("bob"), CmdRoleAssign, map[string]any{"role": "member", "self": false, "roles": []any{}}) {
			t.Error("member lost the grant Erin wrote when she was unassigned")
		}
	})
}

// §2.4 "Rivals hold what they share", and a role that defines itself can
// lock: two members' rival definitions that disagree on /role/define leave
// the role without it; a founder ends the rivalry.
func TestRivalDefinitionsHoldWhatTheyShare(t *testing.T) {
	b := newBuilder(t, founded([]string{"alice"},
		role("steward", grant("/role/define", eq(".role", "steward")), grant("/record"), grant("/space/relays"))))
	b.ev("bob", "alice", assign("bob", "steward"), "G")
	b.ev("carol", "alice", assign("carol", "steward"), "bob")
	b.ev("bob-defines", "bob", defineRole("steward", []Grant{grant("/record"), grant("/role/define", eq(".role", "steward"))}), "carol")
	b.ev("carol-defines", "carol", defineRole("steward", []Grant{grant("/record"), grant("/space/relays")}), "carol")
	b.ev("bob-again", "bob", defineRole("steward", []Grant{grant("/record")}), "bob-defines", "carol-defines")
	b.ev("alice-settles", "alice", defineRole("steward", []Grant{grant("/record"), grant("/space/relays")}), "bob-defines", "carol-defines")
	everyOrder(t, b, func(h *History) {
		wantStatus(t, h, b, "bob-defines", Applied, "")
		wantStatus(t, h, b, "carol-defines", Applied, "")
		wantStatus(t, h, b, "bob-again", Dropped, Refused) // locked
		wantStatus(t, h, b, "alice-settles", Applied, "")
		cur := h.Current()
		if !cur.May(did("carol"), CmdSpaceRelays, map[string]any{}) || cur.May(did("carol"), CmdRoleDefine, map[string]any{"role": "steward"}) {
			t.Error("after the founder's definition, stewards should set relays and not define")
		}
	})
	// While rivals stand, only the shared grant holds.
	h := replayOrFail(t, b.g, b.evs[:4])
	s := h.Current()
	if !s.May(did("bob"), "/record/write", map[string]any{}) || s.May(did("bob"), CmdSpaceRelays, map[string]any{}) || s.May(did("bob"), CmdRoleDefine, map[string]any{"role": "steward"}) {
		t.Error("rivals should hold /record only")
	}
	if defs := s.Snapshot().Roles["steward"]; len(defs) != 2 || defs[0].Event > defs[1].Event {
		t.Errorf("rivals %+v, want two, sorted by id", defs)
	}
}

// §2.4 nesting: a member of a role holds what the roles it nests hold;
// nestings that loop end; a role that does not exist can't be assigned.
func TestNestingAndLoops(t *testing.T) {
	a := role("a", grant("/space/relays"))
	a.Nests = []string{"b"}
	bRole := role("b", grant("/space/keepers"))
	bRole.Nests = []string{"a"}
	b := newBuilder(t, founded([]string{"alice"}, a, bRole))
	b.ev("dave-a", "alice", assign("dave", "a"), "G")
	b.ev("ghost", "alice", assign("erin", "ghost"), "G")
	b.ev("keepers", "dave", Event{Kind: KindKeepers, Keepers: []Keeper{{DID: "did:key:zDnaeK", Name: "home"}}}, "dave-a")
	b.ev("key", "dave", Event{Kind: KindKey, KeyID: "k1", ReadKey: "did:key:zDnaeR1"}, "dave-a")
	everyOrder(t, b, func(h *History) {
		wantStatus(t, h, b, "ghost", Dropped, Refused)
		if st := h.Status(b.id("ghost")); st.Refusal.Code != RefusedNoRole {
			t.Errorf("ghost: %v", st)
		}
		wantStatus(t, h, b, "keepers", Applied, "")
		wantStatus(t, h, b, "key", Dropped, Refused) // a public space has no key
		if h.Current().May(did("dave"), "/space/succeed", map[string]any{}) {
			t.Error("a loop of nestings must not grant what neither role holds")
		}
	})
}

// §2.5, §7: invites. Opening needs /role/assign for the role with
// { self: false, roles: [] }; a join is judged as the assignment its opener
// makes, .self and all; a closed invite lets nobody in and strikes joins
// made concurrently with closing it.
func TestInvites(t *testing.T) {
	const inv, inv2 = "did:key:zDnaeInviteOne", "did:key:zDnaeInviteTwo"
	b := newBuilder(t, founded([]string{"alice"},
		role("admin", grant("/role/assign", eq(".role", "member"), eq(".self", false))),
		role("member", grant("/record"))))
	b.ev("dave-admin", "alice", assign("dave", "admin"), "G")
	b.ev("open", "dave", openInvite(inv, "member"), "dave-admin")
	b.ev("bob-joins", "bob", join("bob", inv, "member"), "open")
	b.ev("dave-joins-own", "dave", join("dave", inv, "member"), "open")
	b.ev("close", "dave", closeInvite(inv, "member"), "open")
	b.ev("open-admin", "dave", openInvite(inv2, "admin"), "dave-admin")
	b.ev("carol-late", "carol", join("carol", inv, "member"), "close")
	everyOrder(t, b, func(h *History) {
		wantStatus(t, h, b, "dave-joins-own", Dropped, Refused) // .self is true for the opener
		wantStruck(t, h, b, "bob-joins", StruckByReduction)     // made apart from the closing
		wantStatus(t, h, b, "carol-late", Dropped, Refused)
		wantStatus(t, h, b, "open-admin", Dropped, Refused)
		if inv, ok := h.Current().Invite(inv); !ok || inv.Open || inv.Role != "member" {
			t.Errorf("invite %+v, want closed", inv)
		}
		if !h.KnownInvite(inv) || h.KnownInvite("did:key:zDnaeNoSuch") {
			t.Error("knownInvite")
		}
	})
}

// §2.7: where nobody may invoke /space/succeed, any member names a
// successor; where someone may, only they do. Every succeed stands.
func TestSucceed(t *testing.T) {
	g := founded(nil, role("member", grant("/record")))
	g.Assigned[did("alice")] = []string{"member"}
	g.Assigned[did("bob")] = []string{"member"}
	b := newBuilder(t, g)
	b.ev("alice-names", "alice", succeed("bnext"), "G")
	b.ev("bob-names", "bob", succeed("bnext"), "G")
	b.ev("bob-other", "bob", succeed("bother"), "alice-names")
	b.ev("stranger", "zed", succeed("bnext"), "G")
	everyOrder(t, b, func(h *History) {
		wantStatus(t, h, b, "stranger", Dropped, Refused)
		got := h.Current().Successors()
		if len(got) != 2 || len(got["bnext"]) != 2 || len(got["bother"]) != 1 {
			t.Errorf("successors %v", got)
		}
	})
	g2 := founded([]string{"alice"}, role("member", grant("/record")))
	g2.Assigned[did("bob")] = []string{"member"}
	b2 := newBuilder(t, g2)
	b2.ev("bob-names", "bob", succeed("bnext"), "G")
	if st := b2.replay().Status(b2.id("bob-names")); st.Outcome != Dropped {
		t.Errorf("with a founder who may, a member may not name a successor: %v", st)
	}
}

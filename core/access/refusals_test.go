package access

import "testing"

// The rules of 03 §4.5, one clause a row. refusal() is shared by the replay
// and the reference replay the other tests compare it with, so a wrong rule
// would pass those: here each row writes the smallest history in which the
// clause alone decides, and says which code it must give (or that the change
// is allowed), in every arrival order.

// judged is the name of the event a row's history is written to judge.
const judged = "judged"

const (
	inv      = "did:key:zDnaeInviteOne"
	noInvite = "did:key:zDnaeInviteNone"
	relay    = "wss://relay.example"
)

// refusalRow is one clause of §4.5: a history whose last event, judged,
// the clause refuses with want ("" for a change it allows).
type refusalRow struct {
	clause  string // the words of §4.5 the row checks
	want    RefusalCode
	genesis func(g *Genesis) // changes to the rows' usual genesis, if any
	build   func(b *builder) // writes the history after "bob-member"
}

// rowsGenesis: founders alice and frank (each holding every command), an
// admin holding every command by grant, an inviter who may assign member
// only, and member; a private space whose first key is key0.
func rowsGenesis() Genesis {
	g := founded([]string{"alice", "frank"},
		role("admin", grant("/role/define"), grant("/role/assign"), grant("/role/unassign"),
			grant("/member/remove"), grant("/space/succeed"), grant("/collection/define"),
			grant("/key/change"), grant("/space/relays"), grant("/space/keepers")),
		role("inviter", grant("/role/assign", eq(".role", "member"))),
		role("member", grant("/record")))
	g.Private, g.KeyID, g.ReadKey = true, "key0", "did:key:zDnaeRead0"
	return g
}

func keyChange(id, read string) Event { return Event{Kind: KindKey, KeyID: id, ReadKey: read} }
func relays(urls ...string) Event     { return Event{Kind: KindRelays, Relays: urls} }
func keepers(dids ...string) Event {
	e := Event{Kind: KindKeepers}
	for _, d := range dids {
		e.Keepers = append(e.Keepers, Keeper{DID: d, Name: "home"})
	}
	return e
}
func fork(writer string) Event {
	return Event{Kind: KindFork, Writer: key(writer), Collection: "sys.assign", From: 0}
}

func TestRefusalRules(t *testing.T) {
	for _, row := range refusalRows {
		t.Run(row.clause, func(t *testing.T) {
			g := rowsGenesis()
			if row.genesis != nil {
				row.genesis(&g)
			}
			b := newBuilder(t, g)
			b.ev("bob-member", "alice", assign("bob", "member"), "G")
			row.build(b)
			if b.evs[len(b.evs)-1].ID != b.id(judged) {
				t.Fatal("the row's last event is not the judged one")
			}
			inEveryOrder(t, b, func(h *History) { wantRefusal(t, h, b, row.want) })
		})
	}
}

// inEveryOrder is everyOrder (every order, whole and one event at a time,
// the same outcome), with check also run on the whole replay of each order.
func inEveryOrder(t *testing.T, b *builder, check func(h *History)) {
	t.Helper()
	everyOrder(t, b, check)
	permutations(b.evs, func(order []Event) { check(replayOrFail(t, b.g, order)) })
}

func wantRefusal(t *testing.T, h *History, b *builder, want RefusalCode) {
	t.Helper()
	st := h.Status(b.id(judged))
	switch {
	case want == "" && st.Outcome != Applied:
		t.Fatalf("status %v (%s), want applied", st.Outcome, st)
	case want == "":
	case st.Outcome != Dropped || st.Reason != Refused || st.Refusal == nil:
		t.Fatalf("status %v/%s (%s), want refused %s", st.Outcome, st.Reason, st, want)
	case st.Refusal.Code != want:
		t.Fatalf("refused %s (%s), want %s", st.Refusal.Code, st.Refusal.Text, want)
	}
}

var refusalRows = []refusalRow{
	// role
	{"role: may(S, A, /role/define, { role: name })", RefusedNoGrant, nil, func(b *builder) {
		b.ev(judged, "bob", defineRole("helper", nil), "bob-member")
	}},
	{"role: allowed to a founder", "", nil, func(b *builder) {
		b.ev(judged, "alice", defineRole("helper", nil), "bob-member")
	}},

	// assign: to a role, joins, leaving, the rest
	{"assign: did starting role: refused (roles go to accounts)", RefusedToRole, nil, func(b *builder) {
		b.ev(judged, "alice", Event{Kind: KindAssign, DID: "role:member", Role: "admin", Assigned: true}, "bob-member")
	}},
	{"join: the invite exists", RefusedNoInvite, nil, func(b *builder) {
		b.ev(judged, "carol", join("carol", noInvite, "member"), "bob-member")
	}},
	{"join: and is open", RefusedInviteClosed, nil, func(b *builder) {
		b.ev("open", "alice", openInvite(inv, "member"), "bob-member")
		b.ev("close", "alice", closeInvite(inv, "member"), "open")
		b.ev(judged, "carol", join("carol", inv, "member"), "close")
	}},
	{"join: its role equals role", RefusedInviteRole, nil, func(b *builder) {
		b.ev("open", "alice", openInvite(inv, "member"), "bob-member")
		b.ev(judged, "carol", join("carol", inv, "admin"), "open")
	}},
	{"join: assigned is true", RefusedJoinShape, nil, func(b *builder) {
		b.ev("open", "alice", openInvite(inv, "member"), "bob-member")
		b.ev(judged, "carol", Event{Kind: KindAssign, DID: did("carol"), Role: "member", ViaInvite: inv}, "open")
	}},
	{"join: A = did", RefusedJoinShape, nil, func(b *builder) {
		b.ev("open", "alice", openInvite(inv, "member"), "bob-member")
		b.ev(judged, "carol", join("dave", inv, "member"), "open")
	}},
	{"join: did does not hold role now", RefusedAlreadyHeld, nil, func(b *builder) {
		b.ev("open", "alice", openInvite(inv, "member"), "bob-member")
		b.ev(judged, "bob", join("bob", inv, "member"), "open")
	}},
	{"join: for every account o in the invite's by, may(S, o, /role/assign, …)", RefusedNoGrant, nil, func(b *builder) {
		b.ev("bob-inviter", "alice", assign("bob", "inviter"), "bob-member")
		b.ev("open", "bob", openInvite(inv, "member"), "bob-inviter")
		b.ev("bob-loses", "alice", unassign("bob", "inviter"), "open")
		b.ev(judged, "carol", join("carol", inv, "member"), "bob-loses")
	}},
	{"join: allowed through an open invite for its role", "", nil, func(b *builder) {
		b.ev("bob-inviter", "alice", assign("bob", "inviter"), "bob-member")
		b.ev("open", "bob", openInvite(inv, "member"), "bob-inviter")
		b.ev(judged, "carol", join("carol", inv, "member"), "open")
	}},
	{"leaving a role (assigned: false, A = did): allowed when did holds role now", RefusedNotHeld, nil, func(b *builder) {
		b.ev(judged, "bob", unassign("bob", "admin"), "bob-member")
	}},
	{"leaving a role held: allowed", "", nil, func(b *builder) {
		b.ev(judged, "bob", unassign("bob", "member"), "bob-member")
	}},
	{"assign otherwise: did is not a founder, unless A = did", RefusedFounder, nil, func(b *builder) {
		b.ev("bob-admin", "alice", assign("bob", "admin"), "bob-member")
		b.ev(judged, "bob", assign("frank", "member"), "bob-admin")
	}},
	{"assign otherwise: the role exists", RefusedNoRole, nil, func(b *builder) {
		b.ev(judged, "alice", assign("bob", "ghost"), "bob-member")
	}},
	{"assign otherwise: assigning needs may(S, A, /role/assign, args)", RefusedNoGrant, nil, func(b *builder) {
		b.ev(judged, "bob", assign("carol", "member"), "bob-member")
	}},
	{"assign otherwise: unassigning needs did to hold role now", RefusedNotHeld, nil, func(b *builder) {
		b.ev(judged, "alice", unassign("bob", "admin"), "bob-member")
	}},
	{"assign otherwise: and may(S, A, /role/unassign, args)", RefusedNoGrant, nil, func(b *builder) {
		b.ev("carol-member", "alice", assign("carol", "member"), "bob-member")
		b.ev(judged, "bob", unassign("carol", "member"), "carol-member")
	}},
	{"assign otherwise: allowed to one who may /role/assign", "", nil, func(b *builder) {
		b.ev(judged, "alice", assign("bob", "admin"), "bob-member")
	}},

	// remove
	{"remove: did must be a member now", RefusedNotMember, nil, func(b *builder) {
		b.ev(judged, "alice", remove("carol"), "bob-member")
	}},
	{"remove: leaving (A = did) is allowed, a founder's included", "", nil, func(b *builder) {
		b.ev(judged, "frank", remove("frank"), "bob-member")
	}},
	{"remove: otherwise did is not a founder", RefusedFounder, nil, func(b *builder) {
		b.ev("bob-admin", "alice", assign("bob", "admin"), "bob-member")
		b.ev(judged, "bob", remove("frank"), "bob-admin")
	}},
	{"remove: and may(S, A, /member/remove, …)", RefusedNoGrant, nil, func(b *builder) {
		b.ev("carol-member", "alice", assign("carol", "member"), "bob-member")
		b.ev(judged, "bob", remove("carol"), "carol-member")
	}},

	// stepdown
	{"stepdown: A = did", RefusedNotSelf, nil, func(b *builder) {
		b.ev(judged, "alice", stepdown("frank"), "bob-member")
	}},
	{"stepdown: and did is a founder now", RefusedNotFounder, nil, func(b *builder) {
		b.ev(judged, "bob", stepdown("bob"), "bob-member")
	}},
	{"stepdown: allowed to a founder itself", "", nil, func(b *builder) {
		b.ev(judged, "frank", stepdown("frank"), "bob-member")
	}},

	// succeed
	{"succeed: A is a member", RefusedNotMember, nil, func(b *builder) {
		b.ev(judged, "zed", succeed("bnext"), "bob-member")
	}},
	{"succeed: may(S, A, /space/succeed, {}), or no member m of S has it", RefusedNoGrant, nil, func(b *builder) {
		b.ev(judged, "bob", succeed("bnext"), "bob-member")
	}},
	{"succeed: or no member m of S has may(S, m, /space/succeed, {})", "", headless, func(b *builder) {
		b.ev(judged, "bob", succeed("bnext"), "bob-member")
	}},

	// invite
	{"invite: if the invite exists, assigns(its role)", RefusedNoGrant, nil, func(b *builder) {
		b.ev("open-admin", "alice", openInvite(inv, "admin"), "bob-member")
		b.ev("bob-inviter", "alice", assign("bob", "inviter"), "open-admin")
		b.ev(judged, "bob", closeInvite(inv, "member"), "bob-inviter") // the invite's role counts
	}},
	{"invite: closing (open: false) requires the invite to exist", RefusedNoInvite, nil, func(b *builder) {
		b.ev(judged, "alice", closeInvite(noInvite, "member"), "bob-member")
	}},
	{"invite: opening requires assigns(role): x exists", RefusedNoRole, nil, func(b *builder) {
		b.ev(judged, "alice", openInvite(inv, "ghost"), "bob-member")
	}},
	{"invite: opening requires assigns(role): may(S, A, /role/assign, { role: x, self: false, roles: [] })", RefusedNoGrant, nil, func(b *builder) {
		b.ev(judged, "bob", openInvite(inv, "member"), "bob-member")
	}},
	{"invite: opening allowed to one who assigns the role", "", nil, func(b *builder) {
		b.ev("bob-inviter", "alice", assign("bob", "inviter"), "bob-member")
		b.ev(judged, "bob", openInvite(inv, "member"), "bob-inviter")
	}},

	// revoke, fork
	{"revoke: A must be a member", RefusedNotMember, nil, func(b *builder) {
		b.ev(judged, "zed", revoke(key("zed"), did("zed")), "bob-member")
	}},
	{"revoke: allowed to a member", "", nil, func(b *builder) {
		b.ev(judged, "bob", revoke(key("bob"), did("bob")), "bob-member")
	}},
	{"fork: A must be a member", RefusedNotMember, nil, func(b *builder) {
		b.ev(judged, "zed", fork("carol"), "bob-member")
	}},
	{"fork: any member may bring the proof", "", nil, func(b *builder) {
		b.ev(judged, "bob", fork("carol"), "bob-member")
	}},

	// definition (contested: TestContestedNeedsTheGrant)
	{"definition: a new collection: defines", RefusedNoGrant, nil, func(b *builder) {
		b.ev(judged, "bob", define("app.x"), "bob-member")
	}},
	{"definition: an existing one: defines, or A is the collection's definedBy", RefusedNoGrant, nil, func(b *builder) {
		b.ev("alice-defines", "alice", define("app.x"), "bob-member")
		b.ev(judged, "bob", define("app.x"), "alice-defines")
	}},
	{"definition: an existing one: A is a member and A is the collection's definedBy", RefusedNoGrant, nil, func(b *builder) {
		b.ev("bob-admin", "alice", assign("bob", "admin"), "bob-member")
		b.ev("bob-defines", "bob", define("app.x"), "bob-admin")
		b.ev("bob-removed", "alice", remove("bob"), "bob-defines")
		b.ev(judged, "bob", define("app.x"), "bob-removed")
	}},
	{"definition: an existing one: allowed to its definedBy, still a member", "", nil, func(b *builder) {
		b.ev("bob-admin", "alice", assign("bob", "admin"), "bob-member")
		b.ev("bob-defines", "bob", define("app.x"), "bob-admin")
		b.ev("bob-loses", "alice", unassign("bob", "admin"), "bob-defines")
		b.ev(judged, "bob", define("app.x"), "bob-loses")
	}},

	// key
	{"key: the space must have keys (private)", RefusedPublic, public, func(b *builder) {
		b.ev(judged, "alice", keyChange("key1", "did:key:zDnaeRead1"), "bob-member")
	}},
	{"key: may(S, A, /key/change, {})", RefusedNoGrant, nil, func(b *builder) {
		b.ev(judged, "bob", keyChange("key1", "did:key:zDnaeRead1"), "bob-member")
	}},
	{"key: the keyId must differ from every key already in keys", RefusedKeyReused, nil, func(b *builder) {
		b.ev(judged, "alice", keyChange("key0", "did:key:zDnaeRead1"), "bob-member")
	}},
	{"key: the readKey must differ from every key already in keys", RefusedKeyReused, nil, func(b *builder) {
		b.ev("key1", "alice", keyChange("key1", "did:key:zDnaeRead1"), "bob-member")
		b.ev(judged, "alice", keyChange("key2", "did:key:zDnaeRead1"), "key1")
	}},
	{"key: a new key, by one who may", "", nil, func(b *builder) {
		b.ev("key1", "alice", keyChange("key1", "did:key:zDnaeRead1"), "bob-member")
		b.ev(judged, "alice", keyChange("key2", "did:key:zDnaeRead2"), "key1")
	}},

	// relays, keepers
	{"relays: the list must pass checkRelays (§10)", RefusedBadList, nil, func(b *builder) {
		b.ev(judged, "alice", relays("http://relay.example"), "bob-member")
	}},
	{"relays: may(S, A, /space/relays, {})", RefusedNoGrant, nil, func(b *builder) {
		b.ev(judged, "bob", relays(relay), "bob-member")
	}},
	{"relays: allowed to one who may", "", nil, func(b *builder) {
		b.ev(judged, "alice", relays(relay), "bob-member")
	}},
	{"keepers: the list must pass checkKeepers (§10)", RefusedBadList, nil, func(b *builder) {
		b.ev(judged, "alice", keepers("did:key:zDnaeHome", "did:key:zDnaeHome"), "bob-member")
	}},
	{"keepers: may(S, A, /space/keepers, {})", RefusedNoGrant, nil, func(b *builder) {
		b.ev(judged, "bob", keepers("did:key:zDnaeHome"), "bob-member")
	}},
	{"keepers: allowed to one who may", "", nil, func(b *builder) {
		b.ev(judged, "alice", keepers("did:key:zDnaeHome"), "bob-member")
	}},
}

// headless: no founders, and no role holding /space/succeed.
func headless(g *Genesis) {
	g.Founders = nil
	g.Roles = []FoundingRole{role("member", grant("/record"), grant("/role/assign"))}
	g.Assigned = map[string][]string{did("alice"): {"member"}}
}

func public(g *Genesis) { g.Private, g.KeyID, g.ReadKey = false, "", "" }

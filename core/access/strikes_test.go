package access

import (
	"reflect"
	"strings"
	"testing"
)

// Scenarios of 03 §4.3: what reductions reach and strike.

// Two removals of each other's authors both stand (§4.3 step 3, step 4.1):
// strikes within one component don't count.
func TestMutualRemovalsBothStand(t *testing.T) {
	b := newBuilder(t, founded([]string{"alice"},
		role("mod", grant("/member/remove"), grant("/role/unassign"), grant("/space/relays"))))
	b.ev("bob", "alice", assign("bob", "mod"), "G")
	b.ev("carol", "alice", assign("carol", "mod"), "bob")
	b.ev("bob-removes-carol", "bob", remove("carol"), "carol")
	b.ev("carol-unassigns-bob", "carol", unassign("bob", "mod"), "carol")
	// Carol's, unseen by Bob's removal.
	b.ev("carol-other", "carol", Event{Kind: KindRelays, Relays: []string{"wss://c.example"}}, "carol")
	everyOrder(t, b, func(h *History) {
		wantStatus(t, h, b, "bob-removes-carol", Applied, "")
		wantStatus(t, h, b, "carol-unassigns-bob", Applied, "")
		wantStruck(t, h, b, "carol-other", StruckByReduction)
		wantMember(t, h.Current(), "bob", false)
		wantMember(t, h.Current(), "carol", false)
	})
}

// A struck reduction strikes nothing: Alice removes Bob, who had removed
// Carol apart from it; Carol's own concurrent change is then unstruck.
func TestStruckReductionStrikesNothing(t *testing.T) {
	b := newBuilder(t, founded([]string{"alice"},
		role("mod", grant("/member/remove"), grant("/space/relays"))))
	b.ev("bob", "alice", assign("bob", "mod"), "G")
	b.ev("carol", "alice", assign("carol", "mod"), "bob")
	b.ev("alice-removes-bob", "alice", remove("bob"), "carol")
	b.ev("bob-removes-carol", "bob", remove("carol"), "carol")
	b.ev("carol-relays", "carol", Event{Kind: KindRelays, Relays: []string{"wss://relay.example"}}, "carol")
	everyOrder(t, b, func(h *History) {
		wantStruck(t, h, b, "bob-removes-carol", StruckByReduction)
		wantStatus(t, h, b, "carol-relays", Applied, "")
		if got := h.Current().Relays(); !reflect.DeepEqual(got, []string{"wss://relay.example"}) {
			t.Errorf("relays %v", got)
		}
	})
}

// A cutoff covers what the remover held of the removed account's line
// (§6.3): covered changes stand, later ones are struck.
func TestCutoffCovers(t *testing.T) {
	b := newBuilder(t, founded([]string{"alice"},
		role("mod", grant("/role/assign", eq(".role", "member"))), role("member", grant("/record"))))
	b.ev("bob", "alice", assign("bob", "mod"), "G")
	b.ev("bob-1", "bob", assign("carol", "member"), "bob")  // bob's sys.assign place 0
	b.ev("bob-2", "bob", assign("dave", "member"), "bob-1") // place 1
	b.ev("bob-3", "bob", assign("erin", "member"), "bob-2") // place 2
	rm := unassign("bob", "mod")
	rm.Cutoff = Cutoff{key("bob"): {"sys.assign": 1}}
	b.ev("alice-unassigns-bob", "alice", rm, "bob")
	everyOrder(t, b, func(h *History) {
		wantStatus(t, h, b, "bob-1", Applied, "")
		wantStatus(t, h, b, "bob-2", Applied, "")
		wantStruck(t, h, b, "bob-3", StruckByReduction)
	})
}

// A revoke reaches every event its key signed for its account, whatever
// either saw, unless its cutoff covers it; revokes and forks are never
// struck. A stepdown a revoke reaches is no reduction, yet still ends
// founder status (§4.3 step 3, A13).
func TestRevokeAndStepdownException(t *testing.T) {
	b := newBuilder(t, founded([]string{"alice"},
		role("member", grant("/record"), grant("/role/assign", eq(".role", "member")))))
	b.ev("alice-member", "alice", assign("alice", "member"), "G")
	b.ev("bob", "alice", assign("bob", "member"), "alice-member")
	b.ev("thief-1", "alice", assign("carol", "member"), "bob")
	b.ev("thief-2", "alice", assign("dave", "member"), "thief-1")
	b.ev("thief-steps-down", "alice", stepdown("alice"), "thief-2")
	rv := revoke(key("alice"), did("alice"))
	rv.Cutoff = Cutoff{key("alice"): {"sys.assign": 2}}
	rv.Author = "did:key:zDnaeAlicePhone" // the owner, on another device
	b.ev("owner-revokes", "alice", rv, "thief-steps-down")
	everyOrder(t, b, func(h *History) {
		wantStatus(t, h, b, "bob", Applied, "")     // place 1: covered
		wantStatus(t, h, b, "thief-1", Applied, "") // place 2: covered
		wantStruck(t, h, b, "thief-2", StruckByReduction)
		wantStatus(t, h, b, "thief-steps-down", Applied, "")
		wantStatus(t, h, b, "owner-revokes", Applied, "")
		cur := h.Current()
		if cur.IsFounder(did("alice")) {
			t.Error("a revoked key's stepdown still ends founder status")
		}
		if got := h.Reductions(did("alice")); len(got) != 0 {
			t.Errorf("a stepdown a revoke reaches is no reduction: %v", got)
		}
		if got := h.Revoked(key("alice"), did("alice")); len(got) != 1 {
			t.Errorf("revoked: %v", got)
		}
	})
}

// A fork proof reaches the key's events in the forked collection from its
// place on, whatever either saw (§4.3 step 3, §6.5).
func TestForkReachesItsLineFromItsPlace(t *testing.T) {
	b := newBuilder(t, founded([]string{"alice"},
		role("mod", grant("/role/assign", eq(".role", "mod")), grant("/space/relays"))))
	b.ev("bob", "alice", assign("bob", "mod"), "G")
	b.ev("bob-0", "bob", assign("carol", "mod"), "bob")
	b.ev("bob-1", "bob", assign("dave", "mod"), "bob-0")
	b.ev("bob-relays", "bob", Event{Kind: KindRelays, Relays: []string{"wss://r.example"}}, "bob-1")
	b.ev("proof", "carol", Event{Kind: KindFork, Writer: key("bob"), Collection: "sys.assign", From: 1}, "bob-relays")
	everyOrder(t, b, func(h *History) {
		wantStatus(t, h, b, "bob-0", Applied, "")
		wantStruck(t, h, b, "bob-1", StruckByReduction)
		wantStatus(t, h, b, "bob-relays", Applied, "") // another collection
		if len(h.Forks(key("bob"))) != 1 {
			t.Error("the fork proof should be recorded")
		}
		for _, hd := range h.Heads() {
			if hd == b.id("proof") {
				t.Error("a fork proof is never a head")
			}
		}
	})
}

// Backdating past an unassignment (§4.3 rationale): a demoted admin's
// self-assignment naming an old view is struck, and what cites it is
// refused in W.
func TestBackdatingPastAnUnassignment(t *testing.T) {
	b := newBuilder(t, founded([]string{"alice"},
		role("admin", grant("/role/assign"), grant("/space/relays")), role("member", grant("/record"))))
	b.ev("erin", "alice", assign("erin", "admin"), "G")
	b.ev("demote", "alice", unassign("erin", "admin"), "erin")
	b.ev("erin-backdates", "erin", assign("frank", "admin"), "erin")
	b.ev("frank-acts", "frank", Event{Kind: KindRelays, Relays: []string{"wss://evil.example"}}, "erin-backdates", "demote")
	everyOrder(t, b, func(h *History) {
		wantStruck(t, h, b, "erin-backdates", StruckByReduction)
		wantStruck(t, h, b, "frank-acts", RestsOnStruck)
		if st := h.Status(b.id("frank-acts")); !reflect.DeepEqual(st.RestsOn, []string{b.id("erin-backdates")}) ||
			!strings.HasPrefix(st.String(), "rests on a struck change ("+b.id("erin-backdates")+"): ") {
			t.Errorf("frank-acts: %s, rests on %v", st, st.RestsOn)
		}
		wantMember(t, h.Current(), "frank", false)
	})
}

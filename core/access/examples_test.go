package access

import (
	"reflect"
	"testing"
)

// permutations calls f with every order of evs (Heap's algorithm).
func permutations(evs []Event, f func([]Event)) {
	a := append([]Event(nil), evs...)
	var gen func(k int)
	gen = func(k int) {
		if k <= 1 {
			f(append([]Event(nil), a...))
			return
		}
		for i := 0; i < k; i++ {
			gen(k - 1)
			if k%2 == 0 {
				a[i], a[k-1] = a[k-1], a[i]
			} else {
				a[0], a[k-1] = a[k-1], a[0]
			}
		}
	}
	gen(len(a))
}

// everyOrder replays b's history in every arrival order, whole and one
// event at a time, checks that each gives the same snapshot and statuses,
// and runs check on one of them.
func everyOrder(t *testing.T, b *builder, check func(h *History)) {
	t.Helper()
	ref := b.replay()
	check(ref)
	want := fingerprint(ref, b.evs)
	permutations(b.evs, func(order []Event) {
		h, err := NewHistory(b.g)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range order {
			if err := h.Add(e); err != nil {
				t.Fatal(err)
			}
		}
		if got := fingerprint(h, b.evs); !reflect.DeepEqual(got, want) {
			t.Fatalf("arrival order changes the outcome:\n got %+v\nwant %+v", got, want)
		}
	})
}

// §4.6: "Alice founds the space with a role mod holding /member/remove. She
// assigns it to Bob, and member to Carol. Apart, Alice removes Bob and Bob
// removes Carol; both saw Carol's assignment."
func TestExampleRemovalAgainstConcurrentBan(t *testing.T) {
	b := newBuilder(t, founded([]string{"alice"},
		role("mod", grant("/member/remove")), role("member", grant("/record"))))
	b.ev("bob-mod", "alice", assign("bob", "mod"), "G")
	b.ev("carol-member", "alice", assign("carol", "member"), "bob-mod")
	b.ev("alice-removes-bob", "alice", remove("bob"), "carol-member")
	b.ev("bob-removes-carol", "bob", remove("carol"), "carol-member")
	everyOrder(t, b, func(h *History) {
		cur := h.Current()
		wantMember(t, cur, "bob", false)
		wantMember(t, cur, "carol", true)
		wantStatus(t, h, b, "alice-removes-bob", Applied, "")
		wantStruck(t, h, b, "bob-removes-carol", StruckByReduction)
		if st := h.Status(b.id("bob-removes-carol")); !reflect.DeepEqual(st.StruckBy, []string{b.id("alice-removes-bob")}) {
			t.Errorf("struck by %v", st.StruckBy)
		}
		if v := h.allowed.viewOf(h.byID[b.id("bob-removes-carol")]); v.Refusal(&h.nodes[h.byID[b.id("bob-removes-carol")]].ev) != nil {
			t.Error("Bob's removal should be allowed in its own view")
		}
	})
}

// §4.6: "Erin holds admin, which may define member. Alice unassigns her from
// admin; apart, Erin redefines member to hold /member/remove, and Bob, a
// member who saw her definition, removes Carol." Admin may also remove
// members here, so that Erin's grant is one she could make (§2.4
// attenuation), and the removal is allowed in Bob's own view.
func TestExampleDefinitionConcurrentWithUnassignment(t *testing.T) {
	b := newBuilder(t, founded([]string{"alice"},
		role("admin", grant("/role/define", eq(".role", "member")), grant("/member/remove")),
		role("member", grant("/record"))))
	b.ev("erin-admin", "alice", assign("erin", "admin"), "G")
	b.ev("bob-member", "alice", assign("bob", "member"), "erin-admin")
	b.ev("carol-member", "alice", assign("carol", "member"), "bob-member")
	b.ev("unassign-erin", "alice", unassign("erin", "admin"), "carol-member")
	b.ev("erin-defines", "erin", defineRole("member", []Grant{grant("/record"), grant("/member/remove")}), "carol-member")
	b.ev("bob-removes-carol", "bob", remove("carol"), "erin-defines")
	everyOrder(t, b, func(h *History) {
		wantStatus(t, h, b, "unassign-erin", Applied, "")
		wantStruck(t, h, b, "erin-defines", StruckByReduction)
		wantStruck(t, h, b, "bob-removes-carol", RestsOnStruck)
		if st := h.Status(b.id("bob-removes-carol")); !reflect.DeepEqual(st.RestsOn, []string{b.id("erin-defines")}) {
			t.Errorf("bob-removes-carol rests on %v", st.RestsOn)
		}
		wantMember(t, h.Current(), "carol", true)
		wantMember(t, h.Current(), "erin", false)
		// A record Bob writes citing the definition: as he saw it he may
		// remove members; counting only what stands, he may not (§5.1 step 5).
		seen := []string{b.id("erin-defines")}
		as, _ := h.SeenAs(seen)
		at, _ := h.At(seen, nil)
		args := map[string]any{"self": false, "roles": []any{"member"}}
		if !as.May(did("bob"), CmdMemberRemove, args) || at.May(did("bob"), CmdMemberRemove, args) {
			t.Errorf("seenAs may = %v, at may = %v; want true, false",
				as.May(did("bob"), CmdMemberRemove, args), at.May(did("bob"), CmdMemberRemove, args))
		}
	})
}

// §4.6: "Alice and Bob found the space. Alice assigns herself member and
// steps down. Later she assigns Mallory admin, naming a view from before her
// stepping down… Carol, an admin, removes Alice naming the same old view:
// refused… Removing her naming a view that holds the stepping down is
// allowed."
func TestExampleFounderStepsDownThenBackdates(t *testing.T) {
	b := newBuilder(t, founded([]string{"alice", "bob"},
		role("admin", grant("/member/remove"), grant("/role/assign")), role("member", grant("/record"))))
	b.ev("carol-admin", "bob", assign("carol", "admin"), "G")
	b.ev("alice-member", "alice", assign("alice", "member"), "carol-admin")
	b.ev("alice-steps-down", "alice", stepdown("alice"), "alice-member")
	b.ev("mallory-admin", "alice", assign("mallory", "admin"), "alice-member")
	b.ev("carol-removes-alice-old", "carol", remove("alice"), "alice-member")
	b.ev("carol-removes-alice", "carol", remove("alice"), "alice-steps-down")
	everyOrder(t, b, func(h *History) {
		wantStatus(t, h, b, "alice-steps-down", Applied, "")
		wantStruck(t, h, b, "mallory-admin", StruckByReduction)
		wantStatus(t, h, b, "carol-removes-alice-old", Dropped, Refused)
		if st := h.Status(b.id("carol-removes-alice-old")); st.Refusal == nil || st.Refusal.Code != RefusedFounder {
			t.Errorf("old-view removal: %v, want refused as a founder", st)
		}
		wantStatus(t, h, b, "carol-removes-alice", Applied, "")
		cur := h.Current()
		wantMember(t, cur, "alice", false)
		wantMember(t, cur, "mallory", false)
		if cur.IsFounder(did("alice")) || !cur.IsFounder(did("bob")) {
			t.Errorf("founders %v", cur.Founders())
		}
	})
}

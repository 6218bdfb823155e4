package spacekey

import (
	"reflect"
	"slices"
	"testing"

	"minca.dev/desktop/core/access"
)

// TestFormerMembers: removed, left and unassigned accounts are former
// members; a member and one re-added are not (03 §9.2).
func TestFormerMembers(t *testing.T) {
	w := newWorld(t, 6)
	ps := map[string]*person{}
	for _, n := range []string{"removed", "left", "unassigned", "stays", "readded"} {
		ps[n] = newPerson(t, w.rnd, n, w.sp.ID)
		w.event(w.founder, access.Event{Kind: access.KindAssign, DID: ps[n].did, Role: "member", Assigned: true})
	}
	w.remove(ps["removed"])
	w.event(ps["left"], access.Event{Kind: access.KindAssign, DID: ps["left"].did, Role: "member"})
	w.event(w.founder, access.Event{Kind: access.KindAssign, DID: ps["unassigned"].did, Role: "member"})
	w.remove(ps["readded"])
	w.event(w.founder, access.Event{Kind: access.KindAssign, DID: ps["readded"].did, Role: "member", Assigned: true})
	var want []string
	for _, n := range []string{"removed", "left", "unassigned"} {
		want = append(want, ps[n].did)
	}
	slices.Sort(want)
	if got := FormerMembers(w.history()); !reflect.DeepEqual(got, want) {
		t.Errorf("former members %v, want %v", got, want)
	}
}

// TestNeedBoxes: a key is boxed to every reader with a member key and no
// box for it yet from themselves or from anyone granted /key/change, a box
// counting only at the record key of its sender (03 §9.4).
func TestNeedBoxes(t *testing.T) {
	w := newWorld(t, 7)
	ps := map[string]*person{}
	for _, n := range []string{"byFounder", "bySelf", "byMember", "misplaced", "none", "noMemberKey"} {
		ps[n] = newPerson(t, w.rnd, n, w.sp.ID)
		w.event(w.founder, access.Event{Kind: access.KindAssign, DID: ps[n].did, Role: "member", Assigned: true})
	}
	k := w.founder.held[0]
	keys := Recipients{w.founder.did: w.founder.mk.ECDH().PublicKey()}
	for n, p := range ps {
		if n != "noMemberKey" {
			keys[p.did] = p.mk.ECDH().PublicKey()
		}
	}
	box := func(to, from *person, key string) HeldBox {
		b := Box{KeyID: k.ID(), To: to.did, Sealed: "AQ"}
		if key == "" {
			key = b.RecordKey(from.did)
		}
		return HeldBox{Box: b, Root: from.did, Key: key}
	}
	boxes := []HeldBox{
		box(w.founder, w.founder, ""),
		box(ps["byFounder"], w.founder, ""),
		box(ps["bySelf"], ps["bySelf"], ""),
		box(ps["byMember"], ps["none"], ""),
		box(ps["misplaced"], w.founder, "box:elsewhere"),
		{Box: Box{KeyID: "other", To: ps["none"].did}, Root: w.founder.did, Key: Box{KeyID: "other", To: ps["none"].did}.RecordKey(w.founder.did)},
	}
	want := []string{ps["byMember"].did, ps["misplaced"].did, ps["none"].did}
	slices.Sort(want)
	if got := NeedBoxes(w.history().Current(), k.ID(), keys, boxes); !reflect.DeepEqual(got, want) {
		t.Errorf("need boxes %v, want %v", got, want)
	}
}

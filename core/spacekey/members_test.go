package spacekey

import (
	"reflect"
	"slices"
	"testing"

	"minca.dev/desktop/core/access"
	"minca.dev/desktop/core/record"
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

// TestBoxesDue: the founder boxes the current key to each reader lacking a
// box, itself included (its other devices), and its boxes then count; a
// member not granted /key/change boxes nothing (03 §9.4).
func TestBoxesDue(t *testing.T) {
	w := newWorld(t, 10)
	p := newPerson(t, w.rnd, "p", w.sp.ID)
	q := newPerson(t, w.rnd, "q", w.sp.ID)
	for _, x := range []*person{p, q} {
		w.event(w.founder, access.Event{Kind: access.KindAssign, DID: x.did, Role: "member", Assigned: true})
	}
	h := w.history()
	keys := Recipients{}
	for _, x := range []*person{w.founder, p, q} {
		keys[x.did] = x.mk.ECDH().PublicKey()
	}
	ring := w.ring(h, w.founder)
	boxes, err := ring.BoxesDue(h.Current(), w.founder.did, keys, nil, w.rnd)
	must(t, err)
	var held []HeldBox
	for _, b := range boxes {
		v := &record.Version{ID: "b" + b.To, Collection: CollectionBox, Key: b.RecordKey(w.founder.did), Body: b.Body(), HasBody: true}
		hb, err := HeldBoxOf(v, w.founder.did)
		must(t, err)
		held = append(held, hb)
		w.boxes = append(w.boxes, b)
	}
	want := []string{w.founder.did, p.did, q.did}
	slices.Sort(want)
	var got []string
	for _, b := range boxes {
		got = append(got, b.To)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("boxed to %v, want %v", boxes, want)
	}
	if again, _ := ring.BoxesDue(h.Current(), w.founder.did, keys, held, w.rnd); len(again) != 0 {
		t.Errorf("boxes again: %v", again)
	}
	if none, _ := w.ring(h, p).BoxesDue(h.Current(), p.did, keys, nil, w.rnd); len(none) != 0 {
		t.Errorf("a member not granted /key/change boxed %v", none)
	}
	if len(w.ring(h, q).IDs()) != 1 {
		t.Error("q did not take its box")
	}
}

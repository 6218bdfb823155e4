package spacekey

import (
	"testing"

	"minca.dev/desktop/core/access"
)

// apart is a private space where the founder and b, both members that may
// change the key, changed it apart, having seen the same history: each
// change boxed to the other members (b, m or the founder), each changer
// holding its own key.
type apart struct {
	w      *world
	b, m   *person
	ca, cb *Change
	ia, ib string // the two key events
}

func changesApart(t *testing.T, seed uint64) apart {
	t.Helper()
	w := newWorldRole(t, seed, `{"name":"member","grants":[{"cmd":"/record","pol":[]},{"cmd":"/key/change","pol":[]}]}`)
	a := apart{w: w, b: newPerson(t, w.rnd, "b", w.sp.ID), m: newPerson(t, w.rnd, "m", w.sp.ID)}
	w.add(a.b)
	w.add(a.m)
	h := w.history()
	a.b.held = w.ring(h, a.b).Keys()
	head := w.head
	var err error
	a.ca, err = w.ring(h, w.founder).NewChange(recipients(a.b, a.m), w.rnd)
	must(t, err)
	a.cb, err = w.ring(h, a.b).NewChange(recipients(w.founder, a.m), w.rnd)
	must(t, err)
	a.ia = w.eventSeen(w.founder, access.Event{Kind: access.KindKey, KeyID: a.ca.Body.KeyID, ReadKey: a.ca.Body.ReadKey}, head)
	a.ib = w.eventSeen(a.b, access.Event{Kind: access.KindKey, KeyID: a.cb.Body.KeyID, ReadKey: a.cb.Body.ReadKey}, head)
	w.changes[a.ia], w.changes[a.ib] = a.ca.Body, a.cb.Body
	w.boxes = append(append(w.boxes, a.ca.Boxes...), a.cb.Boxes...)
	w.founder.held = append(w.founder.held, a.ca.Key)
	a.b.held = append(a.b.held, a.cb.Key)
	return a
}

// recipients are ps's member keys, to box a key to.
func recipients(ps ...*person) Recipients {
	r := Recipients{}
	for _, p := range ps {
		r[p.did] = p.mk.ECDH().PublicKey()
	}
	return r
}

// TestConcurrentChanges: two key changes made apart both stand; each
// changer reaches the other's key by its box, and a member boxed both
// opens what was sealed under either. A change reusing a key id is
// refused by the replay and gives no key (03 §9.3).
func TestConcurrentChanges(t *testing.T) {
	a := changesApart(t, 8)
	w, b, m, ca, cb, ia, ib := a.w, a.b, a.m, a.ca, a.cb, a.ia, a.ib
	h := w.history()
	if n := len(h.Current().Keys()); n != 3 {
		t.Fatalf("S.keys holds %d keys, want 3", n)
	}
	var err error
	underA := written{v: w.write(h, w.founder, 0).v}
	w.write(h, b, 1) // sealed under the current key, whichever it is
	sealedA := underA
	sealedA.v.Body, err = SealBody(ca.Key, PlaceOf(underA.v), "a", nil, w.rnd)
	must(t, err)
	sealedB := w.write(h, b, 2)
	sealedB.v.Body, err = SealBody(cb.Key, PlaceOf(sealedB.v), "b", nil, w.rnd)
	must(t, err)
	for _, p := range []*person{w.founder, b, m} {
		ring := w.ring(h, p)
		if len(ring.IDs()) != 3 {
			t.Errorf("%s holds %v", p.name, ring.IDs())
		}
		for _, v := range []written{sealedA, sealedB} {
			if _, ok := ring.Open(v.v); !ok {
				t.Errorf("%s cannot open %s", p.name, v.v.ID)
			}
		}
	}

	// b writes a change naming a's key again: refused, no key in S.keys.
	again := w.eventSeen(b, access.Event{Kind: access.KindKey, KeyID: ca.Body.KeyID, ReadKey: ca.Body.ReadKey}, ia, ib)
	w.changes[again] = ca.Body
	h = w.history()
	if st := h.Status(again); st.Outcome == access.Applied {
		t.Fatalf("a reused key id applied: %v", st)
	}
	for _, e := range h.Current().Keys() {
		if e.Event == again {
			t.Fatal("S.keys names the refused change")
		}
	}
}

// TestCopiedKeyID: a member granted /key/change copies a concurrent
// change's key id, once with its read DID and an earlier that does not
// open, once with another read DID. Both stand in S.keys beside the real
// one; a reader still takes the real key from its box and every earlier
// key from the real change (03 §9.3, §9.4).
func TestCopiedKeyID(t *testing.T) {
	w := newWorldRole(t, 9, `{"name":"member","grants":[{"cmd":"/record","pol":[]},{"cmd":"/key/change","pol":[]}]}`)
	b := newPerson(t, w.rnd, "b", w.sp.ID)
	m := newPerson(t, w.rnd, "m", w.sp.ID)
	w.add(b)
	w.add(m)
	h := w.history()
	head := w.head
	before := w.write(h, w.founder, 0)
	ca, err := w.ring(h, w.founder).NewChange(Recipients{m.did: m.mk.ECDH().PublicKey()}, w.rnd)
	must(t, err)
	ia := w.eventSeen(w.founder, access.Event{Kind: access.KindKey, KeyID: ca.Body.KeyID, ReadKey: ca.Body.ReadKey}, head)
	w.changes[ia] = ca.Body
	w.boxes = append(w.boxes, ca.Boxes...)
	other, err := Generate(w.rnd)
	must(t, err)
	copied := KeyChange{KeyID: ca.Body.KeyID, ReadKey: ca.Body.ReadKey, Earlier: "AQ"}
	wrongRead := KeyChange{KeyID: ca.Body.KeyID, ReadKey: other.ReadDID(), Earlier: "AQ"}
	for _, c := range []KeyChange{copied, wrongRead} {
		id := w.eventSeen(b, access.Event{Kind: access.KindKey, KeyID: c.KeyID, ReadKey: c.ReadKey}, head)
		w.changes[id] = c
	}
	h = w.history()
	if n := len(h.Current().Keys()); n != 4 {
		t.Fatalf("S.keys holds %d entries, want 4 (the copies concurrent with the change stand)", n)
	}
	ring := w.ring(h, m)
	if len(ring.IDs()) != 2 || len(ring.Malformed()) != 0 {
		t.Fatalf("m holds %v, malformed %v", ring.IDs(), ring.Malformed())
	}
	if _, ok := ring.Open(before.v); !ok {
		t.Error("m cannot open what was sealed under K₀")
	}
}

package spacekey

import (
	"fmt"
	"slices"
	"testing"

	"minca.dev/desktop/core/access"
)

// TestMendConcurrentChanges: after two key changes made apart, each
// changer's ring holds both keys, but the current key's earlier leaves the
// other out: a newcomer boxed only the current key cannot open what was
// sealed under the other, and ShouldMend asks a member that may change
// the key to change it once more. After that change, made having seen both,
// the current key reaches every key, the newcomer opens both, and nobody is
// asked again (docs/spec/03-choices.md, "Concurrent key changes").
func TestMendConcurrentChanges(t *testing.T) {
	a := changesApart(t, 11)
	w, b, m, ca, cb := a.w, a.b, a.m, a.ca, a.cb
	h := w.history()
	var err error
	cur, other := ca, cb
	if w.ring(h, w.founder).CurrentID() == cb.Key.ID() {
		cur, other = cb, ca
	}
	sealed := w.write(h, w.founder, 0)
	sealed.v.Body, err = SealBody(other.Key, PlaceOf(sealed.v), "under the other key", nil, w.rnd)
	must(t, err)
	for _, p := range []*person{w.founder, b, m} {
		ring := w.ring(h, p)
		if got := ring.Unreached(); !slices.Equal(got, []string{other.Key.ID()}) {
			t.Errorf("%s: unreached %v, want the other change's key", p.name, got)
		}
		if !ShouldMend(h, ring, p.did) {
			t.Errorf("%s is not asked to mend", p.name)
		}
	}
	newcomer := newPerson(t, w.rnd, "n", w.sp.ID)
	newcomer.held = []*Key{cur.Key}
	if _, ok := w.ring(h, newcomer).Open(sealed.v); ok {
		t.Fatal("the newcomer opened what the current key does not reach")
	}
	if ShouldMend(h, w.ring(h, newcomer), newcomer.did) {
		t.Fatal("a non-member is asked to mend")
	}

	cm, err := w.ring(h, m).NewChange(recipients(w.founder, b), w.rnd)
	must(t, err)
	im := w.eventSeen(m, access.Event{Kind: access.KindKey, KeyID: cm.Body.KeyID, ReadKey: cm.Body.ReadKey}, a.ia, a.ib)
	w.changes[im] = cm.Body
	w.boxes = append(w.boxes, cm.Boxes...)
	m.held = append(w.ring(h, m).Keys(), cm.Key)
	h = w.history()
	for _, p := range []*person{w.founder, b, m} {
		ring := w.ring(h, p)
		if ring.CurrentID() != cm.Key.ID() || len(ring.Unreached()) != 0 || ShouldMend(h, ring, p.did) {
			t.Errorf("%s after the mend: current %s, unreached %v", p.name, ring.CurrentID(), ring.Unreached())
		}
	}
	newcomer.held = []*Key{cm.Key}
	if body, ok := w.ring(h, newcomer).Open(sealed.v); !ok || body != "under the other key" {
		t.Fatalf("the newcomer holding the mended key reads %v %v", body, ok)
	}
}

// TestNoMendPastMaxEarlier: a ring holding more than MaxEarlier keys is
// never asked to mend: a reader takes at most MaxEarlier keys from one
// earlier, so a mend could never reach them all, and would ask again.
func TestNoMendPastMaxEarlier(t *testing.T) {
	a := changesApart(t, 12)
	h := a.w.history()
	if !ShouldMend(h, a.w.ring(h, a.m), a.m.did) {
		t.Fatal("not asked to mend two changes made apart")
	}
	ring := a.w.ring(h, a.m)
	for i := range MaxEarlier {
		k, err := Generate(a.w.rnd)
		must(t, err)
		ring.keys[fmt.Sprintf("extra-%d", i)] = k
	}
	if ShouldMend(h, ring, a.m.did) {
		t.Fatalf("asked to mend with %d keys held", len(ring.keys))
	}
}

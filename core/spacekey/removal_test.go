package spacekey

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// removal is what a removed account took with it.
type removal struct {
	p    *person
	keys map[string]bool
	at   int // writes before the key change its removal made due
}

// TestRemovedReadsNothingNew: over seeded random histories of adds,
// removals (each answered by the key change it makes due), key changes and
// writes, a removed account — holding every key it reached while a member,
// its member key and every box in the space — reaches no key it did not
// hold, opens no box to anyone for a new key, and opens nothing sealed
// after its removal's key change, with any key it held; every remaining
// member reaches every key and opens every body, and the current key alone
// reaches every key (03 §9).
func TestRemovedReadsNothingNew(t *testing.T) {
	for seed := uint64(0); seed < 30; seed++ {
		t.Run(fmt.Sprint(seed), func(t *testing.T) { removedReadsNothingNew(t, seed) })
	}
}

func removedReadsNothingNew(t *testing.T, seed uint64) {
	w := newWorld(t, seed)
	r := rand.New(rand.NewPCG(seed, 7))
	all := []*person{w.founder}
	var members []*person
	var gone []removal
	var writes []written
	for step := 0; step < 16; step++ {
		switch op := r.IntN(4); {
		case op == 0 && len(all) < 7 || len(members) == 0:
			p := newPerson(t, w.rnd, fmt.Sprint("p", step), w.sp.ID)
			w.add(p)
			all, members = append(all, p), append(members, p)
		case op == 1:
			i := r.IntN(len(members))
			p := members[i]
			members = slices.Delete(members, i, i+1)
			gone = append(gone, w.removeAndChange(p, all, len(writes)))
		case op == 2:
			h := w.history()
			writes = append(writes, w.write(h, pick(r, w.founder, members), len(writes)))
		default:
			w.change(w.founder, all)
		}
		// Something is always written under the newest key.
		writes = append(writes, w.write(w.history(), w.founder, len(writes)))
	}
	h := w.history()
	for _, g := range gone {
		ring := w.ring(h, g.p)
		for _, id := range ring.IDs() {
			if !g.keys[id] {
				t.Errorf("%s reached key %s after its removal", g.p.name, id)
			}
		}
		for _, b := range w.boxes {
			if k, err := OpenBox(b, w.sp.ID, b.To, g.p.mk); err == nil && !g.keys[k.ID()] {
				t.Errorf("%s opened a box to %s", g.p.name, b.To)
			}
		}
		for _, wr := range writes[g.at:] {
			if _, ok := ring.Open(wr.v); ok {
				t.Errorf("%s opened %s, sealed after its removal", g.p.name, wr.v.ID)
			}
			for _, k := range g.p.held {
				if _, err := OpenBody(k, PlaceOf(wr.v), wr.v.Body); err == nil {
					t.Errorf("%s opened %s with key %s", g.p.name, wr.v.ID, k.ID())
				}
			}
		}
	}
	// Holding the current key alone opens every earlier one (03 §9.3).
	cur, _ := w.ring(h, w.founder).Current()
	if only := NewKeyring(Input{Space: w.sp.ID, Keys: h.Current().Keys(), Changes: w.changes, Held: []*Key{cur}}); len(only.IDs()) != len(h.Current().Keys()) {
		t.Errorf("the current key alone reaches %d of %d keys", len(only.IDs()), len(h.Current().Keys()))
	}
	for _, p := range append([]*person{w.founder}, members...) {
		ring := w.ring(h, p)
		if len(ring.IDs()) != len(h.Current().Keys()) || len(ring.Malformed()) != 0 {
			t.Errorf("%s holds %d of %d keys (malformed %v)", p.name, len(ring.IDs()), len(h.Current().Keys()), ring.Malformed())
		}
		for _, wr := range writes {
			if _, ok := ring.Open(wr.v); !ok {
				t.Errorf("%s cannot open %s", p.name, wr.v.ID)
			}
		}
	}
}

// removeAndChange removes p; the change is due, and the founder makes it.
func (w *world) removeAndChange(p *person, all []*person, writes int) removal {
	w.t.Helper()
	h := w.history()
	p.held = w.ring(h, p).Keys()
	keys := map[string]bool{}
	for _, k := range p.held {
		keys[k.ID()] = true
	}
	w.remove(p)
	h = w.history()
	if !Due(h, w.ring(h, w.founder)) || !ShouldChange(h, w.ring(h, w.founder), w.founder.did) {
		w.t.Fatalf("removing %s made no key change due", p.name)
	}
	if !slices.Contains(FormerMembers(h), p.did) {
		w.t.Errorf("%s is not a former member", p.name)
	}
	w.change(w.founder, all)
	if h := w.history(); h.KeyDue() || Due(h, w.ring(h, w.founder)) {
		w.t.Fatalf("the change after removing %s left a change due", p.name)
	}
	return removal{p: p, keys: keys, at: writes}
}

func pick(r *rand.Rand, founder *person, members []*person) *person {
	if i := r.IntN(len(members) + 1); i < len(members) {
		return members[i]
	}
	return founder
}

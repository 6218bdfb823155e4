package invite

import (
	"fmt"
	"testing"

	"minca.dev/desktop/core/access"
	"minca.dev/desktop/core/identity"
	"minca.dev/desktop/core/judge"
	"minca.dev/desktop/core/record"
	"minca.dev/desktop/core/space"
)

// world is one space, its access history (core/access) and every version
// held, with accounts signing for themselves (no note: their own root).
type world struct {
	t    testing.TB
	sp   *space.Space
	h    *access.History
	held map[string]*record.Version
	last map[string]*record.Version // author|collection → its last version
	tick int
}

func newWorld(t testing.TB, sp *space.Space) *world {
	t.Helper()
	h, err := access.NewHistory(judge.GenesisOf(sp))
	if err != nil {
		t.Fatal(err)
	}
	return &world{t: t, sp: sp, h: h, held: map[string]*record.Version{}, last: map[string]*record.Version{}}
}

func (w *world) lookup(id string) (*record.Version, bool) {
	v, ok := w.held[id]
	return v, ok
}

// sign completes a draft (space, time, seen = the current heads unless
// set, place in the signer's line), signs and holds it.
func (w *world) sign(k *identity.KeyPair, d *record.Version) *record.Version {
	w.t.Helper()
	w.tick++
	d.Space = w.sp.ID
	d.CreatedAt = fmt.Sprintf("2026-02-01T%02d:%02d:%02d.000Z", w.tick/3600, w.tick/60%60, w.tick%60)
	if d.Seen == nil {
		d.Seen = append([]string{}, w.h.Heads()...)
	}
	line := k.DID() + "|" + d.Collection
	d.Log = &record.Log{N: 0}
	if p := w.last[line]; p != nil {
		d.Log = &record.Log{N: p.Log.N + 1, Prev: p.ID}
	}
	v, err := record.Sign(d, k)
	if err != nil {
		w.t.Fatalf("sign %s %s: %v", d.Collection, d.Key, err)
	}
	w.held[v.ID], w.last[line] = v, v
	return v
}

// store offers an access version as from outside (03 §3.4) and adds its
// event when it may be stored; it gives the verdict.
func (w *world) store(v *record.Version) record.Verdict {
	w.t.Helper()
	ev, verdict := judge.MayStore(w.h, v, judge.Space{ID: w.sp.ID})
	if verdict.Answer == record.Stands {
		if err := w.h.Add(ev); err != nil {
			w.t.Fatalf("add %s: %v", v.ID, err)
		}
	}
	return verdict
}

// mustStore stores an access version that must be storable.
func (w *world) mustStore(v *record.Version) {
	w.t.Helper()
	if verdict := w.store(v); verdict.Answer != record.Stands {
		w.t.Fatalf("%s %s not stored: %v", v.Collection, v.Key, verdict)
	}
}

// standing judges a version as this peer holds the space (03 §5.2).
func (w *world) standing(v *record.Version) record.Verdict {
	s := judge.Standing{Space: judge.Space{ID: w.sp.ID}, History: w.h, Lookup: w.lookup}
	return s.Judge(v)
}

package syncer

import "minca.dev/desktop/core/record"

// waiting holds versions the gatekeeper answered later: each waits for what
// it names (its first version, the one before it, an access event) and is
// retried whenever something goes in (05 §8). At most max wait; the one that
// waited longest is pushed out first.
type waiting struct {
	max   int
	byID  map[string]*waiter
	order []string // arrival order, oldest first (may name ids gone since)
}

type waiter struct {
	v       *record.Version
	from    string // the peer that sent it: acknowledged to it, asked of it
	missing []string
}

func newWaiting(max int) *waiting {
	return &waiting{max: max, byID: map[string]*waiter{}}
}

func (w *waiting) has(id string) bool { return w.byID[id] != nil }

func (w *waiting) len() int { return len(w.byID) }

// add holds v back, sent by from, until missing arrive. A copy already
// waiting is replaced (its latest sender is the one acknowledged).
func (w *waiting) add(v *record.Version, from string, missing []string) {
	if w.byID[v.ID] == nil {
		w.order = append(w.order, v.ID)
	}
	w.byID[v.ID] = &waiter{v: v, from: from, missing: missing}
	for len(w.byID) > w.max {
		w.evictOldest()
	}
	if len(w.order) > 2*w.max+16 {
		w.compact()
	}
}

func (w *waiting) evictOldest() {
	for len(w.order) > 0 {
		id := w.order[0]
		w.order = w.order[1:]
		if w.byID[id] != nil {
			delete(w.byID, id)
			return
		}
	}
}

func (w *waiting) compact() {
	kept := w.order[:0]
	for _, id := range w.order {
		if w.byID[id] != nil {
			kept = append(kept, id)
		}
	}
	w.order = kept
}

func (w *waiting) remove(id string) { delete(w.byID, id) }

// sorted are the waiting versions in intake order (05 §8 step 3).
func (w *waiting) sorted() []*waiter {
	vs := make([]*record.Version, 0, len(w.byID))
	for _, x := range w.byID {
		vs = append(vs, x.v)
	}
	record.SortForIntake(vs)
	out := make([]*waiter, len(vs))
	for i, v := range vs {
		out[i] = w.byID[v.ID]
	}
	return out
}

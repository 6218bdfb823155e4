package access

import (
	"testing"
)

// Invariants every replay keeps, checked on random histories (03 §4.3,
// §4.4, §4.6): what applies was allowed and unstruck; an applied reduction
// leaves nothing applied that it strikes unless that strikes it back (a
// component); a removal ends every assignment that had not seen it; every
// applied change is a head or behind one.
func TestInvariantsOfRandomHistories(t *testing.T) {
	for seed := uint64(3000); seed < 3200; seed++ {
		g, evs := randomHistory(seed, 10+int(seed%20))
		h := replayOrFail(t, g, evs)
		fail := func(format string, a ...any) {
			t.Helper()
			t.Fatalf("seed %d: "+format, append([]any{seed}, a...)...)
		}
		for i, n := range h.nodes {
			if h.full.valid[i] && (!n.allowed || !h.full.unstruck[i]) {
				fail("%s applied without being allowed and unstruck", n.ev.ID)
			}
		}
		checkReductions(h, fail)
		checkRemovals(h, fail)
		checkHeads(h, fail)
	}
}

func checkReductions(h *History, fail func(string, ...any)) {
	for ri, r := range h.nodes {
		if !h.full.valid[ri] || !h.reducesIn(r, nil) {
			continue
		}
		for _, ei := range r.out {
			if !h.full.valid[ei] {
				continue
			}
			back := false
			for _, x := range h.nodes[ei].out {
				back = back || x == ri || reachesBack(h, x, ri)
			}
			if !back {
				fail("applied %s strikes applied %s, which does not strike it back", r.ev.ID, h.nodes[ei].ev.ID)
			}
		}
	}
}

// reachesBack says whether a path of strikes leads from a to b.
func reachesBack(h *History, a, b int) bool {
	seen := map[int]bool{}
	var walk func(int) bool
	walk = func(x int) bool {
		if x == b {
			return true
		}
		if seen[x] {
			return false
		}
		seen[x] = true
		for _, y := range h.nodes[x].out {
			if walk(y) {
				return true
			}
		}
		return false
	}
	return walk(a)
}

func checkRemovals(h *History, fail func(string, ...any)) {
	cur := h.Current()
	for did, rms := range h.ix.removals {
		for _, role := range cur.RolesOf(did) {
			id, _ := cur.Assignment(did, role)
			a, ok := h.byID[id]
			for _, rm := range rms {
				if h.full.valid[rm] && (!ok || !h.saw(a, rm)) {
					fail("%s holds %s by %s, which had not seen removal %s", did, role, id, h.nodes[rm].ev.ID)
				}
			}
		}
	}
}

func checkHeads(h *History, fail func(string, ...any)) {
	var behind bitset
	for _, id := range h.Heads() {
		i := h.byID[id]
		behind = behind.or(h.nodes[i].anc).with(i)
	}
	for i, n := range h.nodes {
		k := n.ev.Kind
		if h.full.valid[i] && k != KindRevoke && k != KindFork && !behind.has(i) {
			fail("applied %s is neither a head nor behind one", n.ev.ID)
		}
	}
}

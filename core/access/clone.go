package access

import (
	"maps"
	"slices"
	"sync/atomic"
)

// Clone is a copy of the history that goes its own way: adding events to
// either, or reading either (answers fill caches), never changes what the
// other holds or answers. So one replay can be kept and advanced by the new
// events only (Add replays what they change, in any order they arrive),
// while each caller gets a copy to read, or to add an event it is only
// trying out.
//
// A copy costs O(1) until one of the two adds an event: they share what
// only Add writes (the events, their ancestors and strike edges, the
// indexes, the judgement's flags), and each has its own caches and may()
// memos, which reads fill. The first Add on either side after a Clone
// copies those shared parts for itself (unshare, O(events + index
// entries), the events' nodes by pointer); a node is copied only when Add
// writes to it (own: strike edges), and what never changes once an event is
// placed stays shared: the event itself, its ancestors (a bitset no one
// writes to again), its role definition and its refusal in V(e) (§4.3 step
// 1 depends only on what it saw). Clone is a read of h: it is no more safe for concurrent use than any
// other; the copy and h may then be used by different goroutines.
func (h *History) Clone() *History {
	h.shared = true
	c := *h
	c.cache = newCache()
	// Answers that are plain data are kept: they hold for this version.
	c.cache.heads, c.cache.order, c.cache.keyDue = h.cache.heads, h.cache.order, h.cache.keyDue
	c.allowed = newAllowedContext(&c)
	c.full = &context{h: &c, valid: h.full.valid, unstruck: h.full.unstruck,
		struckBy: h.full.struckBy, refusedW: h.full.refusedW}
	return &c
}

// unshare gives h its own copy of everything Add writes, if a Clone left
// it shared.
func (h *History) unshare() {
	if !h.shared {
		return
	}
	h.shared = false
	// The nodes themselves are copied one by one as Add writes to them
	// (own): a new generation owns none of those placed so far.
	h.gen = generations.Add(1)
	h.nodes = slices.Clone(h.nodes)
	h.order = slices.Clone(h.order)
	h.byID = maps.Clone(h.byID)
	h.pending = maps.Clone(h.pending) // held events are never written to
	h.blocks = clipValues(h.blocks)
	h.ix = h.ix.clone()
	h.strikers, h.targets = slices.Clone(h.strikers), slices.Clone(h.targets)
	f := h.full
	f.valid, f.unstruck = slices.Clone(f.valid), slices.Clone(f.unstruck)
	f.struckBy = slices.Clone(f.struckBy) // each entry is replaced, never appended to
	f.refusedW = slices.Clone(f.refusedW)
}

// generations numbers histories and their unshared copies: a node belongs
// to the one whose gen it carries, and only that one writes to it.
var generations atomic.Uint64

// own is node i, copied for h first if h does not own it yet (a Clone, or
// the history it came from, may read it).
func (h *History) own(i int) *node {
	n := h.nodes[i]
	if n.gen == h.gen {
		return n
	}
	m := *n
	m.gen = h.gen
	// Strike edges are appended as later events are linked: clipped, an
	// append on either side writes to an array of its own.
	m.out, m.in, m.exceptBy = slices.Clip(n.out), slices.Clip(n.in), slices.Clip(n.exceptBy)
	h.nodes[i] = &m
	return &m
}

func (x *indexes) clone() indexes {
	roles := make(map[string]map[string]bool, len(x.roles))
	for did, rs := range x.roles {
		roles[did] = maps.Clone(rs)
	}
	return indexes{
		byKey: clipValues(x.byKey), removals: clipValues(x.removals),
		stepdowns: clipValues(x.stepdowns), unassigns: clipValues(x.unassigns),
		roles: roles, byRoot: clipValues(x.byRoot),
		byAuthor: clipValues(x.byAuthor), joins: clipValues(x.joins),
		revokes: clipValues(x.revokes), forks: clipValues(x.forks),
		keyEvents: slices.Clone(x.keyEvents), succeeds: slices.Clone(x.succeeds),
		assignees: maps.Clone(x.assignees), named: maps.Clone(x.named),
		invites: maps.Clone(x.invites),
	}
}

// clipValues copies a map of lists that are only ever appended to, each
// list clipped to its length: the copy shares the elements held now, and an
// append on either side allocates anew rather than write where the other
// could read.
func clipValues[T any](m map[string][]T) map[string][]T {
	out := make(map[string][]T, len(m))
	for k, v := range m {
		out[k] = slices.Clip(v)
	}
	return out
}

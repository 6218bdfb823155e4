package access

import (
	"maps"
	"slices"
)

// Clone is a copy of the history that goes its own way: adding events to
// either, or reading either (answers fill caches), never changes what the
// other holds or answers. So one replay can be kept and advanced by the new
// events only (Add replays what they change, in any order they arrive),
// while each caller gets a copy to read, or to add an event it is only
// trying out.
//
// It costs O(events + index entries), not a replay: what never changes
// once an event is placed is shared, namely the event itself, its ancestors
// (a bitset no one writes to again), its role definition and its refusal
// in V(e) (§4.3 step 1: that depends only on what it saw). Everything Add
// or a read writes to is copied; the answers cached for this version are
// not, so the copy works them out again when asked. Clone is a read: it is
// no more safe for concurrent use than any other.
func (h *History) Clone() *History {
	c := &History{
		g:        h.g, // never written after NewHistory
		topFound: h.topFound,
		founding: h.founding,
		given:    h.given,
		nodes:    make([]*node, len(h.nodes)),
		order:    slices.Clone(h.order),
		byID:     maps.Clone(h.byID),
		pending:  maps.Clone(h.pending), // held events are never written to
		blocks:   clipValues(h.blocks),
		ix:       h.ix.clone(),
		strikers: slices.Clone(h.strikers),
		targets:  slices.Clone(h.targets),
		version:  h.version,
		cache:    newCache(),
	}
	slab := make([]node, len(h.nodes)) // one allocation, not one per event
	for i, n := range h.nodes {
		m := &slab[i]
		*m = *n
		// Strike edges are appended as later events are linked: clipped,
		// an append on either side writes to an array of its own.
		m.out, m.in, m.exceptBy = slices.Clip(n.out), slices.Clip(n.in), slices.Clip(n.exceptBy)
		c.nodes[i] = m
	}
	c.allowed = newAllowedContext(c)
	c.full = h.full.cloneFor(c)
	return c
}

// cloneFor copies the history's own judgement (never an overlay, which is
// a cached answer) for history c. The may() answers cached per view are
// left behind: they fill again as asked.
func (x *context) cloneFor(c *History) *context {
	return &context{
		h:        c,
		valid:    slices.Clone(x.valid),
		unstruck: slices.Clone(x.unstruck),
		struckBy: slices.Clone(x.struckBy), // each entry is replaced, never appended to
		refusedW: slices.Clone(x.refusedW),
	}
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

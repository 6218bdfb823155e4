package access

import (
	"fmt"
	"slices"
)

// node is a placed event: what the replay knows of it.
type node struct {
	ev    Event
	idx   int
	gen   uint64 // the generation of the history that owns it (clone.go)
	anc   bitset // ancestors(e) (§4.2), excluding itself and G
	group string // its record key, unhashed
	def   *roleDef

	allowed bool
	refused *Refusal // why it is not allowed, in V(e)

	// The strike graph (§4.3 steps 2–3), among allowed events, as it would
	// be were every striker a reduction: out is what this event strikes, in
	// what strikes it. exceptBy, for a stepdown, lists the revokes and fork
	// proofs that reach it uncovered: with one of them present the stepdown
	// is no reduction (A13).
	out, in  []int
	exceptBy []int
}

// History is a space's access history and its replay (03 §4): add events in
// any order, at once or one at a time, and read what §4.6 exposes. The
// answers depend only on the set of events held, never on their order.
//
// A History is not safe for concurrent use, reads included: answers fill
// caches (may() per view, overlays per seen set, heads, keyDue). States it
// hands out are views of it, valid until the next Add; Snapshot copies one.
type History struct {
	g        Genesis
	topFound map[string]bool     // top.founders
	founding map[string]*roleDef // the founding roles' definitions
	given    map[string]map[string]bool

	nodes   []*node
	order   []int             // placed events in the order of A22 (see insertOrdered)
	byID    map[string]int    // placed events
	pending map[string]*Event // held but not placed: waiting (§4.2)
	blocks  map[string][]string

	ix indexes
	// strikers and targets are the events with strike edges out and in
	// (in index order of their first edge): pass 1 looks only at them.
	strikers, targets []int
	allowed           *context // the judgement "allowed" (§4.3 step 1)
	full              *context // valid among all placeable events (§4.3 step 4)

	version int    // bumped by every Add that holds something new
	cache   *cache // answers worked out for this version
	// shared says a Clone shares what Add writes: Add copies it first
	// (clone.go). gen is this history's generation: the nodes it may write.
	shared bool
	gen    uint64
}

// NewHistory starts the history of the space g describes, with no events.
func NewHistory(g Genesis) (*History, error) {
	if err := g.validate(); err != nil {
		return nil, err
	}
	g = g.clone()
	h := &History{
		g:        g,
		topFound: map[string]bool{},
		founding: map[string]*roleDef{},
		given:    map[string]map[string]bool{},
		byID:     map[string]int{},
		pending:  map[string]*Event{},
		blocks:   map[string][]string{},
		ix:       newIndexes(),
		gen:      generations.Add(1),
	}
	for _, f := range g.Founders {
		h.topFound[f] = true
	}
	for _, r := range g.Roles {
		h.founding[r.Name] = foundingDef(g.SpaceID, r)
	}
	for did, roles := range g.Assigned {
		h.given[did] = map[string]bool{}
		for _, r := range roles {
			h.given[did][r] = true
		}
	}
	h.allowed = newAllowedContext(h)
	h.full = newFullContext(h)
	h.cache = newCache()
	return h, nil
}

// Replay is the replay of a whole set of events (03 §4): NewHistory, then
// Add.
func Replay(g Genesis, events []Event) (*History, error) {
	h, err := NewHistory(g)
	if err != nil {
		return nil, err
	}
	if err := h.Add(events...); err != nil {
		return nil, err
	}
	return h, nil
}

// Genesis is the start the history was made with.
func (h *History) Genesis() Genesis { return h.g.clone() }

// Private is Genesis().Private, without copying the genesis.
func (h *History) Private() bool { return h.g.Private }

// Add adds events to the history and replays what they change. Events are
// deduplicated by id, the first kept (§4.2). An event whose shape is wrong
// (Validate) fails the whole call, and nothing is added.
func (h *History) Add(events ...Event) error {
	for i := range events {
		if err := events[i].Validate(); err != nil {
			return fmt.Errorf("add access events: %w", err)
		}
	}
	held := h.Len()
	if !h.holdsAll(events) {
		h.unshare()
	}
	var ready []string
	for i := range events {
		e := &events[i]
		if h.holds(e.ID) {
			continue
		}
		c := cloneEvent(e)
		h.pending[c.ID] = c
		if h.blockers(c) == 0 {
			ready = append(ready, c.ID)
		}
	}
	first := len(h.nodes)
	h.placeAll(ready)
	if h.Len() != held {
		h.version++
		h.cache = newCache()
	}
	if len(h.nodes) != first {
		h.judgeNew(first)
	}
	return nil
}

// Version counts the Adds that held something new: answers read at one
// version hold until it changes.
func (h *History) Version() int { return h.version }

// holdsAll says whether every one of events is held already.
func (h *History) holdsAll(events []Event) bool {
	for i := range events {
		if !h.holds(events[i].ID) {
			return false
		}
	}
	return true
}

// holds says whether an event with this id is held, placed or waiting.
func (h *History) holds(id string) bool {
	if _, ok := h.byID[id]; ok {
		return true
	}
	_, ok := h.pending[id]
	return ok
}

// blockers counts the ids e names that are not yet placed, and records e as
// waiting on each. An event naming itself names an id that is never placed
// before it, so it waits for good (§4.2).
func (h *History) blockers(e *Event) int {
	n := 0
	for _, s := range uniq(e.Seen) {
		if s == h.g.SpaceID {
			continue
		}
		if _, ok := h.byID[s]; ok {
			continue
		}
		h.blocks[s] = append(h.blocks[s], e.ID)
		n++
	}
	return n
}

// placeAll places ready events, and then every event waiting only on them,
// to a fixed point. An event is placed after everything it saw, so indices
// are a topological order of the seen graph.
func (h *History) placeAll(ready []string) {
	for len(ready) > 0 {
		id := ready[0]
		ready = ready[1:]
		e, ok := h.pending[id]
		if !ok || !h.canPlace(e) {
			continue
		}
		delete(h.pending, id)
		h.place(e)
		for _, w := range h.blocks[id] {
			if p, ok := h.pending[w]; ok && h.canPlace(p) {
				ready = append(ready, w)
			}
		}
		delete(h.blocks, id)
	}
}

func (h *History) canPlace(e *Event) bool {
	for _, s := range e.Seen {
		if s == h.g.SpaceID {
			continue
		}
		if _, ok := h.byID[s]; !ok {
			return false
		}
	}
	return true
}

// place gives e the next index and its ancestors, and indexes it.
func (h *History) place(e *Event) {
	n := &node{ev: *e, idx: len(h.nodes), gen: h.gen, group: e.groupKey()}
	n.anc = make(bitset, 0, len(h.nodes)/64+1)
	for _, s := range e.Seen {
		if j, ok := h.byID[s]; ok {
			n.anc = n.anc.or(h.nodes[j].anc).with(j)
		}
	}
	if e.Kind == KindRole {
		n.def = eventDef(n)
	}
	h.nodes = append(h.nodes, n)
	h.byID[e.ID] = n.idx
	h.ix.add(n)
	h.insertOrdered(n)
}

// insertOrdered puts a newly placed event into h.order, the order Kahn's
// algorithm gives over the seen edges taking the lowest id ready (A22). A
// new event saw only placed ones and nothing placed saw it, so adding it
// leaves the others' order alone: in Kahn's run it becomes ready just after
// the last event it names, and is taken at the first step after that whose
// event has a higher id.
func (h *History) insertOrdered(n *node) {
	parents := map[int]bool{}
	for _, s := range n.ev.Seen {
		if j, ok := h.byID[s]; ok && j != n.idx {
			parents[j] = true
		}
	}
	at := 0
	for t := len(h.order) - 1; t >= 0 && len(parents) > 0; t-- {
		if parents[h.order[t]] {
			at = t + 1
			break
		}
	}
	for at < len(h.order) && h.nodes[h.order[at]].ev.ID < n.ev.ID {
		at++
	}
	h.order = slices.Insert(h.order, at, n.idx)
}

// saw says whether event i saw event j (j is among i's ancestors).
func (h *History) saw(i, j int) bool { return h.nodes[i].anc.has(j) }

// concurrent says whether neither of i and j saw the other.
func (h *History) concurrent(i, j int) bool { return !h.saw(i, j) && !h.saw(j, i) }

func cloneEvent(e *Event) *Event {
	c := *e
	c.Seen = slices.Clone(e.Seen)
	c.Nests = slices.Clone(e.Nests)
	c.Grants = slices.Clone(e.Grants)
	c.Relays = slices.Clone(e.Relays)
	c.Keepers = slices.Clone(e.Keepers)
	if e.Copies != nil {
		v := *e.Copies
		c.Copies = &v
	}
	if e.Cutoff != nil {
		c.Cutoff = make(Cutoff, len(e.Cutoff))
		for k, m := range e.Cutoff {
			c.Cutoff[k] = make(map[string]int64, len(m))
			for col, p := range m {
				c.Cutoff[k][col] = p
			}
		}
	}
	return &c
}

// uniq returns the distinct strings of s, in order.
func uniq(s []string) []string {
	if len(s) < 2 {
		return s
	}
	seen := make(map[string]bool, len(s))
	out := make([]string, 0, len(s))
	for _, x := range s {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}

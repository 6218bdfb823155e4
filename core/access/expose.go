package access

import (
	"slices"
	"sort"
	"strings"
)

// cache holds answers worked out for one version of the history; Add
// replaces it.
type cache struct {
	order    []int // applied events' indices (A22), by event index
	heads    []string
	keyDue   *bool
	overlays map[string]*context
}

func newCache() *cache { return &cache{overlays: map[string]*context{}} }

// Current is the current state (§4.6): the merge of the valid events.
func (h *History) Current() *State { return h.full.whole() }

// Len is how many events the history holds, placed or waiting.
func (h *History) Len() int { return len(h.nodes) + len(h.pending) }

// Event returns the event with this id, if held.
func (h *History) Event(id string) (Event, bool) {
	if i, ok := h.byID[id]; ok {
		return *cloneEvent(&h.nodes[i].ev), true
	}
	if e, ok := h.pending[id]; ok {
		return *cloneEvent(e), true
	}
	return Event{}, false
}

// Heads is heads() (§4.6): the ids of applied events other than revokes and
// forks that no other such event saw, directly or through others, sorted.
// This is what a writer names in seen.
func (h *History) Heads() []string {
	if h.cache.heads != nil {
		return slices.Clone(h.cache.heads)
	}
	// From the last event back: an event a later counting one saw is no
	// head, and neither is anything it saw, which that later one saw too;
	// so only heads add their ancestors.
	var covered bitset
	heads := []string{}
	for i := len(h.nodes) - 1; i >= 0; i-- {
		k := h.nodes[i].ev.Kind
		if !h.full.valid[i] || k == KindRevoke || k == KindFork || covered.has(i) {
			continue
		}
		heads = append(heads, h.nodes[i].ev.ID)
		covered = covered.or(h.nodes[i].anc)
	}
	sort.Strings(heads)
	h.cache.heads = heads
	return slices.Clone(heads)
}

// closure is what seen names and everything they saw, or false when
// something named (other than the space id) is missing or waiting.
func (h *History) closure(seen []string) (bitset, bool) {
	var b bitset
	for _, s := range seen {
		if s == h.g.SpaceID {
			continue
		}
		i, ok := h.byID[s]
		if !ok {
			return nil, false
		}
		b = b.or(h.nodes[i].anc).with(i)
	}
	return b, true
}

// At is at(seen, within) (§4.6): the state a record is judged by. Without
// within (nil), the merge of the events seen names, and everything they saw,
// that are valid in the whole history; with within, valid among what seen
// and within name and everything they saw. ok is false when anything named
// (other than the space id) is missing or waiting.
func (h *History) At(seen, within []string) (s *State, ok bool) {
	set, ok := h.closure(seen)
	if !ok {
		return nil, false
	}
	if within == nil {
		return &State{h: h, c: h.full, set: set, extra: -1, view: -1}, true
	}
	both, ok := h.closure(append(slices.Clone(seen), within...))
	if !ok {
		return nil, false
	}
	return &State{h: h, c: h.overlay(both), set: set, extra: -1, view: -1}, true
}

// SeenAs is seenAs(seen) (§4.6): the state as a record's writer saw it, the
// merge of the events valid among what seen names and everything they saw,
// judged among themselves alone. ok as for At.
func (h *History) SeenAs(seen []string) (s *State, ok bool) {
	set, ok := h.closure(seen)
	if !ok {
		return nil, false
	}
	return &State{h: h, c: h.overlay(set), set: set, extra: -1, view: -1}, true
}

// overlay is the judgement "valid among T" for an ancestor-closed T, kept
// as what differs from the history's own (cached per version and T).
func (h *History) overlay(t bitset) *context {
	key := setKey(t)
	if c, ok := h.cache.overlays[key]; ok {
		return c
	}
	c := newOverlay(h.full)
	inT := t.has
	res := h.pass1(inT)
	from := len(h.nodes)
	for _, i := range h.targets { // nothing else can be struck
		if !inT(i) {
			continue
		}
		if un := h.nodes[i].allowed && len(res.struck[i]) == 0; un != h.full.unstruck[i] {
			c.overUnstruck[i] = un
			from = min(from, i)
		}
	}
	if from < len(h.nodes) {
		h.pass2(c, from, func(i int) bool { _, ok := c.overUnstruck[i]; return ok }, inT)
	}
	h.cache.overlays[key] = c
	return c
}

func setKey(t bitset) string {
	var b strings.Builder
	for len(t) > 0 && t[len(t)-1] == 0 {
		t = t[:len(t)-1]
	}
	for _, w := range t {
		for k := 0; k < 8; k++ {
			b.WriteByte(byte(w >> (8 * k)))
		}
	}
	return b.String()
}

// Revoked is revoked(key, account) (§4.6): every applied revoke of that key
// by that account (its root, A21), in index order.
func (h *History) Revoked(key, account string) []Event {
	var out []Event
	for _, i := range h.ix.revokes[key] {
		if h.full.valid[i] && h.nodes[i].ev.Root == account {
			out = append(out, *cloneEvent(&h.nodes[i].ev))
		}
	}
	return out
}

// Forks is every applied fork proof of writer's lines (§5.1 step 2, §6.5).
func (h *History) Forks(writer string) []Event {
	var out []Event
	for _, i := range h.ix.forks[writer] {
		if h.full.valid[i] {
			out = append(out, *cloneEvent(&h.nodes[i].ev))
		}
	}
	return out
}

// Reductions is every applied reduction of an account (§5.1 step 4): its
// removals, unassignments and stepdowns that are reductions (a stepdown a
// revoke or fork proof reaches is none, A13).
func (h *History) Reductions(account string) []Event {
	var evs []int
	evs = append(evs, h.ix.removals[account]...)
	evs = append(evs, h.ix.unassigns[account]...)
	evs = append(evs, h.ix.stepdowns[account]...)
	slices.Sort(evs)
	var out []Event
	for _, i := range evs {
		if h.full.valid[i] && h.reducesIn(h.nodes[i], nil) {
			out = append(out, *cloneEvent(&h.nodes[i].ev))
		}
	}
	return out
}

// Saw says whether what seen names, and everything it saw, includes the
// event id (for §5.1 step 4: "not in seen ∪ ancestors(seen)"). False when
// id is not placed.
func (h *History) Saw(seen []string, id string) bool {
	j, ok := h.byID[id]
	if !ok {
		return false
	}
	for _, s := range seen {
		if i, ok := h.byID[s]; ok && (i == j || h.saw(i, j)) {
			return true
		}
	}
	return false
}

// Named is named(did) (§3.4, A20): a founder, an account the constitution
// assigns a role, or the did of any placed assign with assigned: true,
// whatever became of it.
func (h *History) Named(did string) bool {
	return h.topFound[did] || len(h.given[did]) > 0 || h.ix.named[did]
}

// KnownInvite is knownInvite(inviteDid) (§3.4, A20): some placed invite
// event names it.
func (h *History) KnownInvite(inviteDid string) bool { return h.ix.invites[inviteDid] }

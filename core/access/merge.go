package access

import (
	"slices"
	"sort"
)

// Invite is S.invites[key] (§4.1, §4.4, A3).
type Invite struct {
	Role  string
	Open  bool
	Event string   // the lowest-id latest event of its outcome
	By    []string // closed: the closers' roots; open: every latest opener, sorted
}

// Invite is the merge of the latest events on the invite (A3): closed when
// any of them closes, with Event and Role from the lowest-id closing one
// and By its closers; otherwise open, with Event and Role from the lowest-id
// latest event and By every latest opener ("rival openers all stand in by").
func (s *State) Invite(key string) (Invite, bool) {
	latest := s.latestOn(inviteGroup(key))
	if len(latest) == 0 {
		return Invite{}, false
	}
	var closing []int
	for _, i := range latest {
		if !s.h.nodes[i].ev.Open {
			closing = append(closing, i)
		}
	}
	pick, open := latest, true
	if len(closing) > 0 {
		pick, open = closing, false
	}
	first := s.h.lowestID(pick)
	inv := Invite{Role: s.h.nodes[first].ev.Role, Open: open, Event: s.h.nodes[first].ev.ID}
	for _, i := range pick {
		inv.By = append(inv.By, s.h.nodes[i].ev.Root)
	}
	sort.Strings(inv.By)
	inv.By = slices.Compact(inv.By)
	return inv, true
}

// lowestID is the event of evs with the lowest id.
func (h *History) lowestID(evs []int) int {
	best := evs[0]
	for _, i := range evs[1:] {
		if h.nodes[i].ev.ID < h.nodes[best].ev.ID {
			best = i
		}
	}
	return best
}

// Definition is S.definitions[name] (§4.4): the event in force and who
// first defined the collection ("" for null).
type Definition struct {
	Event     string
	DefinedBy string
}

// Definition is the merge of a collection's definitions (§4.4, A10, A11).
// With one latest event, or all latest by one account, the lowest id wins
// (a deleted winner removes the entry). Rivals by several accounts: the
// lowest id wins only when none is a delete and all name the same non-null
// first definer; otherwise contested lists the latest ids, and there is no
// entry.
func (s *State) Definition(name string) (def Definition, ok bool, contested []string) {
	evs := s.on(definitionGroup(name))
	if len(evs) == 0 {
		return Definition{}, false, nil
	}
	latest := s.latest(evs)
	w := s.h.lowestID(latest)
	if s.oneRoot(latest) || s.agreeOnDefiner(evs, latest) {
		if s.h.nodes[w].ev.Deleted {
			return Definition{}, false, nil
		}
		return Definition{Event: s.h.nodes[w].ev.ID, DefinedBy: s.definedBy(evs, w)}, true, nil
	}
	for _, i := range latest {
		contested = append(contested, s.h.nodes[i].ev.ID)
	}
	sort.Strings(contested)
	return Definition{}, false, contested
}

func (s *State) oneRoot(evs []int) bool {
	for _, i := range evs[1:] {
		if s.h.nodes[i].ev.Root != s.h.nodes[evs[0]].ev.Root {
			return false
		}
	}
	return true
}

// agreeOnDefiner: none of latest is a delete, and each, taken as the
// winner, gives the same non-null first definer (A11).
func (s *State) agreeOnDefiner(evs, latest []int) bool {
	first := ""
	for _, i := range latest {
		if s.h.nodes[i].ev.Deleted {
			return false
		}
		by := s.definedBy(evs, i)
		if by == "" || (first != "" && by != first) {
			return false
		}
		first = by
	}
	return true
}

// definedBy is the first definer for winner w (§4.4, A10): of the
// non-deleted definitions in the set that saw every delete w saw, those that
// saw no other are the first definitions; their common root, or null.
func (s *State) definedBy(evs []int, w int) string {
	var cands []int
	for _, c := range evs {
		if !s.h.nodes[c].ev.Deleted && s.sawDeletesOf(c, w, evs) {
			cands = append(cands, c)
		}
	}
	by := ""
	for _, c := range cands {
		if s.sawAnyOf(c, cands) {
			continue
		}
		root := s.h.nodes[c].ev.Root
		if by != "" && by != root {
			return ""
		}
		by = root
	}
	return by
}

// sawDeletesOf says whether c saw every delete among evs that w saw.
func (s *State) sawDeletesOf(c, w int, evs []int) bool {
	for _, d := range evs {
		if s.h.nodes[d].ev.Deleted && s.h.saw(w, d) && !s.h.saw(c, d) {
			return false
		}
	}
	return true
}

func (s *State) sawAnyOf(c int, evs []int) bool {
	for _, o := range evs {
		if o != c && s.h.saw(c, o) {
			return true
		}
	}
	return false
}

// lowestLatest is the lowest-id latest event on a key, or -1 (A9).
func (s *State) lowestLatest(key string) int {
	latest := s.latestOn(key)
	if len(latest) == 0 {
		return -1
	}
	return s.h.lowestID(latest)
}

// Relays is S.relays (§4.4, A9).
func (s *State) Relays() []string {
	if i := s.lowestLatest("relays:space"); i >= 0 {
		return slices.Clone(s.h.nodes[i].ev.Relays)
	}
	return nil
}

// Keepers is S.keepers and S.copies (§4.4, A9), from one event.
func (s *State) Keepers() ([]Keeper, *int64) {
	if i := s.lowestLatest("keepers:space"); i >= 0 {
		e := &s.h.nodes[i].ev
		return slices.Clone(e.Keepers), e.Copies
	}
	return nil, nil
}

// Successors is S.successors (§2.7, A7): for each space named by any
// succeed in the set, the sorted accounts that named it.
func (s *State) Successors() map[string][]string {
	out := map[string][]string{}
	for _, i := range s.h.ix.succeeds {
		if s.has(i) {
			e := &s.h.nodes[i].ev
			out[e.Space] = append(out[e.Space], e.Root)
		}
	}
	for sp, roots := range out {
		sort.Strings(roots)
		out[sp] = slices.Compact(roots)
	}
	return out
}

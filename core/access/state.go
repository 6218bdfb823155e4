package access

import (
	"slices"
	"sort"
)

// State is a state of the space (03 §4.1) as the merge (§4.4) of a set of
// events: a view of the history, merged on demand. Its methods are the
// members of §4.1 and the functions built on them (rolesOf, isMember,
// readers, may). Materialize gives all of it as plain data.
//
// A State reads the History it came from and is valid until the next Add.
type State struct {
	h     *History
	c     *context
	all   bool   // every event the judgement counts
	set   bitset // else: the events of set it counts
	extra int    // and this one whatever the judgement (-1: none)
	view  int    // set is the ancestors of this event (-1: not a view)
}

// has says whether event i is in the state's set of events.
func (s *State) has(i int) bool {
	if i == s.extra {
		return true
	}
	if !s.all && !s.set.has(i) {
		return false
	}
	return s.c.ok(i)
}

// on is the events on a record key in the state, in index order.
func (s *State) on(key string) []int {
	var out []int
	for _, i := range s.h.ix.byKey[key] {
		if s.has(i) {
			out = append(out, i)
		}
	}
	return out
}

// latest is the events of evs no other of them saw (§4.4). evs is in index
// order, so only a later event can have seen an earlier one, and one seen
// by any later event is seen by a latest one (ancestry is transitive).
func (s *State) latest(evs []int) []int {
	var out []int
	for k := len(evs) - 1; k >= 0; k-- {
		i, seen := evs[k], false
		for _, j := range out {
			if s.h.saw(j, i) {
				seen = true
				break
			}
		}
		if !seen {
			out = append(out, i)
		}
	}
	return out
}

// latestOn is latest(on(key)) without listing on(key) first: scanning
// from the last event back, an event a latest one saw is skipped before
// asking whether the state holds it, which in a long history is nearly
// every earlier event.
func (s *State) latestOn(key string) []int {
	evs := s.h.ix.byKey[key]
	var out []int
	for k := len(evs) - 1; k >= 0; k-- {
		i, seen := evs[k], false
		for _, j := range out {
			if s.h.saw(j, i) {
				seen = true
				break
			}
		}
		if !seen && s.has(i) {
			out = append(out, i)
		}
	}
	return out
}

// anyOf says whether the state holds any of evs.
func (s *State) anyOf(evs []int) bool {
	for _, i := range evs {
		if s.has(i) {
			return true
		}
	}
	return false
}

// IsFounder says whether did is a founder in this state: top.founders minus
// the did of every stepdown and removal in the set (§4.4, A6).
func (s *State) IsFounder(did string) bool {
	return s.h.topFound[did] && !s.anyOf(s.h.ix.removals[did]) && !s.anyOf(s.h.ix.stepdowns[did])
}

// Founders is the founders in this state, sorted.
func (s *State) Founders() []string {
	var out []string
	for _, f := range s.h.g.Founders {
		if s.IsFounder(f) {
			out = append(out, f)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// Assignment says whether did holds role in this state, and the id of the
// assignment that gives it (the space id for the constitution's) (§4.4,
// A4, A5): an unassignment among the latest events on the key wins;
// otherwise the latest assignments that saw every removal of did in the set
// count, the lowest id naming the entry. The constitution's assignment holds
// unless the set has any event on the key or any removal of did.
func (s *State) Assignment(did, role string) (string, bool) {
	latest := s.latestOn(assignGroup(did, role))
	if len(latest) == 0 {
		if s.h.given[did][role] && !s.anyOf(s.h.ix.removals[did]) {
			return s.h.g.SpaceID, true
		}
		return "", false
	}
	for _, i := range latest {
		if !s.h.nodes[i].ev.Assigned {
			return "", false
		}
	}
	best := ""
	for _, i := range latest {
		if s.sawRemovals(i, did) {
			if id := s.h.nodes[i].ev.ID; best == "" || id < best {
				best = id
			}
		}
	}
	return best, best != ""
}

// sawRemovals says whether event i saw every removal of did in the state.
func (s *State) sawRemovals(i int, did string) bool {
	for _, r := range s.h.ix.removals[did] {
		if s.has(r) && !s.h.saw(i, r) {
			return false
		}
	}
	return true
}

// candidateRoles is every role did could hold: the constitution's and any
// an assign event names for it, sorted.
func (s *State) candidateRoles(did string) []string {
	var out []string
	for r := range s.h.given[did] {
		out = append(out, r)
	}
	for r := range s.h.ix.roles[did] {
		if !s.h.given[did][r] {
			out = append(out, r)
		}
	}
	sort.Strings(out)
	return out
}

// RolesOf is rolesOf(S, did): the names of the roles did holds, sorted
// (§4.1).
func (s *State) RolesOf(did string) []string {
	out := []string{}
	for _, r := range s.candidateRoles(did) {
		if _, ok := s.Assignment(did, r); ok {
			out = append(out, r)
		}
	}
	return out
}

// IsMember is isMember(S, did): a founder, or holding a role (§4.1).
func (s *State) IsMember(did string) bool {
	if s.IsFounder(did) {
		return true
	}
	for _, r := range s.candidateRoles(did) {
		if _, ok := s.Assignment(did, r); ok {
			return true
		}
	}
	return false
}

// Readers is readers(S): every member, sorted (§4.1).
func (s *State) Readers() []string {
	cands := map[string]bool{}
	for _, f := range s.h.g.Founders {
		cands[f] = true
	}
	for did := range s.h.given {
		cands[did] = true
	}
	for did := range s.h.ix.assignees {
		cands[did] = true
	}
	out := []string{}
	for did := range cands {
		if s.IsMember(did) {
			out = append(out, did)
		}
	}
	sort.Strings(out)
	return out
}

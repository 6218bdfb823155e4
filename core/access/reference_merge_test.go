package access

import (
	"slices"
	"sort"
)

// merge is §4.4 over a set of events, literally, per the readings' table.
func (r *refReplay) merge(set []string, view func(string) *refState) *refState {
	s := &refState{r: r, founders: map[string]bool{}, roles: map[string][]refDef{},
		assigned: map[string]map[string]string{}, invites: map[string]Invite{},
		definitions: map[string]Definition{}, contested: map[string][]string{},
		successors: map[string][]string{}}
	in := map[string]bool{}
	groups := map[string][]string{}
	for _, id := range set {
		in[id] = true
		groups[r.evs[id].groupKey()] = append(groups[r.evs[id].groupKey()], id)
	}
	latest := func(key string) []string {
		var out []string
		for _, x := range groups[key] {
			seen := false
			for _, y := range groups[key] {
				seen = seen || r.saw(y, x)
			}
			if !seen {
				out = append(out, x)
			}
		}
		sort.Strings(out)
		return out
	}
	for _, f := range r.g.Founders {
		s.founders[f] = true
	}
	for _, id := range set {
		if e := r.evs[id]; e.Kind == KindStepdown || e.Kind == KindRemove {
			delete(s.founders, e.DID)
		}
	}
	r.mergeRoles(s, groups, latest, view)
	r.mergeAssigned(s, set, groups, latest)
	r.mergeRest(s, set, groups, latest)
	return s
}

func (r *refReplay) mergeRoles(s *refState, groups map[string][]string, latest func(string) []string, view func(string) *refState) {
	names := map[string]bool{}
	for _, fr := range r.g.Roles {
		names[fr.Name] = true
	}
	for key := range groups {
		if r.evs[groups[key][0]].Kind == KindRole {
			names[r.evs[groups[key][0]].Name] = true
		}
	}
	for name := range names {
		l := latest(roleGroup(name))
		for _, id := range l {
			e := r.evs[id]
			d := refDef{event: id, by: e.Root, nests: e.Nests, view: view(id)}
			for _, g := range e.Grants {
				d.grants = append(d.grants, newGrantRule(g))
			}
			s.roles[name] = append(s.roles[name], d)
		}
		if len(l) == 0 {
			for _, fr := range r.g.Roles {
				if fr.Name == name {
					d := refDef{event: r.g.SpaceID, nests: fr.Nests}
					for _, g := range fr.Grants {
						d.grants = append(d.grants, newGrantRule(g))
					}
					s.roles[name] = []refDef{d}
				}
			}
		}
	}
}

func (r *refReplay) mergeAssigned(s *refState, set []string, groups map[string][]string, latest func(string) []string) {
	type pair struct{ did, role string }
	pairs := map[pair]bool{}
	for did, roles := range r.g.Assigned {
		for _, ro := range roles {
			pairs[pair{did, ro}] = true
		}
	}
	removals := map[string][]string{}
	for _, id := range set {
		if e := r.evs[id]; e.Kind == KindAssign {
			pairs[pair{e.DID, e.Role}] = true
		} else if e.Kind == KindRemove {
			removals[e.DID] = append(removals[e.DID], id)
		}
	}
	for p := range pairs {
		id := ""
		l := latest(assignGroup(p.did, p.role))
		if len(l) == 0 {
			if slices.Contains(r.g.Assigned[p.did], p.role) && len(removals[p.did]) == 0 {
				id = r.g.SpaceID
			}
		} else if !slices.ContainsFunc(l, func(x string) bool { return !r.evs[x].Assigned }) {
			for _, x := range l { // sorted: the first that saw every removal
				if !slices.ContainsFunc(removals[p.did], func(rm string) bool { return !r.saw(x, rm) }) {
					id = x
					break
				}
			}
		}
		if id != "" {
			if s.assigned[p.did] == nil {
				s.assigned[p.did] = map[string]string{}
			}
			s.assigned[p.did][p.role] = id
		}
	}
}

func (r *refReplay) mergeRest(s *refState, set []string, groups map[string][]string, latest func(string) []string) {
	var keyEvs []string
	for key, ids := range groups {
		e := r.evs[ids[0]]
		l := latest(key)
		switch e.Kind {
		case KindInvite:
			s.invites[e.InviteKey] = r.mergeInvite(l)
		case KindDefinition:
			r.mergeDefinition(s, e.Collection, groups[key], l)
		case KindRelays:
			s.relays = r.evs[l[0]].Relays
		case KindKeepers:
			s.keepers, s.copies = r.evs[l[0]].Keepers, r.evs[l[0]].Copies
		case KindKey:
			keyEvs = ids
		}
	}
	for _, id := range set {
		if e := r.evs[id]; e.Kind == KindSucceed && !slices.Contains(s.successors[e.Space], e.Root) {
			s.successors[e.Space] = append(s.successors[e.Space], e.Root)
			sort.Strings(s.successors[e.Space])
		}
	}
	if r.g.Private {
		s.keys = []KeyEntry{{KeyID: r.g.KeyID, ReadKey: r.g.ReadKey, Event: r.g.SpaceID}}
		s.keys = append(s.keys, r.orderKeys(keyEvs, latest("key:space"))...)
	}
}

func (r *refReplay) mergeInvite(l []string) Invite {
	var closing, roots []string
	for _, x := range l {
		if !r.evs[x].Open {
			closing = append(closing, x)
		}
	}
	pick, open := l, true
	if len(closing) > 0 {
		pick, open = closing, false
	}
	for _, x := range pick {
		if !slices.Contains(roots, r.evs[x].Root) {
			roots = append(roots, r.evs[x].Root)
		}
	}
	sort.Strings(roots)
	return Invite{Role: r.evs[pick[0]].Role, Open: open, Event: pick[0], By: roots}
}

// mergeDefinition: A10, A11.
func (r *refReplay) mergeDefinition(s *refState, name string, all, l []string) {
	firstDefiner := func(w string) string {
		var cands []string
		for _, c := range all {
			ok := !r.evs[c].Deleted
			for _, d := range all {
				if r.evs[d].Deleted && r.saw(w, d) && !r.saw(c, d) {
					ok = false
				}
			}
			if ok {
				cands = append(cands, c)
			}
		}
		by := ""
		for _, c := range cands {
			first := true
			for _, o := range cands {
				if o != c && r.saw(c, o) {
					first = false
				}
			}
			if first {
				if by != "" && by != r.evs[c].Root {
					return ""
				}
				by = r.evs[c].Root
			}
		}
		return by
	}
	oneAccount, agree, fd := true, true, firstDefiner(l[0])
	for _, x := range l {
		oneAccount = oneAccount && r.evs[x].Root == r.evs[l[0]].Root
		agree = agree && !r.evs[x].Deleted && fd != "" && firstDefiner(x) == fd
	}
	switch {
	case !oneAccount && !agree:
		s.contested[name] = l
	case !r.evs[l[0]].Deleted:
		s.definitions[name] = Definition{Event: l[0], DefinedBy: firstDefiner(l[0])}
	}
}

// orderKeys: A8, the key events in a topological order (lowest id first
// among those ready), the current key (lowest id among the latest) last.
func (r *refReplay) orderKeys(evs, latest []string) []KeyEntry {
	if len(evs) == 0 {
		return nil
	}
	cur := latest[0]
	var out []KeyEntry
	done := map[string]bool{}
	for len(done) < len(evs) {
		var ready []string
		for _, x := range evs {
			if done[x] {
				continue
			}
			ok := true
			for _, y := range evs {
				if !done[y] && y != x && r.saw(x, y) {
					ok = false
				}
			}
			if ok {
				ready = append(ready, x)
			}
		}
		sort.Strings(ready)
		done[ready[0]] = true
		if ready[0] != cur {
			out = append(out, KeyEntry{KeyID: r.evs[ready[0]].KeyID, ReadKey: r.evs[ready[0]].ReadKey, Event: ready[0]})
		}
	}
	return append(out, KeyEntry{KeyID: r.evs[cur].KeyID, ReadKey: r.evs[cur].ReadKey, Event: cur})
}

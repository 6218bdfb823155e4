package access

import (
	"slices"
	"sort"
)

// The reference state's reads (§4.1), as refusal needs them.

func (s *refState) IsFounder(did string) bool { return s.founders[did] }

func (s *refState) Assignment(did, role string) (string, bool) {
	id, ok := s.assigned[did][role]
	return id, ok
}

func (s *refState) RolesOf(did string) []string {
	out := []string{}
	for r := range s.assigned[did] {
		out = append(out, r)
	}
	sort.Strings(out)
	return out
}

func (s *refState) IsMember(did string) bool { return s.founders[did] || len(s.assigned[did]) > 0 }

func (s *refState) RoleExists(name string) bool { return len(s.roles[name]) > 0 }

func (s *refState) Invite(key string) (Invite, bool) {
	inv, ok := s.invites[key]
	return inv, ok
}

func (s *refState) Definition(name string) (Definition, bool, []string) {
	d, ok := s.definitions[name]
	return d, ok, s.contested[name]
}

func (s *refState) Readers() []string {
	out := []string{}
	for f := range s.founders {
		out = append(out, f)
	}
	for did, roles := range s.assigned {
		if len(roles) > 0 && !s.founders[did] {
			out = append(out, did)
		}
	}
	sort.Strings(out)
	return out
}

func (s *refState) keyUsed(keyID, readKey string) bool {
	return slices.ContainsFunc(s.keys, func(k KeyEntry) bool { return k.KeyID == keyID || k.ReadKey == readKey })
}

func (s *refState) private() bool { return s.r.g.Private }

// may is §4.1 as written, recursing into each definition's view.
func (s *refState) may(did string, inv *invocation) bool {
	if s.founders[did] {
		return true
	}
	for _, r := range s.RolesOf(did) {
		if s.holds(r, inv, map[string]bool{}) {
			return true
		}
	}
	return false
}

func (s *refState) holds(r string, inv *invocation, asking map[string]bool) bool {
	D := s.roles[r]
	if len(D) == 0 || asking[r] {
		return false
	}
	asking[r] = true
	defer delete(asking, r)
	one := false
	for _, g := range D[0].grants {
		shared := true
		for _, d := range D[1:] {
			shared = shared && slices.ContainsFunc(d.grants, func(o grantRule) bool { return o.key == g.key })
		}
		one = one || (g.fits(inv) && shared)
	}
	for _, n := range D[0].nests {
		shared := n != r
		for _, d := range D[1:] {
			shared = shared && slices.Contains(d.nests, n)
		}
		one = one || (shared && s.holds(n, inv, asking))
	}
	if !one {
		return false
	}
	for _, d := range D {
		if d.by != "" && !d.view.may(d.by, inv) {
			return false
		}
	}
	return true
}

// snapshot is the reference state as the History's Snapshot shows it.
func (s *refState) snapshot() Snapshot {
	out := Snapshot{Roles: map[string][]RoleDefinition{}, Assigned: s.assigned,
		Invites: s.invites, Definitions: s.definitions, Contested: s.contested,
		Keys: s.keys, Relays: slices.Clone(s.relays), Keepers: slices.Clone(s.keepers), Copies: s.copies,
		Successors: s.successors}
	for f := range s.founders {
		out.Founders = append(out.Founders, f)
	}
	sort.Strings(out.Founders)
	for name, defs := range s.roles {
		for _, d := range defs {
			rd := RoleDefinition{Event: d.event, By: d.by, Nests: slices.Clone(d.nests)}
			if d.by != "" {
				rd.Title = s.r.evs[d.event].Title
			} else {
				for _, fr := range s.r.g.Roles {
					if fr.Name == name {
						rd.Title = fr.Title
					}
				}
			}
			for _, g := range d.grants {
				rd.Grants = append(rd.Grants, g.Grant)
			}
			out.Roles[name] = append(out.Roles[name], rd)
		}
	}
	return out
}

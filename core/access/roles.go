package access

import (
	"slices"
	"sort"

	"minca.dev/desktop/core/cjson"
	"minca.dev/desktop/core/policy"
)

// roleDef is a RoleDefinition of §4.1 without its view, which is the
// definition's own view in whatever judgement asks (§4.1 step 2).
type roleDef struct {
	event  string // the definition's id; the space id for a founding role
	idx    int    // its index; -1 for a founding role
	by     string // its author's account; "" (null) for a founding role
	title  string
	grants []grantRule
	nests  []string
}

// grantRule is a grant made ready to fit: its policy parsed (a policy that
// does not parse fits nothing) and its canonical { cmd, pol } (A19), by
// which rivals' grants are compared (§2.4).
type grantRule struct {
	Grant
	pol policy.Policy
	ok  bool
	key string
}

func newGrantRule(g Grant) grantRule {
	r := grantRule{Grant: g}
	pol, err := policy.Parse(anyList(g.Pol))
	r.ok = err == nil && policy.IsCommand(g.Cmd)
	r.pol = pol
	b, err := cjson.Marshal(map[string]any{"cmd": g.Cmd, "pol": anyList(g.Pol)})
	if err != nil {
		r.ok = false
		return r
	}
	r.key = string(b)
	return r
}

// anyList is the policy as a JSON value: nil reads as the empty policy.
func anyList(p []any) []any {
	if p == nil {
		return []any{}
	}
	return p
}

// fits says whether the grant fits an invocation (§2.2): its command covers
// the invoked one and its policy holds for the arguments. The replay never
// lacks a body, so nothing is taken on trust (A15); a trusting invocation
// takes a statement it cannot judge (Unknown) as holding (policy.Holds).
func (g *grantRule) fits(inv *invocation) bool {
	if !g.ok || !policy.Covers(g.Cmd, inv.cmd) {
		return false
	}
	if inv.trusting {
		return g.pol.Holds(inv.args)
	}
	return g.pol.Eval(inv.args) == policy.True
}

func foundingDef(spaceID string, r FoundingRole) *roleDef {
	d := &roleDef{event: spaceID, idx: -1, title: r.Title, nests: slices.Clone(r.Nests)}
	for _, g := range r.Grants {
		d.grants = append(d.grants, newGrantRule(g))
	}
	return d
}

func eventDef(n *node) *roleDef {
	e := &n.ev
	d := &roleDef{event: e.ID, idx: n.idx, by: e.Root, title: e.Title, nests: slices.Clone(e.Nests)}
	for _, g := range e.Grants {
		d.grants = append(d.grants, newGrantRule(g))
	}
	return d
}

// roleDefs is S.roles[name]: the latest definitions in the state, rivals
// sorted by id (A30); with none, the founding definition, which every event
// has seen (§4.4).
func (s *State) roleDefs(name string) []*roleDef {
	latest := s.latestOn(roleGroup(name))
	if len(latest) == 0 {
		if d := s.h.founding[name]; d != nil {
			return []*roleDef{d}
		}
		return nil
	}
	var out []*roleDef
	for _, i := range latest {
		out = append(out, s.h.nodes[i].def)
	}
	sort.Slice(out, func(a, b int) bool { return out[a].event < out[b].event })
	return out
}

// RoleExists says whether the constitution or a definition in the state
// names the role (§2.4).
func (s *State) RoleExists(name string) bool {
	return s.h.founding[name] != nil || s.anyOf(s.h.ix.byKey[roleGroup(name)])
}

// invocation is a command with its arguments (§2.3), whether it is judged
// trusting, and a key naming all three for the may() cache.
type invocation struct {
	cmd      string
	args     map[string]any
	trusting bool
	key      string
}

// May is may(S, did, cmd, args) (§4.1): a founder may do anything; anyone
// else may when a role it holds holds the command with these arguments.
// args is JSON-shaped (as core/cjson gives it).
func (s *State) May(did, cmd string, args map[string]any) bool {
	inv, ok := invocationOf(cmd, args, false)
	return ok && s.may(did, inv)
}

// MayTrusting is may as a peer that cannot open a body judges it (§2.2): a
// grant's policy holds when its statements on what the peer could not open
// (policy.Unopened in args) are taken as holding (policy.Holds), in step 1
// and in every view attenuation asks. With nothing unopened it is May.
func (s *State) MayTrusting(did, cmd string, args map[string]any) bool {
	inv, ok := invocationOf(cmd, args, true)
	return ok && s.may(did, inv)
}

func (s *State) may(did string, inv *invocation) bool {
	if s.IsFounder(did) {
		return true
	}
	var memo map[memoKey]bool
	key := memoKey{did, inv.key}
	if s.view >= 0 {
		memo = s.c.memoOf(s.view)
		if v, ok := memo[key]; ok {
			return v
		}
	}
	ok := false
	for _, r := range s.RolesOf(did) {
		if s.roleHolds(r, inv, map[string]bool{}) {
			ok = true
			break
		}
	}
	if memo != nil {
		memo[key] = ok
	}
	return ok
}

// roleHolds says whether role r holds the invocation in S (§4.1 steps 1–2).
// asking is the roles already being asked about: they hold nothing, so
// nestings that loop end (A29).
func (s *State) roleHolds(r string, inv *invocation, asking map[string]bool) bool {
	defs := s.roleDefs(r)
	if len(defs) == 0 || asking[r] {
		return false
	}
	asking[r] = true
	defer delete(asking, r)
	if !s.firstHolds(r, defs, inv, asking) {
		return false
	}
	for _, d := range defs {
		if d.by != "" && !s.c.viewOf(d.idx).may(d.by, inv) {
			return false // attenuation: its author could not (§2.4)
		}
	}
	return true
}

// firstHolds is §4.1 step 1: a grant of D[0] that fits and that every rival
// has too, or a nesting every rival has whose role holds it.
func (s *State) firstHolds(r string, defs []*roleDef, inv *invocation, asking map[string]bool) bool {
	for i := range defs[0].grants {
		g := &defs[0].grants[i]
		if g.fits(inv) && allHaveGrant(defs[1:], g.key) {
			return true
		}
	}
	for _, n := range defs[0].nests {
		if n != r && allNest(defs[1:], n) && s.roleHolds(n, inv, asking) {
			return true
		}
	}
	return false
}

func allHaveGrant(defs []*roleDef, key string) bool {
	for _, d := range defs {
		if !slices.ContainsFunc(d.grants, func(g grantRule) bool { return g.key == key }) {
			return false
		}
	}
	return true
}

func allNest(defs []*roleDef, name string) bool {
	for _, d := range defs {
		if !slices.Contains(d.nests, name) {
			return false
		}
	}
	return true
}

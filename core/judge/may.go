package judge

import (
	"minca.dev/desktop/core/access"
	"minca.dev/desktop/core/cjson"
	"minca.dev/desktop/core/policy"
	"minca.dev/desktop/core/space"
)

// mayInvoke is may(S, root, cmd, args) as this peer judges it (03 §4.1).
// trusting takes a statement on a body this peer cannot open
// (policy.Unopened) as holding (03 §2.2); without it such a statement never
// holds (03 §5.2 step 8). among says which judgement S was made under (see
// trustingMay).
//
// core/access's May is the strict reading: a grant fits only when its
// policy is policy.True. The trusting reading is asked only when that says
// no and the body was not opened, and is worked out by trustingMay.
func mayInvoke(st *access.State, among []string, h *access.History, root, cmd string, args map[string]any, trusting bool) bool {
	if st.May(root, cmd, args) {
		return true
	}
	if !trusting || args[space.ArgBody] != policy.Unopened {
		return false
	}
	t := &trustingMay{h: h, among: among, cmd: cmd, args: args,
		roles: map[*access.State]map[string][]access.RoleDefinition{}, views: map[string]*access.State{}}
	return t.may(st, root)
}

// trustingMay is may (03 §4.1) with a grant fitting when its command covers
// the invocation and its policy holds taking Unknown as holding
// (policy.Holds): the reading of a peer that cannot open a body (03 §2.2).
//
// Adapter: core/access does not offer this reading, so it is rebuilt here
// from what a State exposes (founders, rolesOf, its role definitions in
// Snapshot) and the same steps as core/access: step 1, a grant of D[0] that
// fits and every rival has, or a nesting every rival has whose role holds
// it (a role already asked about holds nothing); step 2, attenuation, each
// definition's author may in the definition's own view. A definition's view
// is the history judged the way S was, over what it saw: at(its seen) for
// the whole history's judgement (among nil), and at(its seen, among) for a
// judgement among what the ids among name (seenAs(seen): among = seen; at
// with within: among = seen and within).
type trustingMay struct {
	h     *access.History
	among []string
	cmd   string
	args  map[string]any
	roles map[*access.State]map[string][]access.RoleDefinition
	views map[string]*access.State
}

func (t *trustingMay) may(s *access.State, did string) bool {
	if s.IsFounder(did) {
		return true
	}
	for _, r := range s.RolesOf(did) {
		if t.holds(s, r, map[string]bool{}) {
			return true
		}
	}
	return false
}

func (t *trustingMay) holds(s *access.State, r string, asking map[string]bool) bool {
	defs := t.rolesIn(s)[r]
	if len(defs) == 0 || asking[r] {
		return false
	}
	asking[r] = true
	defer delete(asking, r)
	if !t.firstHolds(s, r, defs, asking) {
		return false
	}
	for _, d := range defs {
		if d.By == "" {
			continue
		}
		view := t.view(d.Event)
		if view == nil || !t.may(view, d.By) {
			return false
		}
	}
	return true
}

func (t *trustingMay) firstHolds(s *access.State, r string, defs []access.RoleDefinition, asking map[string]bool) bool {
	for _, g := range defs[0].Grants {
		if t.fits(g) && allHave(defs[1:], grantKey(g)) {
			return true
		}
	}
	for _, n := range defs[0].Nests {
		if n != r && allNest(defs[1:], n) && t.holds(s, n, asking) {
			return true
		}
	}
	return false
}

// fits: the grant's command covers the invocation and its policy holds,
// taking a statement on an unopened value as holding.
func (t *trustingMay) fits(g access.Grant) bool {
	pol, err := policy.Parse(polOf(g))
	return err == nil && policy.IsCommand(g.Cmd) && policy.Covers(g.Cmd, t.cmd) && pol.Holds(t.args)
}

// rolesIn is S.roles (03 §4.1), per state.
func (t *trustingMay) rolesIn(s *access.State) map[string][]access.RoleDefinition {
	if r, ok := t.roles[s]; ok {
		return r
	}
	r := s.Snapshot().Roles
	t.roles[s] = r
	return r
}

// view is a definition's own view under this judgement.
func (t *trustingMay) view(id string) *access.State {
	if v, ok := t.views[id]; ok {
		return v
	}
	ev, ok := t.h.Event(id)
	var v *access.State
	if ok {
		v, _ = t.h.At(ev.Seen, t.among)
	}
	t.views[id] = v
	return v
}

// grantKey is the canonical JSON of { cmd, pol }, by which rivals' grants
// are compared (03 §2.4, replay-readings A19).
func grantKey(g access.Grant) string {
	b, err := cjson.Marshal(map[string]any{"cmd": g.Cmd, "pol": polOf(g)})
	if err != nil {
		return "\x00" + err.Error()
	}
	return string(b)
}

func polOf(g access.Grant) []any {
	if g.Pol == nil {
		return []any{}
	}
	return g.Pol
}

func allHave(defs []access.RoleDefinition, key string) bool {
	for _, d := range defs {
		found := false
		for _, g := range d.Grants {
			found = found || grantKey(g) == key
		}
		if !found {
			return false
		}
	}
	return true
}

func allNest(defs []access.RoleDefinition, name string) bool {
	for _, d := range defs {
		found := false
		for _, n := range d.Nests {
			found = found || n == name
		}
		if !found {
			return false
		}
	}
	return true
}

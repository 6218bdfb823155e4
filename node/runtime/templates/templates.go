// Package templates holds the role templates a new space is founded from
// (03 §1.3, §2.1): "team", "club" and "notebook", each a set of founding roles
// written into the constitution, with a one-sentence title per role.
package templates

import (
	"fmt"
	"sort"

	"minca.dev/desktop/core/space"
)

// Template is a set of founding roles and the roles the founder takes.
type Template struct {
	Name    string
	Roles   []space.FoundingRole
	Founder []string // roles the constitution assigns to the founder
	Member  string   // the role a role invite opens by default
}

// role is a founding role spelled as JSON grants {cmd, pol}.
type role struct {
	name, title string
	grants      [][2]any // cmd, pol
}

var (
	anything = []any{}
	eq       = func(sel string, v any) any { return []any{"==", sel, v} }
)

var all = map[string]struct {
	roles   []role
	founder []string
	member  string
}{
	"team": {roles: []role{
		{"admin", "Admins manage members, roles and invites and write everything.", [][2]any{{"/", anything}}},
		{"member", "Members read and write everything in the space.", [][2]any{{"/record", anything}}},
	}, founder: []string{"admin", "member"}, member: "member"},
	"club": {roles: []role{
		{"moderator", "Moderators invite and remove members and guests, and tidy up what anyone wrote.", [][2]any{
			{"/role", []any{eq(".self", false)}}, {"/member/remove", anything}, {"/record", anything}}},
		{"member", "Members read everything and write; they change or delete only what they wrote.", [][2]any{
			{"/record/write", []any{eq(".byCreator", true)}}, {"/record/delete", []any{eq(".byCreator", true)}},
			{"/record/read", anything}}},
		{"guest", "Guests only read.", [][2]any{{"/record/read", anything}}},
	}, founder: []string{"moderator", "member"}, member: "member"},
	"notebook": {roles: []role{
		{"owner", "The owner writes and decides everything.", [][2]any{{"/", anything}}},
	}, founder: []string{"owner"}, member: "owner"},
}

// Names lists the template names.
func Names() []string {
	var ns []string
	for n := range all {
		ns = append(ns, n)
	}
	sort.Strings(ns)
	return ns
}

// Get builds the template called name.
func Get(name string) (Template, error) {
	t, ok := all[name]
	if !ok {
		return Template{}, fmt.Errorf("no role template %q (want one of %v)", name, Names())
	}
	out := Template{Name: name, Founder: t.founder, Member: t.member}
	for _, r := range t.roles {
		fr := space.FoundingRole{Name: r.name, Title: r.title, HasTitle: true}
		for _, g := range r.grants {
			pg, err := space.ParseGrant(map[string]any{"cmd": g[0], "pol": g[1]})
			if err != nil {
				return Template{}, fmt.Errorf("template %s role %s: %w", name, r.name, err)
			}
			fr.Grants = append(fr.Grants, pg)
		}
		out.Roles = append(out.Roles, fr)
	}
	return out, nil
}

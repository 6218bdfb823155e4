package access

import (
	"slices"
	"sort"
	"strings"
)

// RoleDefinition is a RoleDefinition of §4.1 as plain data; its view is
// the definition's own (W of its event), not copied.
type RoleDefinition struct {
	Event  string // the definition's id; the space id for a founding role
	By     string // its author's account; "" (null) for a founding role
	Title  string
	Grants []Grant
	Nests  []string
}

// Snapshot is a State (03 §4.1) as plain data: for an access history screen,
// for comparing states, and for anything that must outlive the next Add.
// Maps are never nil.
type Snapshot struct {
	Founders    []string
	Roles       map[string][]RoleDefinition
	Assigned    map[string]map[string]string // account → role → assignment id
	Invites     map[string]Invite
	Definitions map[string]Definition
	Contested   map[string][]string
	Keys        []KeyEntry
	KeyDue      bool // only in the current state's snapshot (§4.4)
	Relays      []string
	Keepers     []Keeper
	Copies      *int64
	Successors  map[string][]string
}

// Snapshot gives the whole state as plain data. KeyDue is worked out for
// the current state alone (§4.4); other states' snapshots leave it false.
func (s *State) Snapshot() Snapshot {
	out := Snapshot{
		Founders: s.Founders(), Roles: map[string][]RoleDefinition{},
		Assigned: map[string]map[string]string{}, Invites: map[string]Invite{},
		Definitions: map[string]Definition{}, Contested: map[string][]string{},
		Keys: s.Keys(), Relays: s.Relays(), Successors: s.Successors(),
	}
	out.Keepers, out.Copies = s.Keepers()
	if s.all && s.c == s.h.full {
		out.KeyDue = s.h.KeyDue()
	}
	for _, name := range s.h.groupNames("role:", s.h.founding) {
		for _, d := range s.roleDefs(name) {
			out.Roles[name] = append(out.Roles[name], d.public())
		}
	}
	s.snapshotAssigned(&out)
	for key := range s.h.ix.invites {
		if inv, ok := s.Invite(key); ok {
			out.Invites[key] = inv
		}
	}
	for _, name := range s.h.groupNames("collection:", nil) {
		if def, ok, contested := s.Definition(name); ok {
			out.Definitions[name] = def
		} else if contested != nil {
			out.Contested[name] = contested
		}
	}
	return out
}

func (s *State) snapshotAssigned(out *Snapshot) {
	dids := map[string]bool{}
	for did := range s.h.given {
		dids[did] = true
	}
	for did := range s.h.ix.assignees {
		dids[did] = true
	}
	for did := range dids {
		for _, r := range s.candidateRoles(did) {
			if id, ok := s.Assignment(did, r); ok {
				if out.Assigned[did] == nil {
					out.Assigned[did] = map[string]string{}
				}
				out.Assigned[did][r] = id
			}
		}
	}
}

// groupNames is the names of every record key with this prefix, and of
// extra's keys, sorted.
func (h *History) groupNames(prefix string, extra map[string]*roleDef) []string {
	var out []string
	for key := range h.ix.byKey {
		if name, ok := strings.CutPrefix(key, prefix); ok {
			out = append(out, name)
		}
	}
	for name := range extra {
		out = append(out, name)
	}
	sort.Strings(out)
	return slices.Compact(out)
}

func (d *roleDef) public() RoleDefinition {
	r := RoleDefinition{Event: d.event, By: d.by, Title: d.title, Nests: slices.Clone(d.nests)}
	for _, g := range d.grants {
		r.Grants = append(r.Grants, g.Grant)
	}
	return r
}

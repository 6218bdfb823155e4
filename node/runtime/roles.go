package runtime

import (
	"sort"

	"minca.dev/desktop/core/access"
	"minca.dev/desktop/core/space"
	"minca.dev/desktop/node/api"
)

// roleInfos are the roles the space defines now, as the UI shows them.
func roleInfos(sp *space.Space, s access.Snapshot) []api.RoleInfo {
	founding := map[string]bool{}
	for _, r := range sp.Roles {
		founding[r.Name] = true
	}
	names := make([]string, 0, len(s.Roles))
	for name := range s.Roles {
		names = append(names, name)
	}
	sort.Strings(names)
	out := []api.RoleInfo{}
	for _, name := range names {
		defs := s.Roles[name]
		if len(defs) == 0 {
			continue
		}
		d := defs[0]
		info := api.RoleInfo{Name: name, Title: d.Title, Nests: d.Nests, Founding: founding[name], Commands: []string{}}
		for _, g := range d.Grants {
			info.Commands = append(info.Commands, g.Cmd)
		}
		out = append(out, info)
	}
	return out
}

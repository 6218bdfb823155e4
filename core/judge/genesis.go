package judge

import (
	"slices"

	"minca.dev/desktop/core/access"
	"minca.dev/desktop/core/space"
)

// GenesisOf is what the replay reads of a checked space (03 §1.1, §4.1):
// its id, founders, founding roles, the constitution's assignments and, for
// a private space, its first key. Pass only a space CheckSpace accepted.
func GenesisOf(sp *space.Space) access.Genesis {
	g := access.Genesis{
		SpaceID:  sp.ID,
		Founders: slices.Clone(sp.Founders),
		Assigned: make(map[string][]string, len(sp.Assigned)),
		Private:  sp.Private(),
		KeyID:    sp.EncryptionKeyID,
		ReadKey:  sp.ReadKey,
	}
	for did, roles := range sp.Assigned {
		g.Assigned[did] = slices.Clone(roles)
	}
	for _, r := range sp.Roles {
		fr := access.FoundingRole{Name: r.Name, Title: r.Title, Nests: slices.Clone(r.Nests)}
		for _, gr := range r.Grants {
			fr.Grants = append(fr.Grants, access.Grant{Cmd: gr.Cmd, Pol: gr.Pol.Raw()})
		}
		g.Roles = append(g.Roles, fr)
	}
	return g
}

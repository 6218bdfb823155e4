package access

import (
	"fmt"
	"slices"
)

// FoundingRole is a role the constitution founds the space with (03 §2.1):
// its first definition, issued by the space itself.
type FoundingRole struct {
	Name   string
	Title  string
	Grants []Grant
	Nests  []string
}

// Genesis is what the replay reads of a space's constitution (03 §1.1,
// §4.1): the start state. core/space checks the constitution (checkSpace,
// §1.2) before a peer replays anything; core/judge hands over this part.
type Genesis struct {
	SpaceID  string              // G: the space id, which seen may name for the constitution (§3.2, §4.2)
	Founders []string            // top.founders; empty under top: "none" (§2.1)
	Roles    []FoundingRole      // the founding roles (§2.1)
	Assigned map[string][]string // the constitution's assignments: account → role names (§2.1)
	// Private is a private space (§8): it has keys, the first being the
	// constitution's encryptionKeyId and readKey.
	Private bool
	KeyID   string // encryptionKeyId
	ReadKey string // readKey
}

// validate checks what the replay relies on: a space id, distinct role
// names, and a private space's first key.
func (g *Genesis) validate() error {
	if g.SpaceID == "" {
		return fmt.Errorf("genesis: %w: no space id", ErrMalformed)
	}
	names := map[string]bool{}
	for _, r := range g.Roles {
		if r.Name == "" || names[r.Name] {
			return fmt.Errorf("genesis: %w: role name %q empty or twice", ErrMalformed, r.Name)
		}
		names[r.Name] = true
	}
	if g.Private && (g.KeyID == "" || g.ReadKey == "") {
		return fmt.Errorf("genesis: %w: a private space without its key", ErrMalformed)
	}
	return nil
}

// clone copies the genesis so that a caller changing its slices later
// changes nothing in a history.
func (g Genesis) clone() Genesis {
	c := g
	c.Founders = slices.Clone(g.Founders)
	c.Roles = slices.Clone(g.Roles)
	c.Assigned = make(map[string][]string, len(g.Assigned))
	for did, roles := range g.Assigned {
		c.Assigned[did] = slices.Clone(roles)
	}
	return c
}

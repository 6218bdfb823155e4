package space

import (
	"fmt"
	"time"

	"minca.dev/desktop/core/enc"
	"minca.dev/desktop/core/identity"
)

// Draft is what a peer picks to create a space (03 §1.3). Randomness and
// time are the caller's: Nonce is 12 fresh random bytes, CreatedAt the
// current time, SpaceKey (private spaces only) 32 fresh random bytes.
type Draft struct {
	Name       string
	Visibility string              // VisibilityPub or VisibilityPriv
	Founders   []string            // nil or empty for top: "none"
	Roles      []FoundingRole      // the founding roles
	Assigned   map[string][]string // the roles the constitution assigns; nil for none
	Succeeds   string              // the space this one succeeds, or ""
	CreatedAt  time.Time
	Nonce      []byte
	SpaceKey   []byte // K of §8.1: its id and read key go into the constitution
}

// Create writes the constitution of a new space and its id (03 §1.3):
// optional members are omitted when absent, never null or empty; the
// result passes CheckSpace.
func Create(d Draft) (*Space, error) {
	raw, err := draftJSON(d)
	if err != nil {
		return nil, err
	}
	c, err := ParseConstitution(raw)
	if err != nil {
		return nil, fmt.Errorf("create space %q: %w", d.Name, err)
	}
	id, err := c.ID()
	if err != nil {
		return nil, err
	}
	return &Space{ID: id, Constitution: c}, nil
}

func draftJSON(d Draft) (map[string]any, error) {
	if len(d.Nonce) != NonceBytes {
		return nil, fmt.Errorf("create space: nonce is %d bytes, want %d", len(d.Nonce), NonceBytes)
	}
	m := map[string]any{
		memberMinca: Format, memberName: d.Name, memberVis: d.Visibility,
		memberResolver: ResolverStrong, memberTop: TopNone, memberRoles: rolesJSON(d.Roles),
		memberCreatedAt: d.CreatedAt.UTC().Format("2006-01-02T15:04:05.000Z"),
		memberNonce:     enc.B64URL(d.Nonce),
	}
	if len(d.Founders) > 0 {
		m[memberTop] = map[string]any{"founders": anyList(d.Founders)}
	}
	if len(d.Assigned) > 0 {
		a := map[string]any{}
		for did, roles := range d.Assigned {
			a[did] = anyList(roles)
		}
		m[memberAssigned] = a
	}
	if d.Succeeds != "" {
		m[memberSucceeds] = d.Succeeds
	}
	if d.Visibility == VisibilityPriv {
		if err := addKeys(m, d.SpaceKey); err != nil {
			return nil, err
		}
	}
	return m, nil
}

// addKeys puts the first key's id (§8.1) and read key (§8.4) in.
func addKeys(m map[string]any, k []byte) error {
	id, err := identity.SpaceKeyID(k)
	if err != nil {
		return fmt.Errorf("create space: %w", err)
	}
	rk, err := identity.ReadKeyPair(k)
	if err != nil {
		return fmt.Errorf("create space: %w", err)
	}
	m[memberKeyID], m[memberReadKey] = id, rk.DID()
	return nil
}

// rolesJSON writes founding roles as the constitution holds them: title
// and nests omitted when absent.
func rolesJSON(roles []FoundingRole) []any {
	out := make([]any, 0, len(roles))
	for _, r := range roles {
		grants := make([]any, 0, len(r.Grants))
		for _, g := range r.Grants {
			grants = append(grants, g.Raw())
		}
		m := map[string]any{"name": r.Name, "grants": grants}
		if r.HasTitle {
			m["title"] = r.Title
		}
		if r.Nests != nil {
			m["nests"] = anyList(r.Nests)
		}
		out = append(out, m)
	}
	return out
}

func anyList(s []string) []any {
	out := make([]any, len(s))
	for i, v := range s {
		out[i] = v
	}
	return out
}

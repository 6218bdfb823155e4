package space

import (
	"errors"
	"fmt"
	"strings"
)

// Members of a grant in a role's definition: a delegation payload of the
// JSON profile (03 §2.2, 01 §7.1). The table of 03 §2.2 was lost; the prose
// names iss, aud, sub, cmd, pol, nonce and meta, and says exp and nbf MUST
// be absent.
//
// Choice (unverified, no vector constrains it): iss is the writer's account
// (03 §6.1: "a delegation payload from the writer's account"), aud names the
// role as "role:<name>" (RoleAudience), sub is the space id; nonce is a
// required string of 1–128 characters; meta an optional object. Every other
// member, exp and nbf included, makes the definition malformed.
const (
	PayloadIss   = "iss"
	PayloadAud   = "aud"
	PayloadSub   = "sub"
	PayloadCmd   = "cmd"
	PayloadPol   = "pol"
	PayloadNonce = "nonce"
	PayloadMeta  = "meta"
	MaxNonce     = 128
)

// RolePrefix starts a role's principal name, and its record key (03 §3.1).
const RolePrefix = "role:"

// ErrDefinition is wrapped by every error about a malformed definition.
var ErrDefinition = errors.New("malformed role definition")

// RoleAudience is the aud of a grant to the role (Choice, see above).
func RoleAudience(name string) string { return RolePrefix + name }

// RoleKey is the record key of a role's definition: role:<name> (03 §3.1).
func RoleKey(name string) string { return RolePrefix + name }

// Definition is a role's definition as a sys.role version holds it
// (03 §2.4): its grants and the roles it nests. Whether it stands, and what
// it holds (attenuation, rivals), is the replay's (core/access).
type Definition struct {
	Name     string
	Title    string
	HasTitle bool
	Grants   []Grant
	Nests    []string // empty when absent
}

// Choice (the §3.1 body table is lost): a definition's body has name,
// title?, grants and nests? (absent nests read as []), and may carry cutoff,
// which is ignored (03 §3.3: always empty for role); nothing else.
//
// ParseDefinition reads and checks the body of a sys.role version at
// recordKey written by account root in the space spaceID: { name, title?,
// grants, nests? } (and cutoff, which a role ignores, 03 §3.3), name a role
// name matching the record key, the limits of a founding role (03 §2.1),
// and every grant a well-formed payload (ParseGrantPayload).
func ParseDefinition(body any, recordKey, root, spaceID string) (*Definition, error) {
	m, ok := body.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("%w: body is not an object", ErrDefinition)
	}
	for k := range m {
		switch k {
		case "name", "title", "grants", "nests", "cutoff":
		default:
			return nil, fmt.Errorf("%w: member %q is not allowed", ErrDefinition, k)
		}
	}
	head, err := roleHead(m)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrDefinition, err)
	}
	if recordKey != RoleKey(head.Name) {
		return nil, fmt.Errorf("%w: role %s at record key %q", ErrDefinition, head.Name, recordKey)
	}
	d := &Definition{Name: head.Name, Title: head.Title, HasTitle: head.HasTitle, Nests: head.Nests}
	if d.Nests == nil {
		d.Nests = []string{}
	}
	gl, ok := m["grants"].([]any)
	if !ok || len(gl) > MaxGrants {
		return nil, fmt.Errorf("%w: %s: grants is not a list of at most %d", ErrDefinition, d.Name, MaxGrants)
	}
	for i, gv := range gl {
		g, err := ParseGrantPayload(gv, root, spaceID, d.Name)
		if err != nil {
			return nil, fmt.Errorf("%w: %s: grant %d: %w", ErrDefinition, d.Name, i, err)
		}
		d.Grants = append(d.Grants, g)
	}
	return d, nil
}

// ParseGrantPayload reads a grant written in a definition of role by the
// account root in space spaceID (03 §2.2): exactly iss, aud, sub, cmd, pol,
// nonce and optionally meta, with iss = root, aud = role:<role>, sub =
// spaceID.
func ParseGrantPayload(v any, root, spaceID, role string) (Grant, error) {
	m, ok := v.(map[string]any)
	if !ok {
		return Grant{}, fmt.Errorf("%w: not an object", ErrGrant)
	}
	for k := range m {
		switch k {
		case PayloadIss, PayloadAud, PayloadSub, PayloadCmd, PayloadPol, PayloadNonce, PayloadMeta:
		default: // exp and nbf among them: time decides nothing in a space
			return Grant{}, fmt.Errorf("%w: member %q is not allowed", ErrGrant, k)
		}
	}
	for member, want := range map[string]string{PayloadIss: root, PayloadAud: RoleAudience(role), PayloadSub: spaceID} {
		if m[member] != want {
			return Grant{}, fmt.Errorf("%w: %s is %s, not %s", ErrGrant, member, show(m[member]), want)
		}
	}
	if n, ok := m[PayloadNonce].(string); !ok || n == "" || JSLen(n) > MaxNonce {
		return Grant{}, fmt.Errorf("%w: nonce is not a string of 1–%d characters", ErrGrant, MaxNonce)
	}
	if meta, present := m[PayloadMeta]; present {
		if _, ok := meta.(map[string]any); !ok {
			return Grant{}, fmt.Errorf("%w: meta is not an object", ErrGrant)
		}
	}
	return grantOf(m)
}

// GrantPayload writes g as a grant of a definition of role, by the account
// root in the space spaceID, with nonce (the caller's, from its randomness).
func GrantPayload(g Grant, root, spaceID, role, nonce string) map[string]any {
	return map[string]any{
		PayloadIss: root, PayloadAud: RoleAudience(role), PayloadSub: spaceID,
		PayloadCmd: g.Cmd, PayloadPol: g.Pol.Raw(), PayloadNonce: nonce,
	}
}

// IsRoleDID says whether an assignee names a role rather than an account:
// assigning to role:<name> is refused (03 §2.5, §4.5).
func IsRoleDID(did string) bool { return strings.HasPrefix(did, RolePrefix) }

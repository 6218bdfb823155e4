package space

import (
	"errors"
	"fmt"
	"regexp"
	"unicode/utf8"
)

// Limits of a founding role (03 §2.1); a definition's role obeys the same.
const (
	MaxTitle  = 80 // characters (UTF-16 code units, as JavaScript counts)
	MaxGrants = 64
	MaxNests  = 16
)

// ErrRole is wrapped by every error about a malformed role.
var ErrRole = errors.New("malformed role")

var roleNameRE = regexp.MustCompile(`^[a-z0-9][a-z0-9._-]{0,39}$`)

// IsRoleName says whether s is a role name: ^[a-z0-9][a-z0-9._-]{0,39}$.
func IsRoleName(s string) bool { return roleNameRE.MatchString(s) }

// FoundingRole is a role as the constitution founds it (03 §2.1):
// { name, title?, grants, nests? }. Its grants are the role's first
// definition, issued by the space itself.
type FoundingRole struct {
	Name     string
	Title    string // "" when absent (HasTitle tells)
	HasTitle bool
	Grants   []Grant
	Nests    []string // nil when absent
}

// ParseFoundingRole reads and checks a founding role (checkFoundingRole,
// 03 §2.1): no members but name, title, grants and nests; name a role
// name; title at most 80 characters; at most 64 grants, each exactly
// { cmd, pol }; nests at most 16 distinct role names, none its own.
func ParseFoundingRole(v any) (FoundingRole, error) {
	m, ok := v.(map[string]any)
	if !ok {
		return FoundingRole{}, fmt.Errorf("%w: not an object", ErrRole)
	}
	for k := range m {
		if k != "name" && k != "title" && k != "grants" && k != "nests" {
			return FoundingRole{}, fmt.Errorf("%w: member %q is not allowed", ErrRole, k)
		}
	}
	r, err := roleHead(m)
	if err != nil {
		return r, err
	}
	gl, ok := m["grants"].([]any)
	if !ok {
		return r, fmt.Errorf("%w: %s: grants is not a list", ErrRole, r.Name)
	}
	if len(gl) > MaxGrants {
		return r, fmt.Errorf("%w: %s: more than %d grants", ErrRole, r.Name, MaxGrants)
	}
	for i, gv := range gl {
		g, err := ParseGrant(gv)
		if err != nil {
			return r, fmt.Errorf("%w: %s: grant %d: %w", ErrRole, r.Name, i, err)
		}
		r.Grants = append(r.Grants, g)
	}
	return r, nil
}

// roleHead reads name, title and nests, which founding roles and
// definitions share.
func roleHead(m map[string]any) (FoundingRole, error) {
	var r FoundingRole
	name, ok := m["name"].(string)
	if !ok || !IsRoleName(name) {
		return r, fmt.Errorf("%w: name %v is not a role name", ErrRole, m["name"])
	}
	r.Name = name
	if t, present := m["title"]; present {
		title, ok := t.(string)
		if !ok || JSLen(title) > MaxTitle {
			return r, fmt.Errorf("%w: %s: title is not a string of at most %d characters", ErrRole, name, MaxTitle)
		}
		r.Title, r.HasTitle = title, true
	}
	if n, present := m["nests"]; present {
		nests, err := parseNests(n, name)
		if err != nil {
			return r, err
		}
		r.Nests = nests
	}
	return r, nil
}

func parseNests(v any, own string) ([]string, error) {
	l, ok := v.([]any)
	if !ok || len(l) > MaxNests {
		return nil, fmt.Errorf("%w: %s: nests is not a list of at most %d names", ErrRole, own, MaxNests)
	}
	out := make([]string, 0, len(l))
	seen := map[string]bool{}
	for _, e := range l {
		s, ok := e.(string)
		switch {
		case !ok || !IsRoleName(s):
			return nil, fmt.Errorf("%w: %s: nests names %v, not a role name", ErrRole, own, e)
		case s == own:
			return nil, fmt.Errorf("%w: %s nests itself", ErrRole, own)
		case seen[s]:
			return nil, fmt.Errorf("%w: %s nests %s twice", ErrRole, own, s)
		}
		seen[s] = true
		out = append(out, s)
	}
	return out, nil
}

// JSLen is a string's length as JavaScript counts it (UTF-16 code units).
// Choice: "characters" in 03's limits are read as JavaScript's length.
// A lone surrogate, which core/cjson carries as its three WTF-8 bytes,
// counts one. core/invite counts its limits with it too.
func JSLen(s string) int {
	n := 0
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1 && i+2 < len(s) && s[i] == 0xED && s[i+1] >= 0xA0:
			n, i = n+1, i+3
			continue
		case r >= 0x10000:
			n += 2
		default:
			n++
		}
		i += size
	}
	return n
}

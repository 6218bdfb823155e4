package space

import (
	"errors"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"
	"time"

	"minca.dev/desktop/core/cjson"
)

// ErrRefused is wrapped by every *Refusal.
var ErrRefused = errors.New("space refused")

// Refusal says which rule of checkSpace (03 §1.2) a space breaks, and why.
type Refusal struct {
	Rule   int // 1–10, as numbered in 03 §1.2
	Reason string
}

func (r *Refusal) Error() string {
	return fmt.Sprintf("space refused (03 §1.2 rule %d): %s", r.Rule, r.Reason)
}

// Unwrap makes errors.Is(err, ErrRefused) hold.
func (r *Refusal) Unwrap() error { return ErrRefused }

// NotJudged says the peer does not know the space's format (rule 1), its
// resolver (2) or one of its members (3): it MUST NOT judge the space at
// all — not open it, store or serve its records, or replay its history —
// and says why (03 §1.2).
func (r *Refusal) NotJudged() bool { return r.Rule <= 3 }

func refuse(rule int, format string, args ...any) *Refusal {
	return &Refusal{Rule: rule, Reason: fmt.Sprintf(format, args...)}
}

// ParseSpace reads a space from JSON text and checks it (CheckSpace).
func ParseSpace(b []byte) (*Space, error) {
	v, err := cjson.Parse(b)
	if err != nil { // Choice: what a peer can't read is not judged (rule 1)
		return nil, refuse(1, "not JSON the peer can read: %v", err)
	}
	return CheckSpace(v)
}

// CheckSpace checks a space as handed around — a constitution with one
// more member, id — by the ten rules of 03 §1.2 (checkSpace,
// constitutionProblem), in order. A refusal is a *Refusal naming the first
// rule broken.
func CheckSpace(v any) (*Space, error) {
	m, ok := v.(map[string]any)
	if !ok {
		return nil, refuse(1, "a space is a JSON object, not %s", cjson.Kind(v))
	}
	c, r := readConstitution(m, true)
	if r != nil {
		return nil, r
	}
	id, ok := m[memberID].(string)
	if !ok {
		return nil, refuse(10, "id is missing or not a string")
	}
	want, err := c.ID()
	if err != nil {
		return nil, refuse(10, "cannot hash the constitution: %v", err)
	}
	if id != want {
		return nil, refuse(10, "cid(canonical(constitution)) is %s, not the id %s", want, id)
	}
	return &Space{ID: id, Constitution: c}, nil
}

// ParseConstitution reads a bare constitution (no id) and checks it by
// rules 1–9 of 03 §1.2; its id is then c.ID().
func ParseConstitution(v any) (*Constitution, error) {
	m, ok := v.(map[string]any)
	if !ok {
		return nil, refuse(1, "a constitution is a JSON object, not %s", cjson.Kind(v))
	}
	c, r := readConstitution(m, false)
	if r != nil {
		return nil, r
	}
	return c, nil
}

// readConstitution applies rules 1–9; withID allows the member id.
func readConstitution(m map[string]any, withID bool) (*Constitution, *Refusal) {
	if m[memberMinca] != Format {
		return nil, refuse(1, "minca is %s, not %q", show(m[memberMinca]), Format)
	}
	if m[memberResolver] != ResolverStrong {
		return nil, refuse(2, "resolver %s is not one this peer knows (%q)", show(m[memberResolver]), ResolverStrong)
	}
	for _, k := range slices.Sorted(maps.Keys(m)) {
		if !constitutionMembers[k] && (k != memberID || !withID) {
			return nil, refuse(3, "unknown member %q", k)
		}
	}
	raw := make(map[string]any, len(m))
	for k, v := range m {
		if k != memberID {
			raw[k] = v
		}
	}
	c := &Constitution{raw: raw}
	for _, rule := range []func(*Constitution, map[string]any) *Refusal{
		checkRule4, checkRule5, checkRule6, checkRule7, checkRule8, checkRule9,
	} {
		if r := rule(c, m); r != nil {
			return nil, r
		}
	}
	return c, nil
}

// isoRE is the form JavaScript's Date.prototype.toISOString writes.
var isoRE = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$`)

// IsTimestamp says whether s is a timestamp as 03 writes them
// (createdAt): exactly YYYY-MM-DDTHH:MM:SS.sssZ, a real date and time.
// Choice: 03 §1.1's table is lost; this is the form of every example.
func IsTimestamp(s string) bool {
	if !isoRE.MatchString(s) {
		return false
	}
	_, err := time.Parse("2006-01-02T15:04:05.000Z", s)
	return err == nil
}

// checkRule4: name, visibility, createdAt and nonce are as §1.1 says.
func checkRule4(c *Constitution, m map[string]any) *Refusal {
	name, ok := m[memberName].(string)
	if !ok || name == "" || JSLen(name) > MaxName {
		return refuse(4, "name is not a string of 1–%d characters", MaxName)
	}
	vis, _ := m[memberVis].(string)
	if vis != VisibilityPub && vis != VisibilityPriv {
		return refuse(4, "visibility is %s, not \"public\" or \"private\"", show(m[memberVis]))
	}
	at, _ := m[memberCreatedAt].(string)
	if !IsTimestamp(at) {
		return refuse(4, "createdAt %s is not a timestamp like 2026-01-01T00:00:00.000Z", show(m[memberCreatedAt]))
	}
	nonce, _ := m[memberNonce].(string)
	if !b64urlLen(nonce, NonceBytes) {
		return refuse(4, "nonce %s is not base64url of %d bytes", show(m[memberNonce]), NonceBytes)
	}
	c.Name, c.Visibility, c.CreatedAt, c.Nonce = name, vis, at, nonce
	return nil
}

// checkRule5: top is "none", or { founders: 1–16 distinct did:key: strings }.
func checkRule5(c *Constitution, m map[string]any) *Refusal {
	top := m[memberTop]
	if top == TopNone {
		return nil
	}
	t, ok := top.(map[string]any)
	if !ok || len(t) != 1 {
		return refuse(5, "top is neither \"none\" nor an object whose only member is founders")
	}
	list, ok := t["founders"].([]any)
	if !ok || len(list) < 1 || len(list) > MaxFounders {
		return refuse(5, "founders is not a list of 1–%d accounts", MaxFounders)
	}
	seen := map[string]bool{}
	for _, f := range list {
		s, ok := f.(string)
		if !ok || !strings.HasPrefix(s, didKeyPrefix) {
			return refuse(5, "founder %s does not start with did:key:", show(f))
		}
		if seen[s] {
			return refuse(5, "founder %s is named twice", s)
		}
		seen[s] = true
		c.Founders = append(c.Founders, s)
	}
	return nil
}

// checkRule6: roles is at most 64 well-formed founding roles, distinct names.
func checkRule6(c *Constitution, m map[string]any) *Refusal {
	list, ok := m[memberRoles].([]any)
	if !ok || len(list) > MaxRoles {
		return refuse(6, "roles is not a list of at most %d founding roles", MaxRoles)
	}
	seen := map[string]bool{}
	for i, rv := range list {
		r, err := ParseFoundingRole(rv)
		if err != nil {
			return refuse(6, "role %d: %v", i, err)
		}
		if seen[r.Name] {
			return refuse(6, "two roles are named %s", r.Name)
		}
		seen[r.Name] = true
		c.Roles = append(c.Roles, r)
	}
	return nil
}

package space

import (
	"maps"
	"slices"
	"strings"

	"minca.dev/desktop/core/cjson"
)

// checkRule7: assigned, if present, maps accounts to the founding roles the
// constitution assigns them; under top: "none" it is present.
// Choice (the §1.1 table is lost): a non-empty object whose keys start
// did:key: and whose values are non-empty lists of distinct names of
// founding roles ("omitted when absent, never null or empty", §1.2).
func checkRule7(c *Constitution, m map[string]any) *Refusal {
	av, present := m[memberAssigned]
	if !present {
		if !c.HasTop() {
			return refuse(7, "under top: \"none\" the constitution must assign some account a role")
		}
		return nil
	}
	a, ok := av.(map[string]any)
	if !ok || len(a) == 0 {
		return refuse(7, "assigned is not a non-empty object")
	}
	c.Assigned = make(map[string][]string, len(a))
	for _, did := range slices.Sorted(maps.Keys(a)) {
		lv := a[did]
		if !strings.HasPrefix(did, didKeyPrefix) {
			return refuse(7, "assigned names %q, which does not start with did:key:", did)
		}
		roles, r := assignedRoles(c, did, lv)
		if r != nil {
			return r
		}
		c.Assigned[did] = roles
	}
	return nil
}

func assignedRoles(c *Constitution, did string, lv any) ([]string, *Refusal) {
	list, ok := lv.([]any)
	if !ok || len(list) == 0 {
		return nil, refuse(7, "assigned[%s] is not a non-empty list of roles", did)
	}
	seen := map[string]bool{}
	out := make([]string, 0, len(list))
	for _, e := range list {
		name, ok := e.(string)
		if _, founded := c.Role(name); !ok || !founded {
			return nil, refuse(7, "assigned[%s] names %s, which is no founding role", did, show(e))
		}
		if seen[name] {
			return nil, refuse(7, "assigned[%s] names %s twice", did, name)
		}
		seen[name] = true
		out = append(out, name)
	}
	return out, nil
}

// checkRule8: succeeds, if present, is a space id in its one spelling.
func checkRule8(c *Constitution, m map[string]any) *Refusal {
	sv, present := m[memberSucceeds]
	if !present {
		return nil
	}
	s, ok := sv.(string)
	if !ok || !isSpaceID(s) {
		return refuse(8, "succeeds %s is not a space id (b and 52 lower-case base32 characters)", show(sv))
	}
	c.Succeeds = s
	return nil
}

// checkRule9: a private space has both readKey, a P-256 did:key, and
// encryptionKeyId, 22 base64url characters; a public space has neither.
func checkRule9(c *Constitution, m map[string]any) *Refusal {
	rk, hasRK := m[memberReadKey]
	kid, hasKID := m[memberKeyID]
	if !c.Private() {
		if hasRK || hasKID {
			return refuse(9, "a public space has neither readKey nor encryptionKeyId")
		}
		return nil
	}
	s, ok := rk.(string)
	if !ok || !isP256DID(s) {
		return refuse(9, "readKey %s is not a P-256 did:key", show(rk))
	}
	k, ok := kid.(string)
	if !ok || !b64urlLen(k, KeyIDBytes) {
		return refuse(9, "encryptionKeyId %s is not 22 base64url characters", show(kid))
	}
	c.ReadKey, c.EncryptionKeyID = s, k
	return nil
}

// show renders a JSON value for a reason, cut short.
func show(v any) string {
	if v == nil {
		return "missing or null"
	}
	b, err := cjson.Marshal(v)
	if err != nil {
		return cjson.Kind(v)
	}
	if len(b) > 80 {
		return string(b[:77]) + "..."
	}
	return string(b)
}

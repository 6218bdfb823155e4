package judge

import (
	"fmt"
	"slices"
	"sort"
	"strings"
)

// fields reads the members of an access body (03 §3.3). Its methods wrap
// ErrFields with the member at fault.
type fields map[string]any

// only checks that the body has no member outside allowed. Choice (the
// §3.1 table was lost): an access body with a member its kind does not
// define is not well formed, as 03 §2.2 and §7.4 say of grants and invitations.
func (f fields) only(allowed ...string) error {
	var extra []string
	for k := range f {
		if !slices.Contains(allowed, k) {
			extra = append(extra, k)
		}
	}
	if len(extra) > 0 {
		sort.Strings(extra)
		return fmt.Errorf("%w: members %s are not allowed", ErrFields, strings.Join(extra, ", "))
	}
	return nil
}

// str reads a required non-empty string member.
func (f fields) str(name string) (string, error) {
	s, ok := f[name].(string)
	if !ok || s == "" {
		return "", fmt.Errorf("%w: %s must be a non-empty string", ErrFields, name)
	}
	return s, nil
}

// did reads a required member that must be a did:key.
func (f fields) did(name string) (string, error) {
	s, err := f.str(name)
	if err != nil {
		return "", err
	}
	if !strings.HasPrefix(s, didKeyPrefix) {
		return "", fmt.Errorf("%w: %s %q is not a did:key", ErrFields, name, s)
	}
	return s, nil
}

// boolean reads a required boolean member.
func (f fields) boolean(name string) (bool, error) {
	b, ok := f[name].(bool)
	if !ok {
		return false, fmt.Errorf("%w: %s must be true or false", ErrFields, name)
	}
	return b, nil
}

// strings reads a required list of strings.
func (f fields) strings(name string) ([]string, error) {
	l, ok := f[name].([]any)
	if !ok {
		return nil, fmt.Errorf("%w: %s must be a list", ErrFields, name)
	}
	out := make([]string, 0, len(l))
	for i, x := range l {
		s, ok := x.(string)
		if !ok {
			return nil, fmt.Errorf("%w: %s[%d] is not a string", ErrFields, name, i)
		}
		out = append(out, s)
	}
	return out, nil
}

// object reads an optional object member; ok is false when it is absent.
func (f fields) object(name string) (fields, bool, error) {
	x, present := f[name]
	if !present {
		return nil, false, nil
	}
	m, ok := x.(map[string]any)
	if !ok {
		return nil, false, fmt.Errorf("%w: %s must be an object", ErrFields, name)
	}
	return fields(m), true, nil
}

// wantKey checks that the version sits at the record key its body names (03 §3.1).
func wantKey(have, want string) error {
	if have != want {
		return fmt.Errorf("%w: at %q, the body's key is %q", ErrRecordKey, have, want)
	}
	return nil
}

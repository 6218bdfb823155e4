package judge

import (
	"bytes"
	"fmt"

	"minca.dev/desktop/core/access"
	"minca.dev/desktop/core/cjson"
	"minca.dev/desktop/core/record"
)

// rules is what standing reads of the definition in force for a collection
// (02 §6–§8): its final and fixed rules.
type rules struct {
	final bool
	fixed []string
}

// rulesIn is step 9's rules: those of the definition in force for the
// collection in at(seen); none for sys.* collections, or when the
// definition is missing, contested, unreadable or not well formed.
func (s *Standing) rulesIn(at *access.State, collection string) rules {
	if record.IsSys(collection) || s.Lookup == nil {
		return rules{}
	}
	def, ok, _ := at.Definition(collection)
	if !ok {
		return rules{}
	}
	v, ok := s.Lookup(def.Event)
	if !ok {
		return rules{}
	}
	body, ok := s.opener().Open(v)
	if !ok {
		return rules{}
	}
	r, err := readRules(body, collection)
	if err != nil {
		return rules{}
	}
	return r
}

// readRules reads a definition's body (02 §6.2): an object whose name, if
// given, is the collection, and whose rules, if given, are an object with
// final (a boolean) and fixed (a list of top-level field names). Choice:
// only these members are read here; a definition whose rules are malformed
// counts as none, like any invalid definition (02 §6.3).
func readRules(body any, collection string) (rules, error) {
	m, ok := body.(map[string]any)
	if !ok {
		return rules{}, fmt.Errorf("definition is not an object")
	}
	if name, present := m["name"]; present && name != collection {
		return rules{}, fmt.Errorf("definition names %v, not %s", name, collection)
	}
	raw, present := m["rules"]
	if !present {
		return rules{}, nil
	}
	rm, ok := raw.(map[string]any)
	if !ok {
		return rules{}, fmt.Errorf("rules is not an object")
	}
	var r rules
	if f, present := rm["final"]; present {
		if r.final, ok = f.(bool); !ok {
			return rules{}, fmt.Errorf("final is not a boolean")
		}
	}
	if f, present := rm["fixed"]; present {
		l, ok := f.([]any)
		if !ok {
			return rules{}, fmt.Errorf("fixed is not a list")
		}
		for _, x := range l {
			name, ok := x.(string)
			if !ok {
				return rules{}, fmt.Errorf("fixed names %v, not a field", x)
			}
			r.fixed = append(r.fixed, name)
		}
	}
	return r, nil
}

// checkRules is step 11, skipped where the body cannot be opened: fixed
// fields of a later version that is not a delete equal the first
// version's, compared as canonical JSON (02 §7.4).
func (s *Standing) checkRules(v, first *record.Version, body any, r rules) error {
	if v.Seq == 0 || v.Deleted || len(r.fixed) == 0 {
		return nil
	}
	now, ok := body.(map[string]any)
	if !ok {
		return nil
	}
	was, ok := s.opener().Open(first)
	if !ok {
		return nil
	}
	wasMap, _ := was.(map[string]any)
	for _, field := range r.fixed {
		if !sameField(now, wasMap, field) {
			return fmt.Errorf("%w: fixed field %q differs from the first version's", ErrRules, field)
		}
	}
	return nil
}

// sameField compares a top-level field of two bodies as canonical JSON;
// absent in both is the same.
func sameField(a, b map[string]any, field string) bool {
	x, inA := a[field]
	y, inB := b[field]
	if inA != inB {
		return false
	}
	bx, err1 := cjson.Marshal(x)
	by, err2 := cjson.Marshal(y)
	return err1 == nil && err2 == nil && bytes.Equal(bx, by)
}

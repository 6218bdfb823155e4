package judge

import (
	"bytes"
	"fmt"

	"minca.dev/desktop/core/access"
	"minca.dev/desktop/core/cjson"
	"minca.dev/desktop/core/record"
	"minca.dev/desktop/core/record/definition"
)

// rules is what standing reads of the definition in force for a collection
// (02 §6–§8): its final, fixed and onePer rules, and its topics.
type rules struct {
	final  bool
	fixed  []string
	onePer []string
	topics []string
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

// readRules reads a definition's body (02 §6.2, §7, §8.1): an object whose
// name, if given, is the collection; its topics; and its rules, an object
// with no members but final (a boolean), fixed and onePer (non-empty lists
// of non-empty strings). Choice: Weave's create, edit and delete are
// replaced in minca by grants, so a definition naming them, or anything
// else in rules, is not well formed and counts as none (02 §6.3, §7.5).
func readRules(body any, collection string) (rules, error) {
	m, ok := body.(map[string]any)
	if !ok {
		return rules{}, fmt.Errorf("definition is not an object")
	}
	if name, present := m["name"]; present && name != collection {
		return rules{}, fmt.Errorf("definition names %v, not %s", name, collection)
	}
	topics, err := readTopics(m)
	if err != nil {
		return rules{}, err
	}
	r := rules{topics: topics}
	raw, present := m["rules"]
	if !present {
		return r, nil
	}
	rm, ok := raw.(map[string]any)
	if !ok {
		return rules{}, fmt.Errorf("rules is not an object")
	}
	for k, x := range rm {
		switch k {
		case "final":
			if r.final, ok = x.(bool); !ok {
				return rules{}, fmt.Errorf("final is not a boolean")
			}
		case "fixed":
			r.fixed, err = nonEmptyStrings(k, x)
		case "onePer":
			r.onePer, err = nonEmptyStrings(k, x)
		default:
			err = fmt.Errorf("rules member %q is not one of final, fixed, onePer", k)
		}
		if err != nil {
			return rules{}, err
		}
	}
	return r, nil
}

// nonEmptyStrings reads a non-empty list of non-empty strings.
func nonEmptyStrings(name string, x any) ([]string, error) {
	l, ok := x.([]any)
	if !ok || len(l) == 0 {
		return nil, fmt.Errorf("%s is not a non-empty list", name)
	}
	out := make([]string, 0, len(l))
	for _, e := range l {
		s, ok := e.(string)
		if !ok || s == "" {
			return nil, fmt.Errorf("%s names %v, not a field", name, e)
		}
		out = append(out, s)
	}
	return out, nil
}

// checkRules is step 11 (02 §7.3, §7.4, §8.4), skipped where the body
// cannot be opened, and for a delete:
//   - tags: recomputed under the topics in force, they must be the set the
//     version carries (with no topics in force, no tag is allowed); in a
//     private space only a peer holding the body's key (TopicKeys) checks;
//   - onePer: a first version's key must be the one its parts derive; in a
//     private space the key is an HMAC under a secret from the first space
//     key K₀, so only a peer holding K₀ (FirstKeys) checks;
//   - fixed: fields of a later version equal the first version's, as
//     canonical JSON;
//   - retain: a first version under onePer or fixed carries it (02 §4.5),
//     checked whether or not the body opens.
func (s *Standing) checkRules(v, first *record.Version, root string, inv invocation, r rules) error {
	if v.Seq == 0 && !v.Deleted && !v.Retain && (len(r.onePer) > 0 || len(r.fixed) > 0) {
		return fmt.Errorf("%w: a first version under onePer or fixed must carry retain", ErrRules)
	}
	if v.Deleted || !inv.opened {
		return nil
	}
	private := s.History.Private()
	if err := s.checkTags(v, inv.body, r, private); err != nil {
		return err
	}
	if err := s.checkOnePer(v, root, inv.body, r, private); err != nil {
		return err
	}
	if v.Seq == 0 || len(r.fixed) == 0 {
		return nil
	}
	now, _ := inv.body.(map[string]any)
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

// checkTags recomputes a version's tags (02 §8.4).
func (s *Standing) checkTags(v *record.Version, body any, r rules, private bool) error {
	var key []byte
	var err error
	if !private && len(r.topics) > 0 {
		// With no topics in force the key derives no tag: not worked out.
		key, err = definition.PublicTagKey(s.Space.ID)
	}
	if private {
		keys, ok := s.opener().(TopicKeys)
		if !ok {
			return nil
		}
		ikm, ok := keys.TopicIKM(v)
		if !ok {
			return nil
		}
		key, err = definition.PrivateTagKey(ikm)
	}
	if err != nil {
		return err
	}
	if err := definition.CheckTags(v.Tags, key, v.Collection, r.topics, body); err != nil {
		return fmt.Errorf("%w: %w", ErrRules, err)
	}
	return nil
}

// checkOnePer checks a first version's key against the one its parts derive
// (02 §7.3): a plain digest in a public space, an HMAC under the secret from
// K₀ in a private one, checked only by a peer holding K₀ (FirstKeys).
func (s *Standing) checkOnePer(v *record.Version, root string, body any, r rules, private bool) error {
	if v.Seq != 0 || len(r.onePer) == 0 {
		return nil
	}
	var secret []byte
	if private {
		keys, ok := s.opener().(FirstKeys)
		if !ok {
			return nil
		}
		k0, ok := keys.FirstKey()
		if !ok {
			return nil
		}
		var err error
		if secret, err = definition.OnePerSecret(k0); err != nil {
			return err
		}
	}
	key, err := definition.OnePerKey(v.Collection, r.onePer, root, body, v.Links, secret)
	if err != nil || key != v.Key {
		return fmt.Errorf("%w: onePer: key %q, its parts give %q (%v)", ErrRules, v.Key, key, err)
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

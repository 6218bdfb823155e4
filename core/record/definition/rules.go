package definition

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"

	"minca.dev/desktop/core/cjson"
	"minca.dev/desktop/core/identity"
	"minca.dev/desktop/core/record"
)

// LabelOnePer derives the onePer key of a private space from its first key
// K₀ (§7.3, our choice of label).
const LabelOnePer = "minca/one-per/v1"

// Parts of a onePer rule (§7.3).
const (
	PartAuthor     = "@author"
	PartLinkPrefix = "link:"
	onePerPrefix   = "one:"
)

// Rules are a definition's rules (§7). Our choice: only onePer, fixed and
// final; Weave's create/edit/delete are grants in minca (03 §2.3), and
// rules.check left for contracts (§7.6, 05 §4).
type Rules struct {
	OnePer []string
	Fixed  []string
	Final  bool
}

// ParseRules checks a definition's rules member (§7.5).
func ParseRules(x any) (Rules, error) {
	m, ok := x.(map[string]any)
	if !ok {
		return Rules{}, invalid("rules", "must be an object")
	}
	var r Rules
	for k, v := range m {
		var err error
		switch k {
		case "onePer":
			r.OnePer, err = partList("rules.onePer", v)
		case "fixed":
			r.Fixed, err = partList("rules.fixed", v)
		case "final":
			if v != true {
				err = invalid("rules.final", "must be true when present")
			}
			r.Final = true
		default:
			err = invalid("rules", "has %q; only onePer, fixed and final are rules", k)
		}
		if err != nil {
			return Rules{}, err
		}
	}
	for _, p := range r.OnePer {
		rel, isLink := strings.CutPrefix(p, PartLinkPrefix)
		if isLink && !relPattern.MatchString(rel) {
			return Rules{}, invalid("rules.onePer", "%q names no link role", p)
		}
	}
	return r, nil
}

// partList is a non-empty list of distinct non-empty strings.
func partList(member string, x any) ([]string, error) {
	s, err := strList(member, x)
	if err != nil {
		return nil, err
	}
	if len(s) == 0 || !distinct(s) {
		return nil, invalid(member, "must be a non-empty list of distinct names")
	}
	for _, p := range s {
		if p == "" {
			return nil, invalid(member, "names must not be empty")
		}
	}
	return s, nil
}

// NeedsRetain reports whether a first version must carry retain (§4.5).
func (r Rules) NeedsRetain() bool { return len(r.OnePer) > 0 || len(r.Fixed) > 0 }

// OnePerSecret is the key a private space's onePer keys are made under:
// HKDF(K₀, "minca/one-per/v1", 32) (§7.3, our choice).
func OnePerSecret(k0 []byte) ([]byte, error) {
	return identity.HKDF(k0, LabelOnePer, 32)
}

// OnePerKey derives the record key a onePer rule gives a version (§7.3):
// the lines collection, then per part "@author=<root>", "link:<rel>=<to of
// the first such link>" or "<field>=<canonical JSON of body[field]>",
// joined by "\n"; digested with SHA-256 (public space, secret nil) or
// HMAC-SHA-256 under secret (private space); "one:" + the first 20 bytes in
// hex. A rule naming @author puts the root's owner part first (§4.1, our
// choice). A part the version lacks gives ErrNoKey.
func OnePerKey(collection string, parts []string, root string, body any, links []record.Link, secret []byte) (string, error) {
	lines := []string{collection}
	owned := false
	for _, p := range parts {
		line, err := onePerLine(p, root, body, links)
		if err != nil {
			return "", err
		}
		owned = owned || p == PartAuthor
		lines = append(lines, line)
	}
	msg := []byte(strings.Join(lines, "\n"))
	var sum []byte
	if secret == nil {
		s := sha256.Sum256(msg)
		sum = s[:]
	} else {
		h := hmac.New(sha256.New, secret)
		h.Write(msg)
		sum = h.Sum(nil)
	}
	key := onePerPrefix + hex.EncodeToString(sum[:20])
	if owned {
		key = record.OwnerPart(root) + key
	}
	return key, nil
}

func onePerLine(part, root string, body any, links []record.Link) (string, error) {
	if part == PartAuthor {
		return PartAuthor + "=" + root, nil
	}
	if rel, ok := strings.CutPrefix(part, PartLinkPrefix); ok {
		for _, l := range links {
			if l.Rel == rel {
				return part + "=" + l.To, nil
			}
		}
		return "", fmt.Errorf("%w: no %s link", ErrNoKey, rel)
	}
	m, _ := body.(map[string]any)
	v, ok := m[part]
	if !ok {
		return "", fmt.Errorf("%w: body has no %q", ErrNoKey, part)
	}
	b, err := cjson.Marshal(v)
	if err != nil {
		return "", fmt.Errorf("%w: %q: %w", ErrNoKey, part, err)
	}
	return part + "=" + string(b), nil
}

// CheckOnePer checks a first version under onePer (§7.3): its key must be
// the one its parts derive. Later versions keep the key they have.
func CheckOnePer(r Rules, v *record.Version, root string, body any, links []record.Link, secret []byte) error {
	if len(r.OnePer) == 0 || v.Seq != 0 {
		return nil
	}
	want, err := OnePerKey(v.Collection, r.OnePer, root, body, links, secret)
	if err != nil {
		return fmt.Errorf("%w: %w", ErrOnePer, err)
	}
	if v.Key != want {
		return fmt.Errorf("%w: key %q, its parts give %q", ErrOnePer, v.Key, want)
	}
	return nil
}

// CheckFixed checks a later non-delete version against the record's first
// version under fixed (§7.4): each listed top-level field keeps its value,
// compared as canonical JSON, absent equal to absent.
func CheckFixed(r Rules, v *record.Version, body, firstBody any) error {
	if len(r.Fixed) == 0 || v.Seq == 0 || v.Deleted {
		return nil
	}
	now, _ := body.(map[string]any)
	was, _ := firstBody.(map[string]any)
	for _, f := range r.Fixed {
		a, okA := was[f]
		b, okB := now[f]
		if okA != okB {
			return fmt.Errorf("%w: %q", ErrFixed, f)
		}
		ca, errA := cjson.Marshal(a)
		cb, errB := cjson.Marshal(b)
		if errA != nil || errB != nil || string(ca) != string(cb) {
			return fmt.Errorf("%w: %q", ErrFixed, f)
		}
	}
	return nil
}

// CheckFinal refuses every later version under a final rule (§7.4).
func CheckFinal(r Rules, v *record.Version) error {
	if r.Final && v.Seq > 0 {
		return fmt.Errorf("%w: %s has seq %d", ErrFinal, v.ID, v.Seq)
	}
	return nil
}

// CheckRetain refuses a first version without retain while onePer or fixed
// is in force (§4.5).
func CheckRetain(r Rules, v *record.Version) error {
	if r.NeedsRetain() && v.Seq == 0 && !v.Retain {
		return fmt.Errorf("%w: %s", ErrRetain, v.ID)
	}
	return nil
}

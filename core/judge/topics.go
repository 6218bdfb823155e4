package judge

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strings"

	"minca.dev/desktop/core/cjson"
	"minca.dev/desktop/core/enc"
	"minca.dev/desktop/core/identity"
	"minca.dev/desktop/core/record"
)

// Topic tags and onePer keys (02 §7.3, §8; Weave's text with minca labels,
// missing-parts brief §2.8–§2.9).
const (
	// LabelPublicTopics prefixes the space id in a public space's tag IKM (02 §8.2).
	LabelPublicTopics = "minca/public-topics/v1|"
	// LabelTopicTags is the HKDF info of the tag key (02 §8.2).
	LabelTopicTags = "minca/topic-tags/v1"
	// MaxTopics is the most topic fields a definition names (02 §8.1).
	MaxTopics = 8
	// tagBytes is how much of the HMAC a tag keeps (02 §8.3).
	tagBytes = 16
	// onePerPrefix starts a onePer key (02 §7.3).
	onePerPrefix = "one:"
)

var topicPattern = regexp.MustCompile(`^[a-zA-Z_][a-zA-Z0-9_]{0,63}(\.[a-zA-Z_][a-zA-Z0-9_]{0,63}){0,3}$`)

// TopicKeys is implemented by an Opener that holds a private space's keys:
// the raw space key a body was sealed under is the IKM of its tag key
// (02 §8.2). A peer without it does not check tags.
type TopicKeys interface {
	TopicIKM(v *record.Version) ([]byte, bool)
}

// tagKey derives the HMAC key of topic tags from its IKM (02 §8.2).
func tagKey(ikm []byte, label string) ([]byte, error) {
	return identity.HKDF(ikm, label, 32)
}

// topicTag is one value's tag (02 §8.3): base64url of the first 16 bytes of
// HMAC-SHA-256(tagKey, collection ‖ 0 ‖ field ‖ 0 ‖ canonical(value)).
func topicTag(key []byte, collection, field string, value any) (string, error) {
	b, err := cjson.Marshal(value)
	if err != nil {
		return "", err
	}
	m := hmac.New(sha256.New, key)
	m.Write([]byte(collection))
	m.Write([]byte{0})
	m.Write([]byte(field))
	m.Write([]byte{0})
	m.Write(b)
	return enc.B64URL(m.Sum(nil)[:tagBytes]), nil
}

// topicValues are the values of a topic field in a body (02 §8.1): through
// objects only; at the end a string, boolean or finite number, or each such
// element of a list.
func topicValues(body any, path string) []any {
	cur := body
	for _, seg := range strings.Split(path, ".") {
		m, ok := cur.(map[string]any)
		if !ok {
			return nil
		}
		if cur, ok = m[seg]; !ok {
			return nil
		}
	}
	if l, ok := cur.([]any); ok {
		var out []any
		for _, e := range l {
			if isTopicScalar(e) {
				out = append(out, e)
			}
		}
		return out
	}
	if isTopicScalar(cur) {
		return []any{cur}
	}
	return nil
}

func isTopicScalar(v any) bool {
	switch x := v.(type) {
	case string, bool:
		return true
	case float64:
		return !math.IsInf(x, 0) && !math.IsNaN(x)
	}
	return false
}

// tagsFor is the tags a body carries under topics (02 §8.3): every value's
// tag, each once, sorted, the first 64.
func tagsFor(key []byte, collection string, topics []string, body any) ([]string, error) {
	var tags []string
	for _, field := range topics {
		for _, v := range topicValues(body, field) {
			t, err := topicTag(key, collection, field, v)
			if err != nil {
				return nil, err
			}
			tags = append(tags, t)
		}
	}
	slices.Sort(tags) // base64url is ASCII: byte order is UTF-16 order
	tags = slices.Compact(tags)
	if len(tags) > record.MaxTags {
		tags = tags[:record.MaxTags]
	}
	return tags, nil
}

// sameTags compares two tag lists as sets.
func sameTags(a, b []string) bool {
	x, y := slices.Clone(a), slices.Clone(b)
	slices.Sort(x)
	slices.Sort(y)
	return slices.Equal(slices.Compact(x), slices.Compact(y))
}

// onePerKey derives the key of a record under onePer (02 §7.3): the
// collection and each part's line, joined by newlines, hashed; "one:" and
// the first 20 bytes in hex. A key whose parts name @author starts with the
// account's owner part (02 §4.1, docs/spec/02-records.md). ok is false when
// a part is missing: then there is no key.
func onePerKey(collection string, parts []string, root string, body any, links []record.Link) (string, bool) {
	lines := []string{collection}
	m, _ := body.(map[string]any)
	owned := false
	for _, p := range parts {
		switch {
		case p == "@author":
			lines, owned = append(lines, "@author="+root), true
		case strings.HasPrefix(p, "link:"):
			rel := p[len("link:"):]
			i := slices.IndexFunc(links, func(l record.Link) bool { return l.Rel == rel })
			if i < 0 {
				return "", false
			}
			lines = append(lines, p+"="+links[i].To)
		default:
			v, present := m[p]
			if !present {
				return "", false
			}
			b, err := cjson.Marshal(v)
			if err != nil {
				return "", false
			}
			lines = append(lines, p+"="+string(b))
		}
	}
	sum := sha256.Sum256([]byte(strings.Join(lines, "\n")))
	key := onePerPrefix + hex.EncodeToString(sum[:20])
	if owned {
		key = record.OwnerPart(root) + key
	}
	return key, true
}

// readTopics reads a definition's topics (02 §8.1): at most 8 distinct
// field paths.
func readTopics(m map[string]any) ([]string, error) {
	raw, present := m["topics"]
	if !present {
		return nil, nil
	}
	l, ok := raw.([]any)
	if !ok || len(l) > MaxTopics {
		return nil, fmt.Errorf("topics is not a list of at most %d fields", MaxTopics)
	}
	var out []string
	for _, x := range l {
		s, ok := x.(string)
		if !ok || !topicPattern.MatchString(s) || slices.Contains(out, s) {
			return nil, fmt.Errorf("topics names %v, not a distinct field path", x)
		}
		out = append(out, s)
	}
	return out, nil
}

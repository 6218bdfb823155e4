package definition

import (
	"crypto/hmac"
	"crypto/sha256"
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

// Labels and limits of topic tags (§8).
const (
	// LabelTopicTags derives a tag key from its input (§8.2).
	LabelTopicTags = "minca/topic-tags/v1"
	// LabelPublicTopics prefixes a public space's id to make the tag key's input.
	LabelPublicTopics = "minca/public-topics/v1|"
	// MaxTopics is the most topic fields a definition names (§8.1).
	MaxTopics = 8
	// TagBytes is the HMAC prefix a tag keeps (§8.3).
	TagBytes = 16
)

// topicPattern is a topic field path: up to four dotted segments (§8.1).
var topicPattern = regexp.MustCompile(`^[a-zA-Z_][a-zA-Z0-9_]{0,63}(\.[a-zA-Z_][a-zA-Z0-9_]{0,63}){0,3}$`)

// PublicTagKey is the tag key of a public space (§8.2).
func PublicTagKey(spaceID string) ([]byte, error) {
	return tagKey([]byte(LabelPublicTopics+spaceID), LabelTopicTags)
}

// PrivateTagKey is the tag key under a private space's key K, the one the
// body's keyId names (§8.2).
func PrivateTagKey(k []byte) ([]byte, error) { return tagKey(k, LabelTopicTags) }

func tagKey(ikm []byte, label string) ([]byte, error) {
	k, err := identity.HKDF(ikm, label, 32)
	if err != nil {
		return nil, fmt.Errorf("topic tag key: %w", err)
	}
	return k, nil
}

// TopicValues are the values of one topic field in a body (§8.1): follow
// the path through objects only; at the end a string, boolean or finite
// number is one value, an array gives each such element, anything else none.
func TopicValues(body any, path string) []any {
	x := body
	for _, seg := range strings.Split(path, ".") {
		m, ok := x.(map[string]any)
		if !ok {
			return nil
		}
		if x, ok = m[seg]; !ok {
			return nil
		}
	}
	if a, ok := x.([]any); ok {
		var out []any
		for _, y := range a {
			if scalar(y) {
				out = append(out, y)
			}
		}
		return out
	}
	if scalar(x) {
		return []any{x}
	}
	return nil
}

func scalar(x any) bool {
	switch v := x.(type) {
	case string, bool:
		return true
	case float64:
		return !math.IsInf(v, 0) && !math.IsNaN(v)
	}
	return false
}

// Tag is one blind tag (§8.3): base64url of the first 16 bytes of
// HMAC-SHA-256(key, collection ‖ 0 ‖ field ‖ 0 ‖ canonical(value)).
func Tag(key []byte, collection, field string, value any) (string, error) {
	c, err := cjson.Marshal(value)
	if err != nil {
		return "", fmt.Errorf("topic tag: %w", err)
	}
	h := hmac.New(sha256.New, key)
	h.Write([]byte(collection + "\x00" + field + "\x00"))
	h.Write(c)
	return enc.B64URL(h.Sum(nil)[:TagBytes]), nil
}

// Tags are a body's tags under topics (§8.3): every value of every topic,
// each once, sorted by UTF-16 code units, the first 64; nil when none.
func Tags(key []byte, collection string, topics []string, body any) ([]string, error) {
	var out []string
	for _, field := range topics {
		for _, v := range TopicValues(body, field) {
			t, err := Tag(key, collection, field, v)
			if err != nil {
				return nil, err
			}
			out = append(out, t)
		}
	}
	slices.SortFunc(out, cjson.CompareUTF16)
	out = slices.Compact(out)
	if len(out) > record.MaxTags {
		out = out[:record.MaxTags]
	}
	return out, nil
}

// CheckTags compares a version's tags with those its body gives under the
// topics in force (§8.4), order and repeats aside. With no topics in force
// any tag is refused. Only a peer that can read the body checks.
func CheckTags(have []string, key []byte, collection string, topics []string, body any) error {
	want, err := Tags(key, collection, topics, body)
	if err != nil {
		return err
	}
	if !sameSet(have, want) {
		return fmt.Errorf("%w: carries %d, its body gives %d", ErrTags, len(have), len(want))
	}
	return nil
}

func sameSet(a, b []string) bool {
	sa, sb := slices.Clone(a), slices.Clone(b)
	slices.Sort(sa)
	slices.Sort(sb)
	return slices.Equal(slices.Compact(sa), slices.Compact(sb))
}

package judge

import (
	"fmt"
	"regexp"
	"slices"

	"minca.dev/desktop/core/record"
	"minca.dev/desktop/core/record/definition"
)

// Topic tags and onePer keys (02 §7.3, §8) are core/record/definition's;
// judge reads which definition is in force and asks it.

// topicPattern is a topic field path (02 §8.1).
var topicPattern = regexp.MustCompile(`^[a-zA-Z_][a-zA-Z0-9_]{0,63}(\.[a-zA-Z_][a-zA-Z0-9_]{0,63}){0,3}$`)

// TopicKeys is implemented by an Opener that holds a private space's keys:
// the raw space key a body was sealed under is the IKM of its tag key
// (02 §8.2). A peer without it does not check tags.
type TopicKeys interface {
	TopicIKM(v *record.Version) ([]byte, bool)
}

// FirstKeys is implemented by an Opener that holds a private space's first
// key K₀, under which onePer keys are made (02 §7.3,
// definition.OnePerSecret). A peer without it does not check onePer keys in
// a private space.
type FirstKeys interface {
	FirstKey() ([]byte, bool)
}

// readTopics reads a definition's topics (02 §8.1): at most 8 distinct
// field paths.
func readTopics(m map[string]any) ([]string, error) {
	raw, present := m["topics"]
	if !present {
		return nil, nil
	}
	l, ok := raw.([]any)
	if !ok || len(l) > definition.MaxTopics {
		return nil, fmt.Errorf("topics is not a list of at most %d fields", definition.MaxTopics)
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

package space

import (
	"errors"
	"fmt"
)

// SucceedPrefix starts a sys.succeed record key (03 §2.7).
const SucceedPrefix = "succeed:"

// ErrSucceed is wrapped by every error about a malformed sys.succeed body.
var ErrSucceed = errors.New("malformed succeed")

// SucceedKey is the record key naming successorID as a successor:
// succeed:<hex40(successor id)> (03 §2.7).
func SucceedKey(successorID string) string { return SucceedPrefix + hex40(successorID) }

// ParseSucceed reads the body of a sys.succeed version at recordKey:
// { space: <successor id> } (03 §2.7), and gives the successor's id. A
// cutoff member is ignored (always empty for succeed, 03 §3.3); no other
// member is allowed (Choice: the §3.1 table is lost).
func ParseSucceed(body any, recordKey string) (string, error) {
	m, ok := body.(map[string]any)
	if !ok {
		return "", fmt.Errorf("%w: body is not an object", ErrSucceed)
	}
	for k := range m {
		if k != "space" && k != "cutoff" {
			return "", fmt.Errorf("%w: member %q is not allowed", ErrSucceed, k)
		}
	}
	id, ok := m["space"].(string)
	if !ok || !isSpaceID(id) {
		return "", fmt.Errorf("%w: space %s is not a space id", ErrSucceed, show(m["space"]))
	}
	if recordKey != SucceedKey(id) {
		return "", fmt.Errorf("%w: successor %s at record key %q, not %q", ErrSucceed, id, recordKey, SucceedKey(id))
	}
	return id, nil
}

// IsSuccessor says whether a member treats next as the successor of the
// space oldID (03 §2.7): both must hold — next's constitution says
// succeeds: oldID, and a sys.succeed that stands in the old space names
// next's id. namedBy is the replay's successors map (03 §4.1): for each
// space named, the accounts that named it. Neither alone is enough.
func IsSuccessor(next *Space, oldID string, namedBy map[string][]string) bool {
	return next != nil && next.Succeeds == oldID && len(namedBy[next.ID]) > 0
}

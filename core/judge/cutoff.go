package judge

import (
	"fmt"
	"math"
	"strings"

	"minca.dev/desktop/core/access"
)

// MaxCutoffPlaces is the most places a cutoff may name in all (03 §3.3, §6.3).
const MaxCutoffPlaces = 1024

// maxSafeInt is 2^53−1, the largest integer a JSON number carries exactly.
const maxSafeInt = 1<<53 - 1

// readCutoff reads body.cutoff (03 §3.3) as a map from key DID to a map from
// collection to a non-negative integer: absent gives an empty cutoff;
// anything else, or more than 1024 places in all, is an error (no event).
func readCutoff(body map[string]any) (access.Cutoff, error) {
	raw, ok := body["cutoff"]
	if !ok {
		return access.Cutoff{}, nil
	}
	keys, ok := raw.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("%w: not an object", ErrCutoff)
	}
	out := make(access.Cutoff, len(keys))
	places := 0
	for key, v := range keys {
		if !strings.HasPrefix(key, didKeyPrefix) {
			return nil, fmt.Errorf("%w: %q is not a key DID", ErrCutoff, key)
		}
		lines, ok := v.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("%w: %q maps to no object", ErrCutoff, key)
		}
		if places += len(lines); places > MaxCutoffPlaces {
			return nil, fmt.Errorf("%w: more than %d places", ErrCutoff, MaxCutoffPlaces)
		}
		row := make(map[string]int64, len(lines))
		for coll, n := range lines {
			place, ok := nonNegInt(n)
			if !ok {
				return nil, fmt.Errorf("%w: %q in %q is %v, not a non-negative integer", ErrCutoff, key, coll, n)
			}
			row[coll] = place
		}
		out[key] = row
	}
	return out, nil
}

// nonNegInt reads a JSON number that is a non-negative safe integer.
func nonNegInt(v any) (int64, bool) {
	n, ok := v.(float64)
	if !ok || n < 0 || n > maxSafeInt || n != math.Trunc(n) {
		return 0, false
	}
	return int64(n), true
}

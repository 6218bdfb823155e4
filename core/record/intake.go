package record

import (
	"cmp"
	"slices"
)

// TakeEntries makes the first step of batch intake (05 §8 step 1): it drops
// entries that are not JSON objects or have no string collection, keeping
// the order of the rest.
func TakeEntries(entries []any) []map[string]any {
	out := make([]map[string]any, 0, len(entries))
	for _, e := range entries {
		m, ok := e.(map[string]any)
		if !ok {
			continue
		}
		if _, ok := m[mCollection].(string); ok {
			out = append(out, m)
		}
	}
	return out
}

// SortForIntake puts a batch in the order it is taken in (05 §8 step 3):
// sys.collection versions first, then seq ascending, then id ascending (our
// choice, so the order is the same whatever the sender's).
func SortForIntake(vs []*Version) {
	slices.SortStableFunc(vs, func(a, b *Version) int {
		ad, bd := a.Collection == "sys.collection", b.Collection == "sys.collection"
		if ad != bd {
			if ad {
				return -1
			}
			return 1
		}
		return cmp.Or(cmp.Compare(a.Seq, b.Seq), cmp.Compare(a.ID, b.ID))
	})
}

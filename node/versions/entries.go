package versions

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"minca.dev/desktop/core/negentropy"
)

// The entries of 05 §10, spelled as the spec spells their keys. A Store
// keeps them in its own layout (see the package doc for the SQLite tables);
// Dump spells them this way so any two stores can be compared.
const (
	prefixCurrent  = "r/" // r/<record key>: the current version
	prefixFirst    = "g/" // g/<record key>: the lowest-id first version, once demoted
	prefixRetained = "h/" // h/<record key>/<seq>/<id>: a retained version, not current
	prefixItem     = "i/" // i/<collection>/<time>/<id>: every version kept
	// seqDigits is the width of seq in an h/ key: zero-padded decimal, so
	// keys sort by seq (2^53−1 has 16 digits; the reference pads to 15).
	seqDigits = 15
)

func currentEntry(key string) string { return prefixCurrent + key }
func firstEntry(key string) string   { return prefixFirst + key }

func retainedEntryKey(key string, seq int64, id string) string {
	return fmt.Sprintf("%s%s/%0*d/%s", prefixRetained, key, seqDigits, seq, id)
}

func itemEntry(collection string, time uint64, id string) string {
	return fmt.Sprintf("%s%s/%d/%s", prefixItem, encodeURIComponent(collection), time, id)
}

// encodeURIComponent escapes as JavaScript's encodeURIComponent does, the
// spelling of <collection> in an i/ key. Valid collection names (02 §6.1)
// need no escaping; this keeps the spelling right for any string.
func encodeURIComponent(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("-_.!~*'()", c) >= 0 {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

func newDump() Dump {
	return Dump{Entries: map[string]string{}, Versions: map[string]Form{}, Sums: map[string]CollectionSum{}}
}

// sortRetained orders h/ entries of one key as their keys sort: seq, then id.
func sortRetained(rs []retainedEntry) {
	slices.SortFunc(rs, func(a, b retainedEntry) int {
		return cmp.Or(cmp.Compare(a.seq, b.seq), strings.Compare(a.id, b.id))
	})
}

// sortByItem orders versions of one collection as their items (05 §2).
func sortByItem(vs []*memVersion) {
	slices.SortFunc(vs, func(a, b *memVersion) int {
		return negentropy.Item{Timestamp: a.time, ID: a.item}.Compare(negentropy.Item{Timestamp: b.time, ID: b.item})
	})
}

package negentropy

// Storage is the item set a reconciler works on: the items of one collection
// in the order of 05 §2, without duplicates, numbered from 0.
//
// A Storage must not change while a reconciler uses it (a session builds its
// item set and keeps it, 05 §6.3). Indexes passed in are always within
// 0 ≤ begin ≤ end ≤ Len().
//
// [Vector] is the implementation this package offers; a store that already
// keeps its items sorted with prefix or subtree sums can implement Storage
// directly.
type Storage interface {
	// Len is the number of items.
	Len() int
	// Item is the item at index i.
	Item(i int) Item
	// Search is the index of the first item in [begin, end) that is not
	// before b, or end when there is none.
	Search(begin, end int, b Bound) int
	// Sum is the sum of the ids of the items in [begin, end) (05 §3.3).
	// Reconciliation asks for a sum per range it sends or checks, so this
	// should cost O(1) or O(log n), not O(end − begin).
	Sum(begin, end int) Sum
}

// rangeFingerprint is the fingerprint of items [begin, end) of s.
func rangeFingerprint(s Storage, begin, end int) Fingerprint {
	return s.Sum(begin, end).Fingerprint(end - begin)
}

package negentropy

import (
	"fmt"
	"slices"
)

// Vector is a Storage held in memory: the items sorted, and the prefix sums
// of their ids, so the sum of any range is one subtraction (05 §3.3). It costs
// 72 bytes per item and does not change once made.
type Vector struct {
	items  []Item
	prefix []Sum // prefix[i] is the sum of the ids of items[:i]
}

// NewVector makes a Vector of the items, in any order. Equal items are one
// item (05 §2). It rejects a timestamp above MaxTimestamp, changing nothing.
// The slice passed in is not kept.
func NewVector(items []Item) (*Vector, error) {
	for i := range items {
		if items[i].Timestamp > MaxTimestamp {
			return nil, fmt.Errorf("item %d (%s): %w", i, items[i].ID, ErrTimestamp)
		}
	}
	sorted := slices.Clone(items)
	if !slices.IsSortedFunc(sorted, Item.Compare) { // a store may list them in order already
		slices.SortFunc(sorted, Item.Compare)
	}
	sorted = slices.CompactFunc(sorted, func(a, b Item) bool { return a == b })
	prefix := make([]Sum, len(sorted)+1)
	for i := range sorted {
		prefix[i+1] = prefix[i].Add(SumOf(sorted[i].ID))
	}
	return &Vector{items: sorted, prefix: prefix}, nil
}

// Len is the number of items.
func (v *Vector) Len() int { return len(v.items) }

// Item is the item at index i.
func (v *Vector) Item(i int) Item { return v.items[i] }

// Items are the items in order; the caller must not change them.
func (v *Vector) Items() []Item { return v.items }

// Search is the index of the first item in [begin, end) not before b. It
// gallops from begin before it bisects: a reconciler searches range after
// range from where the last one ended, so the answer is usually close, and
// the few items it touches are close together in memory.
func (v *Vector) Search(begin, end int, b Bound) int {
	lo, hi := begin, begin
	for step := 1; hi < end && b.HasBefore(&v.items[hi]); step <<= 1 {
		lo = hi + 1
		hi += step
	}
	hi = min(hi, end)
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if b.HasBefore(&v.items[mid]) {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return lo
}

// Sum is the sum of the ids of items [begin, end): O(1).
func (v *Vector) Sum(begin, end int) Sum {
	return v.prefix[end].Sub(v.prefix[begin])
}

// Total is the sum of every id, the running sum a store keeps (05 §10).
func (v *Vector) Total() Sum { return v.prefix[len(v.items)] }

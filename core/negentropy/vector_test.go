package negentropy

import (
	"errors"
	"testing"
)

func TestNewVector(t *testing.T) {
	a, b, c := Item{5, ID{2}}, Item{5, ID{1}}, Item{3, ID{9}}
	v := mustVector(t, []Item{a, b, c, a, b})
	if v.Len() != 3 || v.Item(0) != c || v.Item(1) != b || v.Item(2) != a {
		t.Errorf("got %v, want c, b, a", v.Items())
	}
	if v.Total() != SumIDs([]ID{a.ID, b.ID, c.ID}) {
		t.Error("Total is not the sum of the ids")
	}
	if _, err := NewVector([]Item{a, {MaxTimestamp + 1, ID{}}}); !errors.Is(err, ErrTimestamp) {
		t.Errorf("timestamp past 2^53−1: got %v", err)
	}
	if _, err := NewVector([]Item{{MaxTimestamp, ID{}}}); err != nil {
		t.Errorf("timestamp 2^53−1: %v", err)
	}
}

// TestSumsComeApart: a sum taken apart and put together gives the same
// fingerprint, and a running sum follows additions and removals (05 §3.3, §10).
func TestSumsComeApart(t *testing.T) {
	var ids []ID
	for i := range 100 {
		var id ID
		for j := range id {
			id[j] = byte(i*31 + j*7)
		}
		id[31] = 0xff // carries across every word
		ids = append(ids, id)
	}
	whole := FingerprintOf(ids)
	if got := SumIDs(ids[:50]).Add(SumIDs(ids[50:])).Fingerprint(100); got != whole {
		t.Error("halves put together differ")
	}
	if got := SumIDs(ids).Sub(SumIDs(ids[:30])); got != SumIDs(ids[30:]) {
		t.Error("subtracting a part does not leave the rest")
	}
	max := Sum{^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)}
	if got := max.Add(Sum{1}); got != (Sum{}) {
		t.Errorf("2^256 − 1 + 1 = %v, want 0", got)
	}
	if got := (Sum{}).Sub(Sum{1}); got != max {
		t.Errorf("0 − 1 = %v, want 2^256 − 1", got)
	}
}

package negentropy

import (
	"errors"
	"math/big"
	"math/rand/v2"
	"slices"
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

// TestSumMatchesBigInt: Sum is the sum mod 2^256 of the ids read as
// little-endian integers (05 §3.3), carries included — also where every word
// is all ones, a case the Go port's 32-bit accumulator gets wrong (it drops
// the carry when both words are 0xffffffff and a carry comes in).
func TestSumMatchesBigInt(t *testing.T) {
	mod := new(big.Int).Lsh(big.NewInt(1), 256)
	asInt := func(b []byte) *big.Int { // little-endian
		r := slices.Clone(b)
		slices.Reverse(r)
		return new(big.Int).SetBytes(r)
	}
	rng := rand.New(rand.NewPCG(13, 14))
	var ids []ID
	var ones, carry ID
	for i := range ones {
		ones[i] = 0xff
	}
	for i := 4; i < 8; i++ {
		carry[i] = 0xff
	}
	carry[0] = 1
	ids = append(ids, ones, carry, ones, ID{1})
	for range 200 {
		ids = append(ids, randomItem(rng, 1).ID)
	}
	want := new(big.Int)
	var got Sum
	for _, id := range ids {
		want.Add(want, asInt(id[:])).Mod(want, mod)
		got = got.Add(SumOf(id))
		b := got.Bytes()
		if asInt(b[:]).Cmp(want) != 0 {
			t.Fatalf("after %x: got %x, want %x", id, b, want)
		}
	}
}

// Package storagetest is the one suite every negentropy.Storage must pass
// (05 §2, §3.3): items in order without duplicates, searches that agree with
// a scan, range sums that agree with adding up, and a reconciliation whose
// messages are the same bytes as over a negentropy.Vector.
package storagetest

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"testing"

	"minca.dev/desktop/core/negentropy"
)

// Maker makes a Storage holding items (given in any order, maybe repeated).
type Maker func(items []negentropy.Item) (negentropy.Storage, error)

// Run checks make against the suite, with seeded random items.
func Run(t *testing.T, make Maker) {
	for _, c := range []struct {
		name   string
		n      int
		spread uint64
	}{
		{"empty", 0, 1},
		{"one", 1, 1},
		{"equal timestamps", 500, 1},
		{"few timestamps", 2_000, 10},
		{"spread", 3_000, 1 << 40},
	} {
		t.Run(c.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(c.n), c.spread))
			items := randomItems(rng, c.n, c.spread)
			items = append(items, items[:c.n/10]...) // repeats are one item
			s, err := make(items)
			if err != nil {
				t.Fatal(err)
			}
			want := sortedUnique(items)
			checkItems(t, s, want)
			checkSearch(t, rng, s, want)
			checkSums(t, rng, s, want)
			checkReconcile(t, rng, s, want, make)
		})
	}
}

func randomItems(rng *rand.Rand, n int, spread uint64) []negentropy.Item {
	items := make([]negentropy.Item, n)
	for i := range items {
		items[i].Timestamp = 1_700_000_000 + rng.Uint64N(spread)
		for j := range items[i].ID {
			items[i].ID[j] = byte(rng.Uint32())
		}
		items[i].ID[0] &= 0x0f // shared first nibbles make prefix bounds matter
	}
	return items
}

func sortedUnique(items []negentropy.Item) []negentropy.Item {
	s := slices.Clone(items)
	slices.SortFunc(s, negentropy.Item.Compare)
	return slices.Compact(s)
}

func checkItems(t *testing.T, s negentropy.Storage, want []negentropy.Item) {
	t.Helper()
	if s.Len() != len(want) {
		t.Fatalf("Len %d, want %d", s.Len(), len(want))
	}
	for i := range want {
		if s.Item(i) != want[i] {
			t.Fatalf("Item(%d) out of order", i)
		}
	}
}

// bounds worth searching for: every kind the protocol sends.
func someBounds(rng *rand.Rand, want []negentropy.Item) []negentropy.Bound {
	bs := []negentropy.Bound{{}, negentropy.InfiniteBound, negentropy.NewBound(1_700_000_000, nil)}
	for range 200 {
		if len(want) == 0 {
			break
		}
		it := want[rng.IntN(len(want))]
		bs = append(bs,
			negentropy.ItemBound(it),
			negentropy.NewBound(it.Timestamp, nil),
			negentropy.NewBound(it.Timestamp, it.ID[:1+rng.IntN(4)]),
			negentropy.NewBound(it.Timestamp+1, nil))
	}
	return bs
}

func checkSearch(t *testing.T, rng *rand.Rand, s negentropy.Storage, want []negentropy.Item) {
	t.Helper()
	for _, b := range someBounds(rng, want) {
		begin := rng.IntN(len(want) + 1)
		end := begin + rng.IntN(len(want)-begin+1)
		scan := begin
		for scan < end && b.HasBefore(&want[scan]) {
			scan++
		}
		if got := s.Search(begin, end, b); got != scan {
			t.Fatalf("Search(%d, %d, %d/%x) = %d, want %d", begin, end, b.Timestamp, b.Bytes(), got, scan)
		}
	}
}

func checkSums(t *testing.T, rng *rand.Rand, s negentropy.Storage, want []negentropy.Item) {
	t.Helper()
	for range 200 {
		begin := rng.IntN(len(want) + 1)
		end := begin + rng.IntN(len(want)-begin+1)
		var sum negentropy.Sum
		for _, it := range want[begin:end] {
			sum = sum.Add(negentropy.SumOf(it.ID))
		}
		if got := s.Sum(begin, end); got != sum {
			t.Fatalf("Sum(%d, %d) differs from adding up", begin, end)
		}
	}
}

// checkReconcile runs s against a Vector of other items both ways, and
// compares every message with the same run over Vectors alone.
func checkReconcile(t *testing.T, rng *rand.Rand, s negentropy.Storage, want []negentropy.Item, make Maker) {
	t.Helper()
	other := slices.Clone(want)
	other = slices.DeleteFunc(other, func(negentropy.Item) bool { return rng.IntN(10) == 0 })
	other = append(other, randomItems(rng, len(want)/10+1, 1000)...)
	ov, err := negentropy.NewVector(other)
	if err != nil {
		t.Fatal(err)
	}
	wv, err := negentropy.NewVector(want)
	if err != nil {
		t.Fatal(err)
	}
	for _, limit := range []int{0, negentropy.MinFrameLimit} {
		if got, ref := transcript(t, s, ov, limit), transcript(t, wv, ov, limit); !slices.EqualFunc(got, ref, bytes.Equal) {
			t.Fatalf("limit %d, as initiator: messages differ from a Vector's", limit)
		}
		if got, ref := transcript(t, ov, s, limit), transcript(t, ov, wv, limit); !slices.EqualFunc(got, ref, bytes.Equal) {
			t.Fatalf("limit %d, as responder: messages differ from a Vector's", limit)
		}
	}
}

func transcript(t *testing.T, a, b negentropy.Storage, limit int) [][]byte {
	t.Helper()
	in, err := negentropy.NewInitiator(a, limit)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := negentropy.NewResponder(b, limit)
	if err != nil {
		t.Fatal(err)
	}
	var msgs [][]byte
	for msg := in.Initiate(); msg != nil; {
		answer, err := resp.Respond(msg)
		if err != nil {
			t.Fatal(err)
		}
		msgs = append(msgs, msg, answer)
		round, err := in.Reconcile(answer)
		if err != nil {
			t.Fatal(err)
		}
		msg = round.Next
		if len(msgs) > 10_000 {
			t.Fatal("no end")
		}
	}
	return msgs
}

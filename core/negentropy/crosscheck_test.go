package negentropy

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// TestCrossCheckPort runs the same random sets through this package and the
// Go port of the reference (go-nostr nip77/negentropy with storage/vector):
// every message must be the same bytes, so the rounds and bytes are too.
func TestCrossCheckPort(t *testing.T) {
	cases := []struct {
		shared, onlyA, onlyB int
		spread               uint64
		limit                int
	}{
		{0, 0, 0, 10, 0},
		{0, 5, 0, 10, 0},
		{0, 0, 5, 10, 0},
		{10, 3, 4, 5, 0},
		{31, 1, 0, 1000, 0},
		{32, 0, 1, 1000, 0},
		{500, 20, 20, 3, 0},
		{2_000, 1, 0, 100_000, 0},
		{2_000, 300, 300, 50, 0},
		{3_000, 400, 400, 5_000, 4096},
		{5_000, 0, 3_000, 10, 4096},
		{0, 3_000, 3_000, 1_000_000, 4096},
		{20_000, 1_000, 1_000, 20_000, 32_000},
		{20_000, 0, 0, 20_000, 32_000},
	}
	for i, c := range cases {
		rng := rand.New(rand.NewPCG(7, uint64(i)))
		p := randomPair(rng, c.shared, c.onlyA, c.onlyB, c.spread)
		ours, err := runOurs(mustVector(t, p.a), mustVector(t, p.b), c.limit, true)
		if err != nil {
			t.Fatalf("case %d: ours: %v", i, err)
		}
		theirs, err := runPort(portVector(p.a), portVector(p.b), c.limit, true)
		if err != nil {
			t.Fatalf("case %d: port: %v", i, err)
		}
		if ours.rounds != theirs.rounds || ours.bytes != theirs.bytes || len(ours.msgs) != len(theirs.msgs) {
			t.Fatalf("case %d: ours %d rounds %d bytes %d messages, port %d/%d/%d",
				i, ours.rounds, ours.bytes, len(ours.msgs), theirs.rounds, theirs.bytes, len(theirs.msgs))
		}
		for m := range ours.msgs {
			if !bytes.Equal(ours.msgs[m], theirs.msgs[m]) {
				t.Fatalf("case %d: message %d differs:\n ours %x\n port %x", i, m, ours.msgs[m], theirs.msgs[m])
			}
		}
		if !sameSet(ours.have, theirs.have) || !sameSet(ours.need, theirs.need) {
			t.Errorf("case %d: have/need differ from the port's", i)
		}
		if !sameSet(ours.have, p.onlyA) || !sameSet(ours.need, p.onlyB) {
			t.Errorf("case %d: have %d need %d, want %d and %d", i, len(idSet(ours.have)), len(idSet(ours.need)), len(p.onlyA), len(p.onlyB))
		}
		t.Logf("case %d: %d rounds, %d bytes", i, ours.rounds, ours.bytes)
	}
}

package negentropy

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestTwoPeersProperty: random sets with random differences reconcile
// exactly, with and without a frame limit, and no message passes the limit.
func TestTwoPeersProperty(t *testing.T) {
	runs := 300
	if testing.Short() {
		runs = 60
	}
	spreads := []uint64{1, 3, 50, 5_000, 1 << 40}
	limits := []int{0, 4096, 6000, 32_000}
	for seed := range runs {
		rng := rand.New(rand.NewPCG(uint64(seed), 0x5eed))
		shared := rng.IntN(3_000)
		if rng.IntN(4) == 0 {
			shared = rng.IntN(40)
		}
		onlyA, onlyB := rng.IntN(300), rng.IntN(300)
		if rng.IntN(3) == 0 {
			onlyA, onlyB = rng.IntN(3), rng.IntN(3)
		}
		spread, limit := spreads[rng.IntN(len(spreads))], limits[rng.IntN(len(limits))]
		p := randomPair(rng, shared, onlyA, onlyB, spread)
		x, err := runOurs(mustVector(t, p.a), mustVector(t, p.b), limit, true)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if !sameSet(x.have, p.onlyA) || !sameSet(x.need, p.onlyB) {
			t.Fatalf("seed %d (%d shared, %d/%d only, spread %d, limit %d): have %d need %d",
				seed, shared, onlyA, onlyB, spread, limit, len(idSet(x.have)), len(idSet(x.need)))
		}
		checkLimit(t, x.msgs, limit)
	}
}

func checkLimit(t *testing.T, msgs [][]byte, limit int) {
	t.Helper()
	for i, m := range msgs {
		if limit != 0 && len(m) > limit {
			t.Fatalf("message %d is %d bytes, limit %d", i, len(m), limit)
		}
		if _, err := Decode(m); err != nil {
			t.Fatalf("message %d does not decode: %v", i, err)
		}
	}
}

func TestEqualSetsTakeOneRound(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	p := randomPair(rng, 10_000, 0, 0, 5_000)
	x, err := runOurs(mustVector(t, p.a), mustVector(t, p.b), 32_000, false)
	if err != nil || x.rounds != 1 || len(x.have)+len(x.need) != 0 {
		t.Errorf("got %d rounds, have %d, need %d, %v", x.rounds, len(x.have), len(x.need), err)
	}
}

// TestFrameLimitSpreadsRounds: a limit spreads a big difference over more
// rounds, each message within it, and loses nothing.
func TestFrameLimitSpreadsRounds(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	p := randomPair(rng, 0, 3_000, 3_000, 5_000)
	a, b := mustVector(t, p.a), mustVector(t, p.b)
	free, err := runOurs(a, b, 0, false)
	if err != nil {
		t.Fatal(err)
	}
	for _, limit := range []int{4096, 10_000, 32_000} {
		x, err := runOurs(a, b, limit, true)
		if err != nil {
			t.Fatal(err)
		}
		if !sameSet(x.have, p.onlyA) || !sameSet(x.need, p.onlyB) || x.rounds <= free.rounds {
			t.Errorf("limit %d: %d rounds (free: %d), have %d, need %d", limit, x.rounds, free.rounds, len(idSet(x.have)), len(idSet(x.need)))
		}
		checkLimit(t, x.msgs, limit)
	}
}

// TestFrameLimitCutsIDList: a responder's IdList that would pass L − 200
// leaves ids out, ends at the first one left out (its full id), and a range
// to infinity carries the fingerprint of the rest (05 §3.4).
func TestFrameLimitCutsIDList(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	p := randomPair(rng, 0, 0, 3_000, 1_000)
	b := mustVector(t, p.b)
	resp, _ := NewResponder(b, 4096)
	answer, err := resp.Respond(mustHex(t, "61 00 00 02 00"))
	if err != nil {
		t.Fatal(err)
	}
	m, err := Decode(answer)
	if err != nil {
		t.Fatal(err)
	}
	// 1 + 32k ≤ 4096 − 200 holds for k ≤ 121, so the 122nd id is the last one in.
	const kept = 122
	if len(m.Ranges) != 2 || m.Ranges[0].Mode != ModeIDList || len(m.Ranges[0].IDs) != kept {
		t.Fatalf("got %d ranges: %+v", len(m.Ranges), m.Ranges[0].Mode)
	}
	if m.Ranges[0].Upper != ItemBound(b.Item(kept)) {
		t.Errorf("IdList bound is not the first item left out")
	}
	last := m.Ranges[1]
	if last.Upper != InfiniteBound || last.Mode != ModeFingerprint || last.Fingerprint != rangeFingerprint(b, kept, b.Len()) {
		t.Errorf("last range is not the fingerprint of the rest to infinity")
	}
	if len(answer) > 4096 {
		t.Errorf("answer of %d bytes", len(answer))
	}
}

// TestInitiatorToleratesRepeats: an id listed twice, or named again in a
// later round, is taken in stride (05 §3.4).
func TestInitiatorToleratesRepeats(t *testing.T) {
	id1, id3 := idHex(t, "01"+strings.Repeat("00", 31)), idHex(t, "03"+strings.Repeat("00", 31))
	in, _ := NewInitiator(mustVector(t, []Item{{1_700_000_000, id1}}), 0)
	answer := mustHex(t, "61 00 00 02 02"+id3.String()+id3.String())
	for range 2 {
		r, err := in.Reconcile(answer)
		if err != nil || !r.Done() || len(r.Have) != 1 || r.Have[0] != id1 || len(r.Need) != 1 || r.Need[0] != id3 {
			t.Fatalf("got have %v need %v done %v, %v", r.Have, r.Need, r.Done(), err)
		}
	}
}

// TestResponderIsStateless: the same message gets the same answer, whatever
// came before.
func TestResponderIsStateless(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	p := randomPair(rng, 1_000, 50, 50, 100)
	a, b := mustVector(t, p.a), mustVector(t, p.b)
	in, _ := NewInitiator(a, 0)
	resp, _ := NewResponder(b, 0)
	first := in.Initiate()
	once, _ := resp.Respond(first)
	if _, err := resp.Respond(mustHex(t, "61 00 00 02 00")); err != nil {
		t.Fatal(err)
	}
	if _, err := resp.Respond([]byte{0x12}); err == nil {
		t.Fatal("accepted a non-Negentropy message")
	}
	again, _ := resp.Respond(first)
	if !bytes.Equal(once, again) {
		t.Error("the answer changed")
	}
}

// TestSpecFigure2000: two stores of 2,000 versions differing by one
// exchange under 8 KB in total (05 §1) — Negentropy's share of it, with
// versions a second apart as in the test the spec cites.
func TestSpecFigure2000(t *testing.T) {
	items := make([]Item, 2_001)
	for i := range items {
		items[i] = Item{
			Timestamp: 1_700_000_000 + uint64(i),
			ID:        sha256.Sum256(binary.BigEndian.AppendUint64([]byte("version "), uint64(i))),
		}
	}
	for _, limit := range []int{0, 32_000} {
		// b holds every version; a lacks one, in the middle.
		a := append(items[:1000:1000], items[1001:]...)
		x, err := runOurs(mustVector(t, a), mustVector(t, items), limit, false)
		if err != nil {
			t.Fatal(err)
		}
		if len(x.need) != 1 || x.need[0] != items[1000].ID || len(x.have) != 0 || x.bytes >= 8_000 {
			t.Errorf("limit %d: %d rounds, %d bytes, need %d, have %d", limit, x.rounds, x.bytes, len(x.need), len(x.have))
		}
		t.Logf("limit %d: %d rounds, %d bytes", limit, x.rounds, x.bytes)
	}
}

package negentropy

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// fuzzStore is a small fixed store with equal timestamps and close ids, so
// fuzzed bounds land between its items.
func fuzzStore(t testing.TB) *Vector {
	rng := rand.New(rand.NewPCG(11, 12))
	items := make([]Item, 300)
	for i := range items {
		items[i] = randomItem(rng, 20)
		items[i].ID[0] = byte(i % 7)
	}
	return mustVector(t, items)
}

// FuzzDecode: Decode never panics; what it takes re-encodes to a message that
// decodes to the same thing; it rejects only with the package's errors; and
// both sides answer what it takes within the frame limit.
func FuzzDecode(f *testing.F) {
	for _, h := range []string{
		"6100000200",
		"610000020201" + strings.Repeat("00", 31) + "02" + strings.Repeat("00", 31),
		"61050000010000",
		"610501100001010500",
		"6186aacfe201011501f1a1bb247738a1f6a84af833c7949a22020001a7bc8b8b3ba35ff2ca22a88a93f72c30",
		"610021", "61000003", "6180", "619080808080808000", "62", "12",
		"6100000100112233445566778899aabbccddeeff",
	} {
		f.Add(mustHex(f, h))
	}
	store := fuzzStore(f)
	resp, _ := NewResponder(store, MinFrameLimit)
	in, _ := NewInitiator(store, MinFrameLimit)
	f.Fuzz(func(t *testing.T, msg []byte) {
		m, err := Decode(msg)
		if err != nil {
			if !errors.Is(err, ErrMalformed) && !errors.Is(err, ErrVersion) && !errors.Is(err, ErrNotNegentropy) {
				t.Fatalf("unexpected error kind: %v", err)
			}
			return
		}
		again, err := Decode(m.Encode())
		if err != nil || !reflect.DeepEqual(normalize(again), normalize(m)) || !bytes.Equal(again.Encode(), m.Encode()) {
			t.Fatalf("re-encoding changed the message: %v", err)
		}
		for _, answer := range answers(t, resp, in, msg) {
			if len(answer) > MinFrameLimit {
				t.Fatalf("answer of %d bytes", len(answer))
			}
			if _, err := Decode(answer); err != nil {
				t.Fatalf("answer does not decode: %v", err)
			}
		}
	})
}

func answers(t *testing.T, resp *Responder, in *Initiator, msg []byte) [][]byte {
	out, err := resp.Respond(msg)
	if err != nil {
		t.Fatalf("responder refused a message Decode took: %v", err)
	}
	round, err := in.Reconcile(msg)
	if err != nil {
		t.Fatalf("initiator refused a message Decode took: %v", err)
	}
	if round.Next == nil {
		return [][]byte{out}
	}
	return [][]byte{out, round.Next}
}

// normalize makes empty and nil id lists alike for comparison.
func normalize(m Message) Message {
	for i := range m.Ranges {
		if len(m.Ranges[i].IDs) == 0 {
			m.Ranges[i].IDs = nil
		}
	}
	return m
}

// FuzzTwoPeers: seeded random pairs of sets reconcile exactly within the
// frame limit.
func FuzzTwoPeers(f *testing.F) {
	f.Add(uint64(1), uint16(100), uint16(5), uint16(5), uint32(10), uint16(0))
	f.Add(uint64(2), uint16(2000), uint16(300), uint16(0), uint32(1), uint16(1))
	f.Add(uint64(3), uint16(0), uint16(400), uint16(400), uint32(1000), uint16(2))
	f.Add(uint64(4), uint16(31), uint16(1), uint16(0), uint32(0), uint16(3))
	limits := []int{0, 4096, 5000, 32_000}
	f.Fuzz(func(t *testing.T, seed uint64, shared, onlyA, onlyB uint16, spread uint32, limit uint16) {
		rng := rand.New(rand.NewPCG(seed, 1))
		p := randomPair(rng, int(shared%5000), int(onlyA%1000), int(onlyB%1000), uint64(spread)+1)
		x, err := runOurs(mustVector(t, p.a), mustVector(t, p.b), limits[int(limit)%len(limits)], true)
		if err != nil {
			t.Fatal(err)
		}
		if !sameSet(x.have, p.onlyA) || !sameSet(x.need, p.onlyB) {
			t.Fatalf("have %d need %d, want %d and %d", len(idSet(x.have)), len(idSet(x.need)), len(p.onlyA), len(p.onlyB))
		}
		checkLimit(t, x.msgs, limits[int(limit)%len(limits)])
	})
}

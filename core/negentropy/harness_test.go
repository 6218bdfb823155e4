package negentropy

import (
	"encoding/hex"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"

	"github.com/nbd-wtf/go-nostr"
	port "github.com/nbd-wtf/go-nostr/nip77/negentropy"
	portvector "github.com/nbd-wtf/go-nostr/nip77/negentropy/storage/vector"
)

// exchange is one whole reconciliation between an initiator and a responder
// in one process.
type exchange struct {
	msgs   [][]byte // every message, in order (kept when recording)
	rounds int      // messages the responder answered
	bytes  int      // bytes of every message, both ways
	have   []ID     // what the initiator reported, duplicates included
	need   []ID
}

// maxRounds stops a reconciliation that does not end.
const maxRounds = 100_000

// runOurs reconciles a (initiator) with b (responder).
func runOurs(a, b Storage, limit int, record bool) (exchange, error) {
	var x exchange
	in, err := NewInitiator(a, limit)
	if err != nil {
		return x, err
	}
	resp, err := NewResponder(b, limit)
	if err != nil {
		return x, err
	}
	msg := in.Initiate()
	for msg != nil {
		if x.rounds == maxRounds {
			return x, fmt.Errorf("no end after %d rounds", maxRounds)
		}
		x.note(msg, record)
		answer, err := resp.Respond(msg)
		if err != nil {
			return x, fmt.Errorf("round %d: responder: %w", x.rounds, err)
		}
		x.rounds++
		x.note(answer, record)
		round, err := in.Reconcile(answer)
		if err != nil {
			return x, fmt.Errorf("round %d: initiator: %w", x.rounds, err)
		}
		x.have = append(x.have, round.Have...)
		x.need = append(x.need, round.Need...)
		msg = round.Next
	}
	return x, nil
}

func (x *exchange) note(msg []byte, record bool) {
	x.bytes += len(msg)
	if record {
		x.msgs = append(x.msgs, msg)
	}
}

// portVector is the Go port's storage holding the items.
func portVector(items []Item) *portvector.Vector {
	v := portvector.New()
	for _, it := range items {
		v.Insert(nostr.Timestamp(it.Timestamp), hex.EncodeToString(it.ID[:]))
	}
	v.Seal()
	return v
}

// runPort reconciles a (client) with b (server) with the Go port
// (github.com/nbd-wtf/go-nostr nip77/negentropy), draining its have and
// need channels as its own tests do.
func runPort(a, b *portvector.Vector, limit int, record bool) (x exchange, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("port panicked: %v", r)
		}
	}()
	client, server := port.New(a, limit), port.New(b, limit)
	var wg sync.WaitGroup
	drain := func(ch chan string, into *[]ID) {
		defer wg.Done()
		for s := range ch {
			var id ID
			hex.Decode(id[:], []byte(s))
			*into = append(*into, id)
		}
	}
	wg.Add(2)
	go drain(client.Haves, &x.have)
	go drain(client.HaveNots, &x.need)

	msg := client.Start()
	for msg != "" {
		x.notePort(msg, record)
		answer, err := server.Reconcile(msg)
		if err != nil {
			return x, fmt.Errorf("round %d: port server: %w", x.rounds, err)
		}
		x.rounds++
		x.notePort(answer, record)
		if msg, err = client.Reconcile(answer); err != nil {
			return x, fmt.Errorf("round %d: port client: %w", x.rounds, err)
		}
	}
	wg.Wait()
	return x, nil
}

func (x *exchange) notePort(msg string, record bool) {
	x.bytes += len(msg) / 2
	if record {
		b, _ := hex.DecodeString(msg)
		x.msgs = append(x.msgs, b)
	}
}

// pair is two item sets to reconcile, and what each lacks.
type pair struct {
	a, b       []Item
	onlyA      []ID
	onlyB      []ID
	sharedSize int
}

// randomItem is an item with a random id and a timestamp in [base, base+spread).
func randomItem(rng *rand.Rand, spread uint64) Item {
	var it Item
	it.Timestamp = 1_700_000_000 + rng.Uint64N(spread)
	for i := 0; i < IDSize; i += 8 {
		v := rng.Uint64()
		for j := range 8 {
			it.ID[i+j] = byte(v >> (8 * j))
		}
	}
	return it
}

// randomPair makes shared items both hold, plus onlyA and onlyB items, with
// timestamps spread over spread seconds (a small spread gives many equal
// timestamps, so bounds need id prefixes).
func randomPair(rng *rand.Rand, shared, onlyA, onlyB int, spread uint64) pair {
	var p pair
	p.sharedSize = shared
	common := make([]Item, shared)
	for i := range common {
		common[i] = randomItem(rng, spread)
	}
	p.a, p.b = slices.Clone(common), common
	for range onlyA {
		it := randomItem(rng, spread)
		p.a = append(p.a, it)
		p.onlyA = append(p.onlyA, it.ID)
	}
	for range onlyB {
		it := randomItem(rng, spread)
		p.b = append(p.b, it)
		p.onlyB = append(p.onlyB, it.ID)
	}
	return p
}

// droppedPair is the benchmark's shape (PERFORMANCE-TARGETS.md): n items on
// one side; the other drops d of them and holds d new ones instead.
func droppedPair(rng *rand.Rand, n, d int) pair {
	p := randomPair(rng, n-d, d, d, uint64(n))
	return p
}

// idSet is the set of ids, duplicates folded.
func idSet(ids []ID) map[ID]struct{} {
	s := make(map[ID]struct{}, len(ids))
	for _, id := range ids {
		s[id] = struct{}{}
	}
	return s
}

// sameSet says whether got, duplicates folded, is exactly want.
func sameSet(got, want []ID) bool {
	g, w := idSet(got), idSet(want)
	if len(g) != len(w) {
		return false
	}
	for id := range w {
		if _, ok := g[id]; !ok {
			return false
		}
	}
	return true
}

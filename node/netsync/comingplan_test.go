package netsync

import (
	"crypto/sha256"
	"encoding/binary"
	"testing"

	"minca.dev/desktop/core/negentropy"
	"minca.dev/desktop/core/syncmsg"
)

// TestPlanCountsInOneRound: from the peer's first reconcile alone, one
// round of counting sessions answered by a real responder over the peer's
// items finds exactly the ids the peer holds and this node lacks: 20,000
// items written over a minute (a few hundred a second), this node holding
// none, then half of them and 500 of its own. A peer of fewer than 32
// items names them in its reconcile, and nothing is asked.
func TestPlanCountsInOneRound(t *testing.T) {
	item := func(i int) negentropy.Item {
		var b [8]byte
		binary.BigEndian.PutUint64(b[:], uint64(i))
		return negentropy.Item{Timestamp: 1_764_000_000 + uint64(i/350), ID: sha256.Sum256(b[:])}
	}
	vector := func(items []negentropy.Item) *negentropy.Vector {
		v, err := negentropy.NewVector(items)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	var peer, half []negentropy.Item
	for i := range 20_000 {
		peer = append(peer, item(i))
		if i%2 == 0 {
			half = append(half, item(i))
		}
	}
	for i := range 500 {
		half = append(half, item(1_000_000+i))
	}
	for _, c := range []struct {
		name  string
		peer  []negentropy.Item
		ours  []negentropy.Item
		lacks int
		asks  bool
	}{
		{"none held", peer, nil, 20_000, true},
		{"half held", peer, half, 10_000, true},
		{"all held", peer, peer, 0, false},
		{"a small peer", peer[:20], half[:5], 15, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			theirs := vector(c.peer)
			in, err := negentropy.NewInitiator(theirs, syncmsg.MaxFrame)
			if err != nil {
				t.Fatal(err)
			}
			first, err := negentropy.Decode(in.Initiate())
			if err != nil {
				t.Fatal(err)
			}
			spans, named := plan(first, vector(c.ours))
			if (len(spans) > 0) != c.asks {
				t.Fatalf("%d spans asked about", len(spans))
			}
			found := map[negentropy.ID]bool{}
			for _, id := range named {
				found[id] = true
			}
			for _, sp := range spans {
				r, err := negentropy.NewResponder(theirs, syncmsg.MaxFrame)
				if err != nil {
					t.Fatal(err)
				}
				out, err := r.Respond(sp.ask())
				if err != nil {
					t.Fatalf("the responder refuses %x: %v", sp.ask(), err)
				}
				got, err := negentropy.Decode(out)
				if err != nil {
					t.Fatal(err)
				}
				for _, rg := range got.Ranges {
					if rg.Mode == negentropy.ModeFingerprint {
						t.Errorf("span %v–%v: the answer was cut short", sp.lo, sp.hi)
					}
					for _, id := range rg.IDs {
						if !sp.ours[id] {
							found[id] = true
						}
					}
				}
			}
			held := map[negentropy.ID]bool{}
			for _, it := range c.ours {
				held[it.ID] = true
			}
			lacks := 0
			for _, it := range c.peer {
				if !held[it.ID] {
					lacks++
					if !found[it.ID] {
						t.Fatalf("%x not found", it.ID)
					}
				}
			}
			if lacks != c.lacks || len(found) != lacks {
				t.Fatalf("found %d, the peer has %d this node lacks (want %d)", len(found), lacks, c.lacks)
			}
			t.Logf("%d spans, %d named", len(spans), len(named))
		})
	}
}

// TestCut: a range cut by position keeps its ends and cuts in order,
// strictly inside; a first range is cut over the width before its end, a
// last one over the width after its start; one range alone is not cut.
func TestCut(t *testing.T) {
	zero, inf := negentropy.Bound{}, negentropy.InfiniteBound
	lo, hi := negentropy.NewBound(100, nil), negentropy.NewBound(104, nil)
	for _, c := range []struct {
		name   string
		lo, hi negentropy.Bound
		want   int
	}{
		{"inside", lo, hi, 5},
		{"first", zero, lo, 5},
		{"last", hi, inf, 5},
		{"alone", zero, inf, 2},
		{"one id apart", negentropy.NewBound(7, []byte{1}), negentropy.NewBound(7, []byte{1, 0}), 2},
	} {
		got := cut(c.lo, c.hi, 4, 4)
		if len(got) != c.want || got[0] != c.lo || got[len(got)-1] != c.hi {
			t.Errorf("%s: %d bounds %v", c.name, len(got), got)
		}
		for i := 1; i < len(got); i++ {
			if !before(got[i-1], got[i]) {
				t.Errorf("%s: bound %d not after %d: %v", c.name, i, i-1, got)
			}
		}
	}
}

// TestRestCountsEverything: over a peer of 200,000 items (written over
// about an hour, bunched in bursts) answered by a real responder with the
// 32,000-byte frame, the first round's spans and the later rounds' rest of
// every cut-short answer find every id the peer holds that this node
// lacks, in at most maxRounds rounds: the count is whole past 64,000.
func TestRestCountsEverything(t *testing.T) {
	total := 200_000
	if raceOn {
		total = 70_000
	}
	var peer, ours []negentropy.Item
	for i := range total {
		var b [8]byte
		binary.BigEndian.PutUint64(b[:], uint64(i))
		sec := uint64(i / 50) // 50 a second …
		if (i/5000)%2 == 1 {
			sec = uint64(i/5000)*100 + uint64(i%5000)/2000 // … or bursts of 2,000 a second
		}
		it := negentropy.Item{Timestamp: 1_764_000_000 + sec, ID: sha256.Sum256(b[:])}
		peer = append(peer, it)
		if i%10 == 0 {
			ours = append(ours, it)
		}
	}
	theirs, err := negentropy.NewVector(peer)
	if err != nil {
		t.Fatal(err)
	}
	mine, err := negentropy.NewVector(ours)
	if err != nil {
		t.Fatal(err)
	}
	in, err := negentropy.NewInitiator(theirs, syncmsg.MaxFrame)
	if err != nil {
		t.Fatal(err)
	}
	first, err := negentropy.Decode(in.Initiate())
	if err != nil {
		t.Fatal(err)
	}
	spans, named := plan(first, mine)
	found := map[negentropy.ID]bool{}
	for _, id := range named {
		found[id] = true
	}
	rounds, asked := 0, 0
	for ; len(spans) > 0; rounds++ {
		asked += len(spans)
		var next []span
		for _, sp := range spans {
			r, err := negentropy.NewResponder(theirs, syncmsg.MaxFrame)
			if err != nil {
				t.Fatal(err)
			}
			out, err := r.Respond(sp.ask())
			if err != nil {
				t.Fatalf("the responder refuses %x: %v", sp.ask(), err)
			}
			got, err := negentropy.Decode(out)
			if err != nil {
				t.Fatal(err)
			}
			ids, more := sp.rest(got)
			for _, id := range ids {
				if !sp.ours[id] {
					found[id] = true
				}
			}
			next = append(next, more...)
		}
		spans = next
	}
	if want := total - len(ours); len(found) != want {
		t.Fatalf("found %d of the %d ids this node lacks, in %d rounds", len(found), want, rounds)
	}
	if rounds > maxRounds {
		t.Fatalf("%d rounds", rounds)
	}
	t.Logf("%d rounds, %d spans asked", rounds, asked)
}

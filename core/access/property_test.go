package access

import (
	"math/rand/v2"
	"reflect"
	"testing"
)

// The replay is a pure function of the set of events (03 §4): every arrival
// order, whole or one event at a time or in chunks, gives the same current
// state, statuses, heads, keyDue, and the same states at and seenAs for
// every seen list in the history (the test regime of
// peer-personal-sync-core: complete permutations, then seeded shuffles).

// fullFingerprint adds, to fingerprint, the states at(seen) and
// seenAs(seen) of every event's seen, and at(seen, within) for each pair of
// neighbours.
func fullFingerprint(h *History, evs []Event) map[string]any {
	out := map[string]any{"base": fingerprint(h, evs)}
	for k, e := range evs {
		if s, ok := h.SeenAs(e.Seen); ok {
			out["seenAs "+e.ID] = s.Snapshot()
		}
		if s, ok := h.At(e.Seen, nil); ok {
			out["at "+e.ID] = s.Snapshot()
		}
		if k > 0 {
			if s, ok := h.At(e.Seen, []string{evs[k-1].ID}); ok {
				out["within "+e.ID] = s.Snapshot()
			}
		}
	}
	return out
}

func replayOrFail(t *testing.T, g Genesis, evs []Event) *History {
	t.Helper()
	h, err := Replay(g, evs)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func oneAtATime(t *testing.T, g Genesis, evs []Event) *History {
	t.Helper()
	h, err := NewHistory(g)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range evs {
		if err := h.Add(e); err != nil {
			t.Fatal(err)
		}
	}
	return h
}

func shuffled(r *rand.Rand, evs []Event) []Event {
	out := append([]Event(nil), evs...)
	r.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

// TestEveryPermutation replays random histories of up to 7 events in every
// arrival order, one event at a time.
func TestEveryPermutation(t *testing.T) {
	histories := 12
	if testing.Short() {
		histories = 3
	}
	for seed := uint64(1000); seed < uint64(1000+histories); seed++ {
		g, evs := randomHistory(seed, 3+int(seed%5))
		want := fingerprint(replayOrFail(t, g, evs), evs)
		n := 0
		permutations(evs, func(order []Event) {
			n++
			if got := fingerprint(oneAtATime(t, g, order), evs); !reflect.DeepEqual(got, want) {
				t.Fatalf("seed %d, order %d: outcome differs:\n got %+v\nwant %+v", seed, n, got, want)
			}
		})
	}
}

// TestShuffledRandomHistories replays 200 seeded random histories in 20
// shuffled orders each, whole, and also built up one event at a time and in
// random chunks, and checks every answer is the same.
func TestShuffledRandomHistories(t *testing.T) {
	histories, orders := 200, 20
	if testing.Short() {
		histories = 20
	}
	for seed := uint64(0); seed < uint64(histories); seed++ {
		g, evs := randomHistory(seed, 12+int(seed%19))
		ref := replayOrFail(t, g, evs)
		want, wantFull := fingerprint(ref, evs), fullFingerprint(ref, evs)
		r := rand.New(rand.NewPCG(seed, 7))
		// Every order is checked on statuses, the current state, heads and
		// keyDue; a third of them, and the incremental builds, on at() and
		// seenAs() of every seen too.
		check := func(how string, h *History, full bool) {
			t.Helper()
			if got := fingerprint(h, evs); !reflect.DeepEqual(got, want) {
				t.Fatalf("seed %d, %s: outcome differs from the whole replay\n got %+v\nwant %+v", seed, how, got, want)
			}
			if full && !reflect.DeepEqual(fullFingerprint(h, evs), wantFull) {
				t.Fatalf("seed %d, %s: at() or seenAs() differs from the whole replay", seed, how)
			}
		}
		for k := 0; k < orders; k++ {
			check("shuffled whole", replayOrFail(t, g, shuffled(r, evs)), k%3 == 0)
		}
		check("one at a time", oneAtATime(t, g, shuffled(r, evs)), true)
		check("in chunks", inChunks(t, r, g, shuffled(r, evs)), true)
	}
}

func inChunks(t *testing.T, r *rand.Rand, g Genesis, evs []Event) *History {
	t.Helper()
	h, err := NewHistory(g)
	if err != nil {
		t.Fatal(err)
	}
	for len(evs) > 0 {
		k := 1 + r.IntN(min(len(evs), 5))
		if err := h.Add(evs[:k]...); err != nil {
			t.Fatal(err)
		}
		evs = evs[k:]
	}
	return h
}

// TestDuplicatesChangeNothing: adding events again, or adding the same id
// twice, changes nothing (§4.2: deduplicated by id).
func TestDuplicatesChangeNothing(t *testing.T) {
	g, evs := randomHistory(42, 20)
	h := replayOrFail(t, g, evs)
	want := fullFingerprint(h, evs)
	if err := h.Add(evs...); err != nil {
		t.Fatal(err)
	}
	if got := fullFingerprint(h, evs); !reflect.DeepEqual(got, want) {
		t.Fatal("adding the same events again changed the outcome")
	}
}

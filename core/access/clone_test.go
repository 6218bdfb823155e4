package access

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
)

// A copy kept and advanced by new events only gives what replaying the whole
// set gives, in every arrival order; and advancing (or reading) a copy never
// changes the history it was copied from, nor the other way round. The
// oracle is Replay of the whole set; the comparison is fingerprint (current
// state, every status, heads, keyDue) and, for the seeded shuffles,
// fullFingerprint (at and seenAs of every seen list too).

// TestCloneEveryPermutation adds the events of small random histories one at
// a time in every arrival order, each to a copy of the history before it,
// and checks every step against the whole replay of what it holds; at the
// end, every earlier step still answers as it did.
func TestCloneEveryPermutation(t *testing.T) {
	histories := 8
	if testing.Short() {
		histories = 3
	}
	for seed := uint64(2000); seed < uint64(2000+histories); seed++ {
		g, evs := randomHistory(seed, 3+int(seed%5))
		whole := map[string]outcome{} // the whole replay of each subset, by its ids
		replayOf := func(set []Event) outcome {
			ids := make([]string, len(set))
			for i, e := range set {
				ids[i] = e.ID
			}
			slices.Sort(ids)
			k := strings.Join(ids, " ")
			if _, ok := whole[k]; !ok {
				whole[k] = fingerprint(replayOrFail(t, g, set), evs)
			}
			return whole[k]
		}
		n := 0
		permutations(evs, func(order []Event) {
			n++
			h, err := NewHistory(g)
			if err != nil {
				t.Fatal(err)
			}
			steps := []*History{h}
			want := []outcome{fingerprint(h, evs)}
			for k, e := range order {
				h = h.Clone()
				if err := h.Add(e); err != nil {
					t.Fatal(err)
				}
				if got, w := fingerprint(h, evs), replayOf(order[:k+1]); !reflect.DeepEqual(got, w) {
					t.Fatalf("seed %d, order %d, step %d: copy advanced by one event differs from the whole replay:\n got %+v\nwant %+v", seed, n, k, got, w)
				}
				steps, want = append(steps, h), append(want, fingerprint(h, evs))
			}
			for k, s := range steps {
				if got := fingerprint(s, evs); !reflect.DeepEqual(got, want[k]) {
					t.Fatalf("seed %d, order %d: step %d changed once later copies were advanced", seed, n, k)
				}
			}
		})
	}
}

// TestCloneShuffled keeps one history per seeded shuffle, copies it at a
// random point, and advances both the copy and the original by the rest in
// different orders: both end as the whole replay, and the copy answers as
// the original did at the point of copying until it is itself advanced.
func TestCloneShuffled(t *testing.T) {
	histories, orders := 60, 6
	if testing.Short() {
		histories = 15
	}
	for seed := uint64(0); seed < uint64(histories); seed++ {
		g, evs := randomHistory(seed, 12+int(seed%19))
		wantFull := fullFingerprint(replayOrFail(t, g, evs), evs)
		r := rand.New(rand.NewPCG(seed, 11))
		for k := 0; k < orders; k++ {
			order := shuffled(r, evs)
			cut := r.IntN(len(order) + 1)
			h := oneAtATime(t, g, order[:cut])
			atCut := fullFingerprint(h, evs)
			c := h.Clone()
			if !reflect.DeepEqual(fullFingerprint(c, evs), atCut) {
				t.Fatalf("seed %d, order %d: a fresh copy answers differently from its original", seed, k)
			}
			for _, e := range shuffled(r, order[cut:]) {
				if err := h.Add(e); err != nil {
					t.Fatal(err)
				}
			}
			if !reflect.DeepEqual(fullFingerprint(c, evs), atCut) {
				t.Fatalf("seed %d, order %d: advancing the original changed its copy", seed, k)
			}
			for _, e := range shuffled(r, order[cut:]) {
				if err := c.Add(e); err != nil {
					t.Fatal(err)
				}
			}
			if got := fullFingerprint(c, evs); !reflect.DeepEqual(got, wantFull) {
				t.Fatalf("seed %d, order %d, copied at %d: advanced copy differs from the whole replay", seed, k, cut)
			}
			if got := fullFingerprint(h, evs); !reflect.DeepEqual(got, wantFull) {
				t.Fatalf("seed %d, order %d, copied at %d: advanced original differs from the whole replay", seed, k, cut)
			}
		}
	}
}

// TestCloneSharesNothingWritten reads one of a history and its copy while
// the other is advanced, at once, both ways round: under -race, any write to
// what the two share fails.
func TestCloneSharesNothingWritten(t *testing.T) {
	g, evs := randomHistory(77, 40)
	whole := fullFingerprint(replayOrFail(t, g, evs), evs)
	for _, advanceCopy := range []bool{true, false} {
		h := replayOrFail(t, g, evs[:25])
		c := h.Clone()
		want := fullFingerprint(h, evs)
		moving, still := c, h
		if !advanceCopy {
			moving, still = h, c
		}
		var wg sync.WaitGroup
		wg.Add(1)
		go func() {
			defer wg.Done()
			for _, e := range evs[25:] {
				if err := moving.Add(e); err != nil {
					t.Error(err)
				}
				fingerprint(moving, evs)
			}
		}()
		got := fullFingerprint(still, evs)
		wg.Wait()
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("advancing the copy %v: reading the other meanwhile gave other answers", advanceCopy)
		}
		if !reflect.DeepEqual(fullFingerprint(still, evs), want) {
			t.Fatalf("advancing the copy %v: the other changed", advanceCopy)
		}
		if !reflect.DeepEqual(fullFingerprint(moving, evs), whole) {
			t.Fatalf("advancing the copy %v: the advanced one differs from the whole replay", advanceCopy)
		}
	}
}

// BenchmarkCloneAddOne copies a replayed 10,000-event history and adds one
// new head event to the copy: what a node does per write instead of a
// whole replay (BenchmarkReplay10000).
func BenchmarkCloneAddOne(b *testing.B) {
	h, _ := replayedBig(b)
	heads := h.Heads()
	i := 0
	start := cpuTime()
	for b.Loop() {
		c := h.Clone()
		e := byAlice(assign(fmt.Sprintf("new%d", i), "member"), fmt.Sprintf("cloned-%d", i), heads, 100000+i)
		if err := c.Add(e); err != nil {
			b.Fatal(err)
		}
		i++
	}
	b.ReportMetric(float64(cpuTime()-start)/float64(b.N), "cpu-ns/op")
}

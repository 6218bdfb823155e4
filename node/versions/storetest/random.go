package storetest

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"

	"minca.dev/desktop/core/record"
	"minca.dev/desktop/node/versions"
)

func contextWithCancel() (context.Context, context.CancelFunc) {
	return context.WithCancel(context.Background())
}

// RandomSet is n copies of versions of a few records, from a seed: first
// versions from several writers at one key, forks (two versions after one),
// deletes, retained versions, and stub copies beside or instead of whole
// ones. Version ids do not depend on the signature, so a seed gives the
// same ids every run.
func RandomSet(t testing.TB, seed uint64, n int) []*record.Version {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	makers := []*Maker{NewMaker(t, 1), NewMaker(t, 2), NewMaker(t, 3)}
	keys := []string{"k0", "k1", "k2", "k3"}
	byKey := map[string][]*record.Version{}
	var out []*record.Version
	for len(out) < n {
		key := keys[rng.IntN(len(keys))]
		coll := todo
		if key == "k3" {
			coll = note
		}
		m := makers[rng.IntN(len(makers))]
		o := Opts{Retain: rng.IntN(3) == 0, At: CreatedBase + int64(rng.IntN(5))}
		var v *record.Version
		have := byKey[key]
		if len(have) == 0 || rng.IntN(5) == 0 {
			v = m.First(coll, key, body(fmt.Sprint(len(out))), o)
		} else {
			o.Deleted = rng.IntN(5) == 0
			v = m.Next(have[rng.IntN(len(have))], body(fmt.Sprint(len(out))), o)
		}
		byKey[key] = append(byKey[key], v)
		switch rng.IntN(4) {
		case 0:
			out = append(out, v.Stub())
		case 1:
			out = append(out, v, v.Stub())
		default:
			out = append(out, v)
		}
	}
	return out[:n]
}

func randomSet(t *testing.T, seed uint64, n int) []*record.Version { return RandomSet(t, seed, n) }

// DiffDumps describes how two dumps differ, "" when they are the same.
func DiffDumps(got, want versions.Dump) string {
	var d []string
	for k, v := range want.Entries {
		if g, ok := got.Entries[k]; !ok || g != v {
			d = append(d, fmt.Sprintf("entry %s = %q; want %q", k, g, v))
		}
	}
	for k, g := range got.Entries {
		if _, ok := want.Entries[k]; !ok {
			d = append(d, fmt.Sprintf("entry %s = %q; want none", k, g))
		}
	}
	for id, f := range want.Versions {
		if got.Versions[id] != f {
			d = append(d, fmt.Sprintf("version %s %v; want %v", id, got.Versions[id], f))
		}
	}
	for id, f := range got.Versions {
		if _, ok := want.Versions[id]; !ok {
			d = append(d, fmt.Sprintf("version %s %v; want none", id, f))
		}
	}
	for c, s := range want.Sums {
		if got.Sums[c] != s {
			d = append(d, fmt.Sprintf("sum of %s %v; want %v", c, got.Sums[c], s))
		}
	}
	for c, s := range got.Sums {
		if _, ok := want.Sums[c]; !ok {
			d = append(d, fmt.Sprintf("sum of %s %v; want none", c, s))
		}
	}
	slices.Sort(d)
	return strings.Join(d, "\n")
}

// testAnyOrder: one set of copies, put in shuffled orders and groupings,
// gives the oracle's store every time (05 §10.1). Groupings run from
// changes of a few versions to the whole set in one change, so a store
// that reads a change's versions ahead is held to the same result.
func testAnyOrder(t *testing.T, open Open) {
	maxGroup := []int{5, 12, 24}
	for seed := uint64(1); seed <= 4; seed++ {
		vs := randomSet(t, seed, 24)
		rng := rand.New(rand.NewPCG(seed, 7))
		for round := 0; round < len(maxGroup); round++ {
			order := slices.Clone(vs)
			rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
			s := fresh(t, open)
			for len(order) > 0 {
				n := 1 + rng.IntN(min(maxGroup[round], len(order)))
				put(t, s, order[:n]...)
				order = order[n:]
			}
			wantExpected(t, s, vs)
		}
	}
}

// testConcurrent: changes from many goroutines land, failing ones leave
// nothing, and the store is the oracle's for what succeeded.
func testConcurrent(t *testing.T, open Open) {
	s := fresh(t, open)
	vs := randomSet(t, 99, 64)
	held := NewMaker(t, 7).First(todo, "held", body("x"), Opts{})
	put(t, s, held)
	var wg sync.WaitGroup
	errs := make([]error, 8)
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := g; i < len(vs); i += 8 {
				if err := s.Put(ctx, vs[i]); err != nil {
					errs[g] = err
					return
				}
				// A failing change beside each good one.
				if err := s.Put(ctx, vs[(i+1)%len(vs)], conflicting(held)); err == nil {
					errs[g] = fmt.Errorf("a conflicting change landed")
					return
				}
			}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	wantExpected(t, s, append(slices.Clone(vs), held))
}

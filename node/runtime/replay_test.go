package runtime

import (
	"context"
	"crypto/rand"
	mrand "math/rand/v2"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"minca.dev/desktop/core/access"
	"minca.dev/desktop/core/identity"
	"minca.dev/desktop/core/record"
	"minca.dev/desktop/node/versions"
)

// The kept replay (replay.go) advanced by whatever the store takes in, in
// any order, answers as a whole replay of the store does. The histories are
// real: signed by a node, through its gatekeeper, each naming a random set
// of earlier changes as seen, so changes are concurrent, strike each other
// (a removal, an unassignment, leaving a role) and sort before ones already
// applied (A22). They are then put into other stores directly, in every
// order of small sets and in seeded shuffles, in chunks, with some removed
// again (which the kept replay must notice).

// replayDump is everything a replay says, as comparable data.
type replayDump struct {
	Current access.Snapshot
	Log     []string
	Heads   []string
	KeyDue  bool
}

func dumpOf(t testing.TB, hist *access.History) replayDump {
	t.Helper()
	d := replayDump{Current: hist.Current().Snapshot(), Heads: hist.Heads(), KeyDue: hist.KeyDue()}
	for _, e := range hist.Log() {
		d.Log = append(d.Log, e.Event.ID+" "+e.Status.String())
	}
	return d
}

// randomAccessHistory writes n access changes to a new team space, each
// naming a random earlier change or two as seen, and returns the space and
// every access version its store holds.
func randomAccessHistory(t *testing.T, seed uint64, n int) (*held, []*record.Version) {
	t.Helper()
	nd, id := growthSpace(t, 0)
	ctx := context.Background()
	h := nd.spaces[id]
	r := mrand.New(mrand.NewPCG(seed, 3))
	others := make([]string, 3)
	for i := range others {
		kp, err := identity.NewKeyPair(rand.Reader)
		if err != nil {
			t.Fatal(err)
		}
		others[i] = kp.DID()
	}
	me := nd.acct.DID()
	roles := []string{"member", "admin", "viewer"}
	var ids []string
	nd.mu.Lock()
	defer nd.mu.Unlock()
	for tries := 0; len(ids) < n; tries++ {
		if tries > 20*n {
			t.Fatalf("the gatekeeper took %d of %d random changes", len(ids), tries)
		}
		who := others[r.IntN(len(others))]
		var d *record.Version
		switch k := r.IntN(10); {
		case k < 5:
			role := roles[r.IntN(len(roles))]
			d = accessDraft(ctx, h, collAssign, record.AssignKey(who, role), map[string]any{"did": who, "role": role, "assigned": k < 4})
		case k < 7:
			d = accessDraft(ctx, h, collRemove, record.RemoveKey(who), map[string]any{"did": who})
		default: // this account's own role, given or left
			d = accessDraft(ctx, h, collAssign, record.AssignKey(me, "member"), map[string]any{"did": me, "role": "member", "assigned": k < 9})
		}
		d.Seen = []string{h.sp.ID}
		if len(ids) > 0 && r.IntN(8) != 0 {
			d.Seen = []string{ids[len(ids)-1-r.IntN(min(len(ids), 5))]}
			if r.IntN(3) == 0 {
				d.Seen = append(d.Seen, ids[r.IntN(len(ids))])
			}
			slices.Sort(d.Seen)
			d.Seen = slices.Compact(d.Seen)
		}
		v, err := nd.writeLocked(ctx, h, d)
		if err != nil {
			continue // refused by the gatekeeper: try another
		}
		ids = append(ids, v.ID)
	}
	sums, err := h.store.Sums(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var vs []*record.Version
	for c := range accessSums(sums) {
		cv, err := h.store.Collection(ctx, c)
		if err != nil {
			t.Fatal(err)
		}
		vs = append(vs, cv...)
	}
	return h, vs
}

// emptyCopy is a space like src's over a store of its own, holding nothing.
func emptyCopy(t *testing.T, src *held) *held {
	t.Helper()
	st, err := versions.OpenSQLite(context.Background(), versions.Config{Path: filepath.Join(t.TempDir(), "copy.db")})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return &held{sp: src.sp, store: st}
}

// checkAgainstWhole compares h's kept replay with a whole replay of its
// store by a space that kept nothing.
func checkAgainstWhole(t *testing.T, h *held, how string) replayDump {
	t.Helper()
	ctx := context.Background()
	kept, err := h.replay(ctx)
	if err != nil {
		t.Fatal(err)
	}
	whole, err := (&held{sp: h.sp, store: h.store}).replay(ctx)
	if err != nil {
		t.Fatal(err)
	}
	got, want := dumpOf(t, kept), dumpOf(t, whole)
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("%s: the kept replay differs from a whole replay\n got %+v\nwant %+v", how, got, want)
	}
	return got
}

// TestKeptReplayEveryOrder puts the versions of small histories into a
// store one at a time in every order, replaying after each.
func TestKeptReplayEveryOrder(t *testing.T) {
	ctx := context.Background()
	struck := 0
	seeds := []uint64{2, 4, 11} // each with a change struck, as written
	if testing.Short() || raceOn {
		seeds = seeds[:1]
	}
	for _, seed := range seeds {
		src, vs := randomAccessHistory(t, seed, 5)
		want := checkAgainstWhole(t, src, "source")
		struck += strings.Count(strings.Join(want.Log, "\n"), "struck")
		dst := emptyCopy(t, src)
		all := make([]string, len(vs))
		for i, v := range vs {
			all[i] = v.ID
		}
		n := 0
		permuteVersions(vs, func(order []*record.Version) {
			n++
			if err := dst.store.Remove(ctx, all...); err != nil {
				t.Fatal(err)
			}
			dst = &held{sp: dst.sp, store: dst.store}
			checkAgainstWhole(t, dst, "empty")
			for _, v := range order {
				if err := dst.store.Put(ctx, v); err != nil {
					t.Fatal(err)
				}
				checkAgainstWhole(t, dst, "step")
			}
			if got := checkAgainstWhole(t, dst, "all"); !reflect.DeepEqual(got, want) {
				t.Fatalf("seed %d, order %d: the copy's replay differs from the source's", seed, n)
			}
			if w := dst.kept.wholes.Load(); w != 1 {
				t.Fatalf("seed %d, order %d: %d whole replays, want only the first", seed, n, w)
			}
		})
	}
	if struck == 0 {
		t.Fatal("no history had a change struck: the orders tried nothing a strike changes")
	}
}

// permuteVersions calls f with every order of vs (Heap's algorithm).
func permuteVersions(vs []*record.Version, f func([]*record.Version)) {
	a := slices.Clone(vs)
	var gen func(k int)
	gen = func(k int) {
		if k <= 1 {
			f(slices.Clone(a))
			return
		}
		for i := 0; i < k; i++ {
			gen(k - 1)
			if k%2 == 0 {
				a[i], a[k-1] = a[k-1], a[i]
			} else {
				a[0], a[k-1] = a[k-1], a[0]
			}
		}
	}
	gen(len(a))
}

// TestKeptReplayShuffled puts the versions of larger histories into stores
// in seeded shuffles, in chunks, and now and then removes some again.
func TestKeptReplayShuffled(t *testing.T) {
	ctx := context.Background()
	histories, orders := 4, 8
	if testing.Short() || raceOn {
		histories, orders = 1, 3
	}
	for seed := uint64(10); seed < uint64(10+histories); seed++ {
		src, vs := randomAccessHistory(t, seed, 30)
		want := checkAgainstWhole(t, src, "source")
		r := mrand.New(mrand.NewPCG(seed, 4))
		for o := 0; o < orders; o++ {
			dst := emptyCopy(t, src)
			rest := slices.Clone(vs)
			r.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
			removals := 0
			for len(rest) > 0 {
				k := 1 + r.IntN(min(len(rest), 4))
				if err := dst.store.Put(ctx, rest[:k]...); err != nil {
					t.Fatal(err)
				}
				rest = rest[k:]
				checkAgainstWhole(t, dst, "chunk")
				if r.IntN(6) == 0 && len(rest) > 0 { // one goes again, and comes back later
					gone := vs[r.IntN(len(vs))]
					if err := dst.store.Remove(ctx, gone.ID); err != nil {
						t.Fatal(err)
					}
					removals++
					checkAgainstWhole(t, dst, "removal")
					rest = append(rest, gone)
				}
			}
			if got := checkAgainstWhole(t, dst, "all"); !reflect.DeepEqual(got, want) {
				t.Fatalf("seed %d, order %d: the copy's replay differs from the source's", seed, o)
			}
			if s := dst.kept.steps.Load(); s == 0 {
				t.Fatalf("seed %d, order %d: the kept replay was never advanced", seed, o)
			}
			if w := dst.kept.wholes.Load(); w > int64(1+removals) {
				t.Fatalf("seed %d, order %d: %d whole replays for %d removals", seed, o, w, removals)
			}
		}
	}
}

// TestKeptReplayConcurrent replays from several goroutines while the store
// takes versions in (the engine's opener asks at any time): under -race,
// nothing is shared unguarded, and each answer is a whole replay of some
// state of the store.
func TestKeptReplayConcurrent(t *testing.T) {
	ctx := context.Background()
	src, vs := randomAccessHistory(t, 99, 12)
	dst := emptyCopy(t, src)
	var wg sync.WaitGroup
	for range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 10 {
				hist, err := dst.replay(ctx)
				if err != nil {
					t.Error(err)
					return
				}
				dumpOf(t, hist)
				if err := hist.Add(); err != nil { // a copy of its own to add to
					t.Error(err)
				}
			}
		}()
	}
	for _, v := range vs {
		if err := dst.store.Put(ctx, v); err != nil {
			t.Fatal(err)
		}
	}
	wg.Wait()
	checkAgainstWhole(t, dst, "after")
}

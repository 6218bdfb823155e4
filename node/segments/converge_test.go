package segments_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"testing"

	"minca.dev/desktop/core/record"
	"minca.dev/desktop/node/blobstore"
	"minca.dev/desktop/node/segments"
	"minca.dev/desktop/node/segments/segtest"
	"minca.dev/desktop/node/versions"
)

// Property: clients that write, push, pull and compact in any interleaving
// over one blob store (here the memory driver: the mirror knows only the
// interface) end with the same store once each has pushed and pulled, and
// every version anyone pushed is held by all. 12 seeded runs.
func TestConvergeAnyInterleaving(t *testing.T) {
	founder, _ := segtest.Key(1)
	sp, err := segtest.Space(founder, "AAECAwQFBgcICQoL")
	if err != nil {
		t.Fatal(err)
	}
	for seed := uint64(1); seed <= 12; seed++ {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			rnd := rand.New(rand.NewPCG(seed, 99))
			blobs := blobstore.NewMemory()
			colls := []string{segtest.Wiki, segtest.Canvas}
			var cs []*segtest.Client
			for i := 0; i < 2; i++ {
				key, _ := segtest.Key(1)
				c, err := segtest.NewClientPer(ctx, key, sp, versions.NewMemory(), blobs, &segments.MemoryState{}, 1+rnd.IntN(4))
				if err != nil {
					t.Fatal(err)
				}
				cs = append(cs, c)
			}
			keys := make([][]string, len(cs))
			pushed := map[string]bool{}
			for step := 0; step < 60; step++ {
				i := rnd.IntN(len(cs))
				c := cs[i]
				switch rnd.IntN(5) {
				case 0, 1:
					if len(keys[i]) > 0 && rnd.IntN(2) == 0 {
						if _, err := c.Edit(ctx, keys[i][rnd.IntN(len(keys[i]))], step); err != nil {
							t.Fatal(err)
						}
					} else {
						k := fmt.Sprintf("c%dk%d", i, step)
						if _, err := c.Create(ctx, colls[i], k, step); err != nil {
							t.Fatal(err)
						}
						keys[i] = append(keys[i], k)
					}
				case 2:
					push(t, c)
					d, _ := c.Store.Dump(ctx)
					for id := range d.Versions {
						pushed[id] = true
					}
				case 3:
					pull(t, c)
				case 4:
					if _, err := c.Mirror.Compact(ctx, rnd.IntN(2) == 0); err != nil {
						t.Fatal(err)
					}
				}
			}
			for range 2 {
				for _, c := range cs {
					push(t, c)
					pull(t, c)
				}
			}
			want := state(t, cs[0])
			for i, c := range cs[1:] {
				if got := state(t, c); got != want {
					t.Fatalf("client %d differs:\n%s\n---\n%s", i+1, want, got)
				}
			}
			fresh := newFresh(t, sp, blobs)
			pull(t, fresh)
			if state(t, fresh) != want {
				t.Fatal("a fresh reader differs")
			}
			for id := range pushed {
				if f, _ := fresh.Store.Form(ctx, id); f == versions.Absent {
					t.Fatalf("pushed version %s lost", id)
				}
			}
		})
	}
}

func newFresh(t *testing.T, _ any, blobs blobstore.Store) *segtest.Client {
	t.Helper()
	founder, _ := segtest.Key(1)
	s, _ := segtest.Space(founder, "AAECAwQFBgcICQoL")
	c, err := segtest.NewClient(ctx, founder, s, versions.NewMemory(), blobs, &segments.MemoryState{})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// The store writer's state survives a restart through FileState: same id,
// counter, segments read and versions known; so nothing is read or pushed
// twice.
func TestFileStateRestart(t *testing.T) {
	w := newWorld(t)
	a := w.client()
	must[*record.Version](t)(a.Create(ctx, segtest.Wiki, "k", 1))
	push(t, a)
	path := filepath.Join(t.TempDir(), "own", "writer.json")
	key, _ := segtest.Key(1)
	store := versions.NewMemory()
	b, err := segtest.NewClient(ctx, key, w.sp, store, w.blobs, segments.FileState{Path: path})
	if err != nil {
		t.Fatal(err)
	}
	if r := pull(t, b); r.Segments != 1 {
		t.Fatalf("first pull %+v", r)
	}
	b2, err := segtest.NewClient(ctx, key, w.sp, store, w.blobs, segments.FileState{Path: path})
	if err != nil {
		t.Fatal(err)
	}
	if b2.Mirror.WriterID() != b.Mirror.WriterID() {
		t.Fatal("writer id not kept")
	}
	if r := pull(t, b2); r.Segments != 0 {
		t.Fatalf("read again after restart: %+v", r)
	}
	if n := push(t, b2); n != 0 {
		t.Fatalf("re-uploaded %d versions another wrote", n)
	}
	if _, err := (segments.FileState{Path: filepath.Join(t.TempDir(), "x")}).Load(); err != nil {
		t.Fatalf("missing state: %v", err)
	}
}

// A segment that vanishes between list and get (compacted) takes nothing
// and is counted as gone.
func TestVanishedSegment(t *testing.T) {
	w := newWorld(t)
	a, b := w.client(), w.client()
	must[*record.Version](t)(a.Create(ctx, segtest.Wiki, "k", 1))
	push(t, a)
	gone := &vanishing{Store: w.blobs}
	b.Mirror, _ = segments.Open(segments.Config{Blobs: gone, SpaceID: w.sp.ID, Store: b.Store, Gate: b.Gate, State: &segments.MemoryState{}})
	if r := pull(t, b); r.Gone != 1 || r.Stored != 0 {
		t.Fatalf("pull %+v", r)
	}
	gone.Store = w.blobs
	gone.off = true
	if r := pull(t, b); r.Stored != 1 {
		t.Fatalf("pull after %+v", r)
	}
}

type vanishing struct {
	blobstore.Store
	off bool
}

func (v *vanishing) Get(c context.Context, key string) ([]byte, error) {
	if !v.off {
		return nil, fmt.Errorf("get %q: %w", key, blobstore.ErrNotFound)
	}
	return v.Store.Get(c, key)
}

func TestDeleteSpace(t *testing.T) {
	blobs := blobstore.NewMemory()
	for _, k := range []string{"bsp/w/1.seg", "bsp/v/2.seg", "files/bsp/w/id", "files/bsp/w/id.list", "bother/w/1.seg", "files/bother/w/id"} {
		blobs.Put(ctx, k, []byte("x"))
	}
	if err := segments.DeleteSpace(ctx, blobs, "bsp"); err != nil {
		t.Fatal(err)
	}
	left, _ := blobs.List(ctx, "")
	if want := []string{"bother/w/1.seg", "files/bother/w/id"}; !slices.Equal(left, want) {
		t.Fatalf("left %v", left)
	}
	if err := segments.DeleteSpace(ctx, blobs, ".."); err == nil {
		t.Fatal("deleted with an unsafe space id")
	}
}

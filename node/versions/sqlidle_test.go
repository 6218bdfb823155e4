package versions_test

import (
	"context"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"minca.dev/desktop/core/record"
	"minca.dev/desktop/node/versions"
	"minca.dev/desktop/node/versions/storetest"
)

// waitShrinks waits up to 5 s for the store to have shrunk n times.
func waitShrinks(t *testing.T, s *versions.SQLite, n uint64) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); s.IdleShrinks() < n; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%d idle shrinks, want %d", s.IdleShrinks(), n)
		}
	}
}

func wantHeld(t *testing.T, s versions.Store, vs ...*record.Version) {
	t.Helper()
	for _, v := range vs {
		got, err := s.Get(context.Background(), v.ID)
		if err != nil || got.ID != v.ID {
			t.Fatalf("Get %s: %v, %v", v.ID, got, err)
		}
	}
}

// TestSQLiteIdleShrink: once landings stop, the writer gives its page
// cache back once (not again until something lands), and the store
// writes and reads as before after it.
func TestSQLiteIdleShrink(t *testing.T) {
	defer versions.SetIdleShrinkAfter(20 * time.Millisecond)()
	ctx := context.Background()
	s := openSQLite(t, filepath.Join(t.TempDir(), "space.db"))
	defer s.Close()
	if n := s.IdleShrinks(); n != 0 {
		t.Fatalf("%d shrinks before any landing", n)
	}
	m := storetest.NewMaker(t, 1)
	v1 := m.First("app.todo.item", "r1", map[string]any{"text": "one"}, storetest.Opts{})
	if err := s.Put(ctx, v1); err != nil {
		t.Fatal(err)
	}
	waitShrinks(t, s, 1)
	time.Sleep(100 * time.Millisecond)
	if n := s.IdleShrinks(); n != 1 {
		t.Fatalf("%d shrinks with nothing landed since the first, want 1", n)
	}
	v2 := m.Next(v1, map[string]any{"text": "two"}, storetest.Opts{})
	if err := s.Put(ctx, v2); err != nil {
		t.Fatal(err)
	}
	waitShrinks(t, s, 2)
	wantHeld(t, s, v1, v2)
}

// TestSQLiteIdleShrinkDuringLandings: shrinks due at once after every
// landing interleave with concurrent Puts and never with a landing (run
// with -race); every version lands, and Close waits for a shrink under way.
func TestSQLiteIdleShrinkDuringLandings(t *testing.T) {
	defer versions.SetIdleShrinkAfter(0)()
	ctx := context.Background()
	s := openSQLite(t, filepath.Join(t.TempDir(), "space.db"))
	const writers, each = 4, 25
	var wg sync.WaitGroup
	put := make([][]*record.Version, writers)
	errs := make([]error, writers)
	for w := range writers {
		m := storetest.NewMaker(t, byte(w+1))
		for i := range each {
			put[w] = append(put[w], m.First("app.todo.item", fmt.Sprintf("w%dr%d", w, i), map[string]any{"n": float64(i)}, storetest.Opts{}))
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			for _, v := range put[w] {
				if err := s.Put(ctx, v); err != nil {
					errs[w] = err
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
	waitShrinks(t, s, 1)
	for _, vs := range put {
		wantHeld(t, s, vs...)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	n := s.IdleShrinks()
	time.Sleep(50 * time.Millisecond)
	if s.IdleShrinks() != n {
		t.Fatal("a shrink ran after Close")
	}
}

package netsync

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"minca.dev/desktop/core/record"
	"minca.dev/desktop/node/versions"
)

// heldStore is a store whose Put waits, once held, until released: the
// peer's stored of what it puts waits with it.
type heldStore struct {
	versions.Store
	held    atomic.Bool
	release chan struct{}
}

func (s *heldStore) Put(ctx context.Context, vs ...*record.Version) error {
	if s.held.Load() {
		<-s.release
	}
	return s.Store.Put(ctx, vs...)
}

// Flush waits for the peer's stored without looking on a timer: while the
// peer's store holds the push back, Flush does not wake at all, however
// long (a look every 20 ms woke it ten times in this wait); once it is let
// through, Flush wakes for its stored and returns.
func TestFlushWaitsForStored(t *testing.T) {
	fa, mb := keyOf(t, 1), keyOf(t, 2)
	w := newWorld(t, false, fa, mb)
	a := newNode(t, w, fa, opts{listen: ListenLoopback, noAdd: true})
	hs := &heldStore{Store: a.store, release: make(chan struct{})}
	var err error
	if a.eng, err = a.m.Add(ctx, SpaceConfig{Space: w.sp, Store: hs}); err != nil {
		t.Fatal(err)
	}
	b := newNode(t, w, mb, opts{nodes: []string{a.url()}})
	eventually(t, "both synced", func() bool {
		return a.spaceStatus().State == StateSynced && b.spaceStatus().State == StateSynced
	})
	hs.held.Store(true)
	v := b.write("held")
	if n := b.m.unacked(); n != 1 {
		t.Fatalf("%d pushes out, want 1", n)
	}
	done := make(chan error, 1)
	fctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	go func() { done <- b.m.Flush(fctx) }()
	time.Sleep(200 * time.Millisecond)
	if n := b.m.acks.wakes.Load(); n != 0 {
		t.Fatalf("flush woke %d times while nothing was stored", n)
	}
	select {
	case err := <-done:
		t.Fatalf("flush returned before the stored: %v", err)
	default:
	}
	close(hs.release)
	if err := <-done; err != nil {
		t.Fatalf("flush: %v", err)
	}
	if !a.has(v.ID) {
		t.Fatalf("flush returned before a stored %s", v.ID)
	}
	if n := b.m.acks.wakes.Load(); n < 1 || n > 2 {
		t.Fatalf("flush woke %d times for one stored", n)
	}
}

package netsync

import (
	"sync"
	"sync/atomic"
)

// acks wakes Flush (flush.go) whenever the pushes still awaiting their
// stored may have become fewer (05 §7, §8 step 5): a peer's stored came
// (syncer.Config.OnStored), a peer went (its pushes no longer count,
// nudge), the Manager closed. Flush waits on it rather than look on a
// timer (PERFORMANCE-TARGETS: no polling loops).
type acks struct {
	mu    sync.Mutex
	ch    chan struct{} // closed at the next change; nil: none waits
	wakes atomic.Int64  // Flush's wakeups so far, for tests
}

// next is the channel closed at the next change: take it before looking,
// so that no change between the look and the wait is missed.
func (a *acks) next() <-chan struct{} {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.ch == nil {
		a.ch = make(chan struct{})
	}
	return a.ch
}

// changed wakes every Flush waiting. Safe anywhere, under the engine's
// lock too: it takes no other lock.
func (a *acks) changed() {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.ch != nil {
		close(a.ch)
		a.ch = nil
	}
}

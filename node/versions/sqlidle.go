package versions

import (
	"sync"
	"time"
)

// idleShrinkAfter is how long the writing connection must have landed
// nothing before it gives its page cache back (PRAGMA shrink_memory). The
// cache (writeCacheKiB, and more while a large landing holds its pages:
// cache_spill is off) makes a first sync fast; once sync is idle it is
// memory a background process holds for nothing: 26 MB after landing
// 100,000 versions, measured (docs/PERFORMANCE.md "The app at rest").
// A var so that tests can shorten it.
var idleShrinkAfter = 30 * time.Second

// idleShrink gives the writer's page cache back once landings stop. Each
// landing holds mu while it writes and arms the timer after; the timer's
// shrink takes mu, so it never runs during a landing, and a landing that
// starts meanwhile waits for it (a shrink frees memory and reads nothing).
type idleShrink struct {
	mu      sync.Mutex
	timer   *time.Timer
	closed  bool   // guarded by mu
	shrinks uint64 // guarded by mu; for tests
	shrink  func() error
}

func newIdleShrink(shrink func() error) *idleShrink {
	s := &idleShrink{shrink: shrink}
	s.timer = time.AfterFunc(time.Hour, s.fire)
	s.timer.Stop()
	return s
}

// landing runs land with the writer to itself, then arms the timer.
func (s *idleShrink) landing(land func() []error) []error {
	s.mu.Lock()
	defer s.mu.Unlock()
	errs := land()
	if !s.closed {
		s.timer.Reset(idleShrinkAfter)
	}
	return errs
}

func (s *idleShrink) fire() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return
	}
	// A failure leaves the cache as it is; the next landing writes as
	// before and arms the timer again.
	if s.shrink() == nil {
		s.shrinks++
	}
}

// close stops the timer and waits for a shrink under way.
func (s *idleShrink) close() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.closed = true
	s.timer.Stop()
}

// count is how many shrinks ran.
func (s *idleShrink) count() uint64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.shrinks
}

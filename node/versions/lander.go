package versions

import (
	"context"
	"sync"
)

// change is one Put or Remove: it lands whole or leaves nothing (05 §10.1).
type change struct {
	ctx    context.Context
	put    []*versionCopy
	remove []string
	done   chan error
}

// lander applies changes one at a time and lands those that come in while
// one lands together, as one write (05 §10.1: "a burst of writes costs a few
// writes to the adapter, not one each"). The first caller to find no write
// under way lands the queue, and keeps landing until the queue is empty.
type lander struct {
	// land writes a batch as one write; errs[i] is change i's own error.
	// If the write as a whole fails, every change gets that error.
	land func(batch []*change) (errs []error)

	mu      sync.Mutex
	idle    sync.Cond // signalled when a leader stops landing
	queue   []*change
	landing bool
	closed  bool
	writes  uint64 // landings so far (each one write)
}

// landings is how many writes the lander made so far.
func (l *lander) landings() uint64 {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.writes
}

func newLander(land func([]*change) []error) *lander {
	l := &lander{land: land}
	l.idle.L = &l.mu
	return l
}

// submit queues c and waits until it landed (or failed).
func (l *lander) submit(c *change) error {
	c.done = make(chan error, 1)
	l.mu.Lock()
	if l.closed {
		l.mu.Unlock()
		return ErrClosed
	}
	l.queue = append(l.queue, c)
	if l.landing {
		l.mu.Unlock()
		return <-c.done
	}
	l.landing = true
	for len(l.queue) > 0 {
		batch := l.queue
		l.queue = nil
		l.writes++
		l.mu.Unlock()
		errs := l.land(batch)
		for i, c := range batch {
			c.done <- errs[i]
		}
		l.mu.Lock()
	}
	l.landing = false
	l.idle.Broadcast()
	l.mu.Unlock()
	return <-c.done
}

// close refuses new changes and waits until those already queued landed.
func (l *lander) close() {
	l.mu.Lock()
	l.closed = true
	for l.landing {
		l.idle.Wait()
	}
	l.mu.Unlock()
}

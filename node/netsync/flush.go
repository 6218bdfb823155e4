package netsync

import (
	"context"
	"time"
)

// flushPoll is how often Flush looks whether the pushes were acknowledged.
const flushPoll = 20 * time.Millisecond

// Flush waits until every push-update this node sent to a peer still
// connected was acknowledged stored (05 §7, §8 step 5; syncer.Unacked), or
// ctx ends: called before Close, it gives the last local writes the moment
// to reach the peers (a one-shot command that writes and exits). It waits
// for nothing when no peer is connected; the error is ctx's when pushes
// were still out.
func (m *Manager) Flush(ctx context.Context) error {
	t := time.NewTicker(flushPoll)
	defer t.Stop()
	for m.unacked() > 0 {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-t.C:
		}
	}
	return nil
}

// unacked counts the pushes awaiting their stored in every space.
func (m *Manager) unacked() int {
	m.mu.Lock()
	if m.closed {
		m.mu.Unlock()
		return 0
	}
	spaces := make([]*syncSpace, 0, len(m.spaces))
	for _, s := range m.spaces {
		spaces = append(spaces, s)
	}
	m.mu.Unlock()
	n := 0
	for _, s := range spaces {
		n += s.eng.Unacked()
	}
	return n
}

package netsync

import "context"

// Flush waits until every push-update this node sent to a peer still
// connected was acknowledged stored (05 §7, §8 step 5; syncer.Unacked), or
// ctx ends: called before Close, it gives the last local writes the moment
// to reach the peers (a one-shot command that writes and exits). It waits
// for nothing when no peer is connected; the error is ctx's when pushes
// were still out. It looks again only when a stored came or a peer went
// (acks.go).
func (m *Manager) Flush(ctx context.Context) error {
	for {
		changed := m.acks.next()
		if m.unacked() == 0 {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-changed:
			m.acks.wakes.Add(1)
		}
	}
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

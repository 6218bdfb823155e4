package netsync

// When the engines are ticked. Our choice (05 §6.2, §6.3 leave the timing
// to the node): every Config.Tick while some space has a peer admitted,
// and not at all while none has or sync is paused. An engine with no peer
// has nothing a tick would do: no session or want to give up, no one to
// say hello to, and nothing waiting to land (what a peer's messages left
// waiting lands when it goes, syncer.Engine.RemovePeer). A peer admitted
// (onWho) or gone (PeerDown), a space added or sync resumed wakes the
// loop, which ticks once at once: the space's standing is announced as
// before (offline, say), and ticks go on while a peer is there.

// ticking says whether some space has a peer admitted and sync runs.
func (m *Manager) ticking() bool {
	if m.isPaused() {
		return false
	}
	for _, s := range m.allSpaces() {
		if s.hasPeer() {
			return true
		}
	}
	return false
}

func (s *syncSpace) hasPeer() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, ps := range s.peers {
		if ps.accepted {
			return true
		}
	}
	return false
}

// nudge wakes the loop: a peer came or went. A peer gone takes its pushes
// still out with it, so Flush looks again too (acks.go).
func (m *Manager) nudge() {
	m.acks.changed()
	select {
	case m.wake <- struct{}{}:
	default:
	}
}

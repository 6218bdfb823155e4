package netsync

// Unreachable says whether a space dials nodes and none of them can be
// reached now: every dialler has failed or been refused since its last
// handshake (transport.DialState.Attempts), none is connected, and no
// admitted peer is connected either way (04 §5.4). A space that dials
// nothing, or whose dials have not all ended once yet, is not unreachable.
// The runtime's Join answers at once then rather than wait for a record no
// node can bring (docs/spec/06-nodes.md §1.5, our choice).
func (m *Manager) Unreachable(spaceID string) bool {
	s := m.space(spaceID)
	if s == nil {
		return false
	}
	s.dialMu.Lock()
	dials, failed := len(s.dialers), 0
	for _, d := range s.dialers {
		if st := d.State(); !st.Connected && st.Attempts > 0 {
			failed++
		}
	}
	s.dialMu.Unlock()
	if dials == 0 || failed < dials {
		return false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, ps := range s.peers {
		if ps.accepted && !closing(ps.p) {
			return false
		}
	}
	return true
}

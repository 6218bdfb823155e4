package netsync

import (
	"errors"
	"net"

	"minca.dev/desktop/core/handshake"
	"minca.dev/desktop/node/transport"
)

// Unreachable says whether a space dials nodes and none of them can be
// reached now: every dialler's last attempt since its last handshake
// (transport.DialState.Attempts) could not connect at all (the dial
// itself failed: nothing listens, no route, no such host) or was refused
// (4003, 04 §5.3), none is connected, and no admitted peer is connected
// either way (04 §5.4). An attempt that connected and then failed (a
// handshake cut short, a slow node) says the node is there: not
// unreachable. Nor is a space that dials nothing, or whose dials have not
// all ended once yet.
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
		if st := d.State(); !st.Connected && st.Attempts > 0 && cannotReach(st) {
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

// cannotReach says whether a dialler's last failure says its node cannot
// be reached: refused, or the dial itself failed.
func cannotReach(st transport.DialState) bool {
	if st.LastClose == int(handshake.CloseNotReader) {
		return true
	}
	var op *net.OpError
	return errors.As(st.LastErr, &op) && op.Op == "dial"
}

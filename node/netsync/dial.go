package netsync

import (
	"minca.dev/desktop/core/invite"
	"minca.dev/desktop/node/transport"
)

// desired is the node URLs a space dials (04 §5.4, 06 §1.8): the account's
// own hosts first, then the invitation's, only keepers' once the space
// names keepers (03 §7.4, §10); never this node; at most MaxDials.
func (m *Manager) desired(s *syncSpace) []invite.Node {
	s.mu.Lock()
	keepers := s.view.keepers
	s.mu.Unlock()
	var out []invite.Node
	seen := map[string]bool{}
	for _, n := range append(append([]invite.Node(nil), s.hosts...), invite.Dialable(s.nodes, keepers)...) {
		if seen[n.URL] || n.DID == m.DID() || len(out) == transport.MaxDials {
			continue
		}
		seen[n.URL] = true
		out = append(out, n)
	}
	return out
}

// redial brings a space's dialers in line with desired. Dialers are
// stopped and started under dialMu alone: Stop waits for the connection's
// PeerDown, which takes mu.
func (m *Manager) redial(s *syncSpace) {
	if m.isPaused() || m.space(s.id) != s {
		return
	}
	want := map[string]bool{}
	for _, n := range m.desired(s) {
		want[n.String()] = true
	}
	s.dialMu.Lock()
	defer s.dialMu.Unlock()
	for u, d := range s.dialers {
		if !want[u] {
			d.Stop()
			delete(s.dialers, u)
		}
	}
	for u := range want {
		if s.dialers[u] != nil {
			continue
		}
		if d, err := m.tr.Connect(u, s.id); err == nil {
			s.dialers[u] = d
		}
	}
}

func (m *Manager) stopDialing(s *syncSpace) {
	s.dialMu.Lock()
	defer s.dialMu.Unlock()
	for u, d := range s.dialers {
		d.Stop()
		delete(s.dialers, u)
	}
}

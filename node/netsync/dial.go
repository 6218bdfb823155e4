package netsync

import (
	"fmt"
	"slices"

	"minca.dev/desktop/core/invite"
	"minca.dev/desktop/node/transport"
)

// desired is the node URLs a space dials (04 §5.4, 06 §1.8): the account's
// own hosts first, then the keepers the space names by their node URLs
// (invite.KeeperNode), then the invitation's, only keepers' once the space
// names keepers (03 §7.4, §10); never this node; at most MaxDials.
func (m *Manager) desired(s *syncSpace) []invite.Node {
	s.mu.Lock()
	keepers, nodes := s.view.keepers, s.nodes
	s.mu.Unlock()
	var out []invite.Node
	seen := map[string]bool{}
	all := append(append([]invite.Node(nil), s.hosts...), invite.KeeperNodes(keepers)...)
	for _, n := range append(all, invite.Dialable(nodes, keepers)...) {
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
	hold := m.RefusedHold(s.id)
	s.dialMu.Lock()
	changed := false
	for u, d := range s.dialers {
		if !want[u] {
			d.Stop()
			delete(s.dialers, u)
			changed = true
		}
	}
	for u := range want {
		if s.dialers[u] != nil {
			continue
		}
		if d, err := m.tr.Connect(u, s.id); err == nil {
			d.HoldRefused(hold)
			s.dialers[u] = d
			changed = true
		}
	}
	s.dialMu.Unlock()
	if changed {
		m.dials.tell() // the nodes dialled are others now
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

// AddNodes adds node URLs another invitation to a space names (03 §7.4)
// to those it dials, and dials them; the space's hold is let go and every
// node not connected redialled at once, since a new invitation may let
// this node in again (HoldRefused). A list that does not parse is ignored
// whole (03 §7.4) and reported.
func (m *Manager) AddNodes(spaceID string, nodes []string) error {
	s := m.space(spaceID)
	if s == nil {
		return fmt.Errorf("add nodes to %s: %w", spaceID, ErrNoSpace)
	}
	add, err := parseNodes(nodes)
	if err != nil {
		return fmt.Errorf("add nodes to %s: %w", spaceID, err)
	}
	s.mu.Lock()
	all := slices.Clone(s.nodes) // desired reads the old slice unlocked
	for _, n := range add {
		if !slices.Contains(all, n) {
			all = append(all, n)
		}
	}
	s.nodes = all
	s.mu.Unlock()
	m.HoldRefused(spaceID, 0)
	s.redialNow()
	m.redial(s)
	return nil
}

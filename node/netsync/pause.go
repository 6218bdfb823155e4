package netsync

import "fmt"

// Pause closes every connection and stops listening and dialling until
// Resume; the stores and engines stay as they are.
func (m *Manager) Pause() error {
	m.mu.Lock()
	if m.paused || m.closed {
		m.mu.Unlock()
		return nil
	}
	m.paused = true
	listening := m.listen != ""
	m.mu.Unlock()
	for _, s := range m.allSpaces() {
		m.stopDialing(s)
	}
	if listening {
		if err := m.tr.StopListening(); err != nil {
			return fmt.Errorf("pause: %w", err)
		}
	}
	for _, s := range m.allSpaces() {
		for _, p := range m.tr.Peers(s.id) {
			p.Close(1001, "paused")
		}
	}
	m.emit(EventStatus, "", "paused")
	return nil
}

// Resume listens again on the address bound before, so node URLs stay
// valid, and redials every space's nodes.
func (m *Manager) Resume() error {
	m.mu.Lock()
	if !m.paused || m.closed {
		m.mu.Unlock()
		return nil
	}
	m.paused = false
	addr := m.listen
	m.mu.Unlock()
	if addr != "" {
		if _, err := m.tr.Listen(addr); err != nil {
			return fmt.Errorf("resume: listen %s: %w", addr, err)
		}
	}
	for _, s := range m.allSpaces() {
		m.redial(s)
	}
	m.nudge() // a tick announces the spaces' standing (tick.go)
	m.emit(EventStatus, "", "resumed")
	return nil
}

package netsync

import (
	"sync"
	"time"

	"minca.dev/desktop/node/transport"
)

// What the node hears of its dialers, and how it holds back those that are
// refused (04 §5.3, §5.4; 03 §9.2). Our choice: a node refused (4003) is
// told when it happens (transport.Config.OnDial), so the node need not look;
// whether a refusal will last (a former member) or not (a node that does
// not hold the space yet) only the node can tell, so it says how long a
// space's dialers wait after each refusal (HoldRefused).

// dialNotice is the channels told of a change in the standing of the
// dialers (NotifyDials).
type dialNotice struct {
	mu  sync.Mutex
	chs []chan<- struct{}
}

// NotifyDials has ch told (without blocking: give it room for one) of
// every change that may change Refusing: a dialer connected, refused or
// failed, a node added to or dropped from those a space dials.
func (m *Manager) NotifyDials(ch chan<- struct{}) {
	m.dials.mu.Lock()
	defer m.dials.mu.Unlock()
	m.dials.chs = append(m.dials.chs, ch)
}

func (dn *dialNotice) tell() {
	dn.mu.Lock()
	defer dn.mu.Unlock()
	for _, ch := range dn.chs {
		select {
		case ch <- struct{}{}:
		default:
		}
	}
}

// dialed hears a dialer's change of phase (transport.Config.OnDial): an
// attempt begun or a wait begun changes nothing Refusing counts.
func (m *Manager) dialed(_ *transport.Dialer, s transport.DialState) {
	switch s.Phase {
	case transport.DialConnected, transport.DialRefused, transport.DialFailed:
		m.dials.tell()
	}
}

// HoldRefused makes every dialer of a space, and those it dials later,
// wait at least wait after each refusal (4003), the wait under way
// included (transport.Dialer.HoldRefused); 0 lets them back to their
// backoff. AddNodes lets go of it.
func (m *Manager) HoldRefused(spaceID string, wait time.Duration) {
	s := m.space(spaceID)
	if s == nil {
		return
	}
	m.mu.Lock()
	if wait > 0 {
		m.held[spaceID] = wait
	} else {
		delete(m.held, spaceID)
	}
	m.mu.Unlock()
	s.dialMu.Lock()
	defer s.dialMu.Unlock()
	for _, d := range s.dialers {
		d.HoldRefused(wait)
	}
}

// RefusedHold is the wait HoldRefused set for a space (0: none).
func (m *Manager) RefusedHold(spaceID string) time.Duration {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.held[spaceID]
}

// redialNow has every dialer of the space not connected dial at once.
func (s *syncSpace) redialNow() {
	s.dialMu.Lock()
	defer s.dialMu.Unlock()
	for _, d := range s.dialers {
		d.Redial()
	}
}

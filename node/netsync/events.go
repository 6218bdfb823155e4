package netsync

import (
	"time"

	"minca.dev/desktop/node/api"
)

// Event kinds the Manager streams (api.Event.Kind).
const (
	EventSync   = "sync"   // Data: Change
	EventJoined = "joined" // Data: Joined
	EventStatus = "status" // Data: "paused" or "resumed"
)

// What a Change reports.
const (
	PeerConnected    = "peer-connected"
	PeerDisconnected = "peer-disconnected"
	SpaceSynced      = "space-synced"
	SpaceProgress    = "space-progress" // state, to fetch or bytes in changed
)

// ProgressEvery is the least time between two progress events of one
// space while only its numbers change; a change of state goes out as soon
// as a check sees it.
const ProgressEvery = 250 * time.Millisecond

// Change is a sync delta: a peer admitted or gone, a space synced, a
// space's progress (its state and numbers as Status would give them).
type Change struct {
	What    string `json:"what"`
	Peer    string `json:"peer,omitempty"`    // session DID
	Account string `json:"account,omitempty"` // its account, from `who`
	State   string `json:"state,omitempty"`   // space-synced, space-progress
	ToFetch int    `json:"toFetch,omitempty"` // space-progress
	BytesIn int64  `json:"bytesIn,omitempty"` // space-progress
}

// Joined is an account that became a reader of the space (its replay
// gained a member, 03 §4).
type Joined struct {
	Account string `json:"account"`
}

// Events subscribes to the Manager's deltas until cancel is called or the
// Manager closes (then the channel is closed). A subscriber that falls
// EventBuffer events behind loses the newest ones; Status is always exact.
func (m *Manager) Events() (<-chan api.Event, func()) {
	ch := make(chan api.Event, EventBuffer)
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		close(ch)
		return ch, func() {}
	}
	m.subs[ch] = struct{}{}
	return ch, func() {
		m.mu.Lock()
		defer m.mu.Unlock()
		if _, ok := m.subs[ch]; ok {
			delete(m.subs, ch)
			close(ch)
		}
	}
}

func (m *Manager) emit(kind, spaceID string, data any) {
	e := api.Event{Kind: kind, SpaceID: spaceID, Data: data}
	m.mu.Lock()
	defer m.mu.Unlock()
	for ch := range m.subs {
		select {
		case ch <- e:
		default:
		}
	}
}

// shown is what the last progress event of a space said.
type shown struct {
	state   string
	toFetch int
	bytesIn int64
	at      time.Time
}

// progress announces the space's standing if it changed: at once when its
// state changed, else at most every ProgressEvery (a later call is
// scheduled for what was held back). It calls the engine: never under the
// engine's lock or mu.
func (m *Manager) progress(s *syncSpace) {
	s.progressMu.Lock() // one at a time: an older snapshot is never shown after a newer one
	defer s.progressMu.Unlock()
	n := s.now()
	state := m.state(s, n)
	toFetch := n.fetch(state)
	now := time.Now()
	s.mu.Lock()
	last := s.shown
	same := last.state == state && last.toFetch == toFetch && last.bytesIn == n.bytesIn
	early := last.state == state && now.Sub(last.at) < m.every()
	if same || early {
		s.mu.Unlock()
		if !same {
			m.poke(s)
		}
		return
	}
	s.shown = shown{state: state, toFetch: toFetch, bytesIn: n.bytesIn, at: now}
	s.mu.Unlock()
	what := SpaceProgress
	if state == StateSynced && last.state != StateSynced {
		what = SpaceSynced
	}
	m.emit(EventSync, s.id, Change{What: what, State: state, ToFetch: toFetch, BytesIn: n.bytesIn})
}

// poke schedules a progress check of the space, once ProgressEvery has
// passed since its last event; safe anywhere, the engine's lock held or not
// (but not mu).
func (m *Manager) poke(s *syncSpace) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.poked {
		return
	}
	s.poked = true
	wait := max(0, m.every()-time.Since(s.shown.at))
	time.AfterFunc(wait, func() {
		s.mu.Lock()
		s.poked = false
		s.mu.Unlock()
		if m.ctx.Err() == nil {
			m.progress(s)
		}
	})
}

func (m *Manager) every() time.Duration {
	if m.cfg.Progress > 0 {
		return m.cfg.Progress
	}
	return ProgressEvery
}

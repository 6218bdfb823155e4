package netsync

import "minca.dev/desktop/node/api"

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
)

// Change is a sync delta: a peer admitted or gone, a space synced.
type Change struct {
	What    string `json:"what"`
	Peer    string `json:"peer,omitempty"`    // session DID
	Account string `json:"account,omitempty"` // its account, from `who`
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

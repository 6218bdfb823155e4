package netsync

import (
	"context"
	"sort"
	"strings"
	"time"

	"minca.dev/desktop/core/handshake"
	"minca.dev/desktop/node/api"
	"minca.dev/desktop/node/transport"
)

// Space states (api.SpaceSync.State).
const (
	StateSynced  = "synced"
	StateSyncing = "syncing"
	StateOffline = "offline"
	StatePaused  = "paused"
)

// Peer states (api.PeerStatus.State).
const (
	PeerStateConnected  = "connected"
	PeerStateConnecting = "connecting"
	PeerStateBackoff    = "backoff"
	PeerStateDropped    = "dropped" // not connected, misbehaviour counted (04 §5.5)
	// PeerStateTurnedAway: not connected, and this node turned it away
	// (Refused), with no misbehaviour counted.
	PeerStateTurnedAway = "turned-away"
	// PeerStateRefused: the node last closed with 4003, not letting this one
	// into the space (04 §5.3: no reader, a former member, or not served).
	PeerStateRefused = "refused"
)

// spaceNow is a space's standing, read under its lock.
type spaceNow struct {
	accepted []string
	toFetch  int // asked for and not yet received (want, 05 §6.3)
	coming   int // found missing by a probe, not yet stored (coming.go)
	bytesIn  int64
	unheard  int                 // admitted peers the engine has taken nothing in from yet
	cols     map[string][]string // by DID: what the peer's last hello compares (helloCols)
}

// closing says whether a connection is on its way out (Pause, PeerDown
// still to come): it no longer counts as a peer of the space.
func closing(p *transport.Peer) bool {
	select {
	case <-p.Done():
		return true
	default:
		return false
	}
}

func (s *syncSpace) now() spaceNow {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := spaceNow{bytesIn: s.bytesIn, coming: s.store.coming.count(), cols: map[string][]string{}}
	for did, ps := range s.peers {
		if ps.accepted && !closing(ps.p) {
			n.accepted = append(n.accepted, did)
			n.toFetch += ps.wanted
			if ps.heard == 0 {
				n.unheard++
			}
			n.cols[did] = ps.cols
		}
	}
	sort.Strings(n.accepted)
	return n
}

// state is the space's sync state; it calls the engine, so never under mu.
func (m *Manager) state(s *syncSpace, n spaceNow) string {
	if m.isPaused() {
		return StatePaused
	}
	if len(n.accepted) == 0 {
		return StateOffline
	}
	if n.toFetch > 0 || n.unheard > 0 { // never synced before a peer was heard (05 §6.1)
		return StateSyncing
	}
	for _, did := range n.accepted {
		if !m.reconciled(s, did, n.cols[did]) {
			return StateSyncing
		}
	}
	s.store.coming.clear() // level with every peer: what did not come, won't
	return StateSynced
}

// fetch is what is still to fetch in a space of that state: asked for and
// still to come; nothing once synced (state cleared what was to come).
func (n spaceNow) fetch(state string) int {
	if state == StateSynced {
		return n.toFetch
	}
	return n.toFetch + n.coming
}

// reconciled says whether the engine is done with a peer it has heard: idle
// (05 §6.5) and, when the peer is the initiator (05 §6.2 step 6), level on
// every collection its hello compared: a responder is idle all through the
// peer's sessions and the versions it sends, until its closing hello.
func (m *Manager) reconciled(s *syncSpace, did string, cols []string) bool {
	if !s.eng.Synced(did) {
		return false
	}
	if m.cfg.Key.DID() < did {
		return true // this node begins the sessions: idle is done
	}
	for _, c := range cols {
		if !s.eng.Level(did, c) {
			return false
		}
	}
	return true
}

// State is one space's sync state (api.SpaceSync.State), without the
// store sums Status reads; ok is false for a space not synced here.
func (m *Manager) State(spaceID string) (state string, ok bool) {
	s := m.space(spaceID)
	if s == nil {
		return "", false
	}
	return m.state(s, s.now()), true
}

// checkSynced forgets what is left to fetch from peers the engine is synced
// with (05 §6.5) and announces the space's standing if it changed.
func (m *Manager) checkSynced(s *syncSpace) {
	n := s.now()
	synced := map[string]bool{}
	for _, did := range n.accepted {
		synced[did] = s.eng.Synced(did)
	}
	s.mu.Lock()
	for did, ok := range synced {
		if ps := s.peers[did]; ok && ps != nil {
			ps.wanted = 0
		}
	}
	s.mu.Unlock()
	s.store.coming.sweep(m.now())
	m.progress(s)
}

// Status is every space's and peer's sync state (api.SyncStatus).
func (m *Manager) Status(ctx context.Context) api.SyncStatus {
	st := api.SyncStatus{Paused: m.isPaused(), Listen: m.Addr(), Spaces: []api.SpaceSync{}, Peers: []api.PeerStatus{}}
	peers := map[string]*api.PeerStatus{}
	for _, s := range m.allSpaces() {
		n := s.now()
		state := m.state(s, n)
		ss := api.SpaceSync{SpaceID: s.id, State: state, ToFetch: n.fetch(state), BytesIn: n.bytesIn}
		if sums, err := s.store.Sums(ctx); err == nil {
			for _, c := range sums {
				ss.Versions += c.Count
			}
		}
		st.Spaces = append(st.Spaces, ss)
		m.peersOf(s, peers)
	}
	counters := m.tr.Counters()
	for key, c := range counters {
		if p := peers[key]; p != nil {
			p.Dropped, p.Refused = dropped(c), c.Refused
		} else if d := dropped(c); d > 0 || c.Refused > 0 {
			state := PeerStateDropped
			if d == 0 {
				state = PeerStateTurnedAway
			}
			peers[key] = &api.PeerStatus{DID: strings.TrimPrefix(key, "addr:"), State: state, Spaces: []string{}, Dropped: d, Refused: c.Refused}
		}
	}
	for _, p := range peers {
		sort.Strings(p.Spaces)
		st.Peers = append(st.Peers, *p)
	}
	sort.Slice(st.Peers, func(i, j int) bool { return st.Peers[i].DID < st.Peers[j].DID })
	return st
}

// peersOf adds a space's connections and dialled nodes to peers, by DID.
func (m *Manager) peersOf(s *syncSpace, peers map[string]*api.PeerStatus) {
	dialers := dialStates(s)
	s.mu.Lock()
	defer s.mu.Unlock()
	add := func(did, url, state string, since time.Time) {
		p := peers[did]
		if p == nil {
			p = &api.PeerStatus{DID: did, State: state, Since: since, Spaces: []string{}}
			peers[did] = p
		}
		if p.Account == "" {
			p.Account = s.accounts[did] // from `who` (04 §6.4), kept once heard
		}
		if p.Keeper == "" {
			p.Keeper = s.view.keeperName(did)
		}
		if url != "" {
			p.URL = url
		}
		if state == PeerStateConnected {
			p.State = state
			if p.Since.IsZero() || since.Before(p.Since) {
				p.Since = since
			}
		}
		p.Spaces = append(p.Spaces, s.id)
	}
	connected := map[string]bool{}
	for did, ps := range s.peers {
		if ps.accepted {
			connected[did] = true
			add(did, "", PeerStateConnected, ps.since)
		}
	}
	for u, ds := range dialers {
		url, did, _ := strings.Cut(u, "#")
		if connected[did] {
			peers[did].URL = url
			continue
		}
		state := PeerStateConnecting
		if ds.Attempts > 0 {
			state = PeerStateBackoff
		}
		if ds.LastClose == int(handshake.CloseNotReader) {
			state = PeerStateRefused
		}
		add(did, url, state, time.Time{})
	}
}

// dropped is the misbehaviour counted against a peer (04 §5.5); being
// turned away (Counters.Refused) is not.
func dropped(c transport.Counters) int {
	return c.Malformed + c.BadSignature + c.Oversize + c.Dropped
}

// dialStates is a snapshot of each dialer's state, by its key (URL#DID),
// taken under dialMu alone: callers then take mu without holding both.
func dialStates(s *syncSpace) map[string]transport.DialState {
	s.dialMu.Lock()
	defer s.dialMu.Unlock()
	states := make(map[string]transport.DialState, len(s.dialers))
	for u, d := range s.dialers {
		states[u] = d.State()
	}
	return states
}

// Refusing counts the nodes a space dials that are not connected and last
// closed with 4003 (04 §5.3: this node is not let in), and all it dials.
func (m *Manager) Refusing(spaceID string) (refusing, dialled int) {
	s := m.space(spaceID)
	if s == nil {
		return 0, 0
	}
	for _, ds := range dialStates(s) {
		dialled++
		if !ds.Connected && ds.LastClose == int(handshake.CloseNotReader) {
			refusing++
		}
	}
	return refusing, dialled
}

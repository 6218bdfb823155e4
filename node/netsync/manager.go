package netsync

import (
	"context"
	"crypto/rand"
	"fmt"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"minca.dev/desktop/core/note"
	"minca.dev/desktop/node/api"
	"minca.dev/desktop/node/syncer"
	"minca.dev/desktop/node/transport"
)

// Manager keeps a node's spaces in sync with the network (06 §1.8): one
// transport, one sync engine per space. Its methods are safe for concurrent
// use; it assumes no UI.
type Manager struct {
	cfg    Config
	tr     *transport.Transport
	now    func() time.Time
	ctx    context.Context
	cancel context.CancelFunc
	done   chan struct{}
	// wake tells the loop a peer came or went (tick.go); ticks counts its
	// passes, for tests.
	wake  chan struct{}
	ticks atomic.Uint64
	// prep carries queued sync messages to the preparers (inbox.go);
	// workers counts the preparers running.
	prep    chan prepJob
	workers sync.WaitGroup
	// dials tells the node of its dialers' standing (dial.go); acks wakes
	// Flush (acks.go).
	dials dialNotice
	acks  acks

	mu     sync.Mutex
	spaces map[string]*syncSpace
	note   *note.Note
	paused bool
	listen string // the address bound, "" when not listening
	closed bool
	subs   map[chan api.Event]struct{}
	held   map[string]time.Duration // by space: HoldRefused's wait (dial.go)
}

// New makes a Manager and starts listening if an address is configured.
func New(cfg Config) (*Manager, error) {
	if cfg.Key == nil || cfg.Note == nil {
		return nil, fmt.Errorf("netsync: a session key and its note are required")
	}
	if cfg.Rand == nil {
		cfg.Rand = rand.Reader
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Tick <= 0 {
		cfg.Tick = DefaultTick
	}
	if cfg.WhoTimeout <= 0 {
		cfg.WhoTimeout = WhoTimeout
	}
	m := &Manager{cfg: cfg, now: cfg.Now, note: cfg.Note, done: make(chan struct{}), wake: make(chan struct{}, 1),
		spaces: map[string]*syncSpace{}, subs: map[chan api.Event]struct{}{}, held: map[string]time.Duration{}}
	tr, err := transport.New(transport.Config{Key: cfg.Key, Gate: gate{m}, Handler: handler{m},
		ServerTLS: cfg.ServerTLS, ClientTLS: cfg.ClientTLS, Advertise: cfg.Advertise, Rand: cfg.Rand, Backoff: cfg.Backoff,
		OnDial: m.dialed})
	if err != nil {
		return nil, fmt.Errorf("netsync: %w", err)
	}
	m.tr = tr
	if cfg.Listen != ListenOff {
		if m.listen, err = tr.Listen(cfg.Listen); err != nil {
			tr.Close()
			return nil, fmt.Errorf("netsync: listen: %w", err)
		}
	}
	m.ctx, m.cancel = context.WithCancel(context.Background())
	m.startPreparers()
	go m.loop()
	return m, nil
}

// DID is the node's session DID.
func (m *Manager) DID() string { return m.tr.DID() }

// Addr is the address the node listens on ("" when it does not).
func (m *Manager) Addr() string {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.listen
}

// URL is the node URL others dial to reach this node (04 §5.2), "" when
// it does not listen: wss:// with ServerTLS, the advertised host (see
// transport.Transport.URL), pinned by the node's DID.
func (m *Manager) URL() string { return m.tr.URL() }

// SetNote replaces the session note sent as `who` (06 §1.4: renewed at
// 0.75 × its lifetime). Connections already open keep the one they sent.
func (m *Manager) SetNote(n *note.Note) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.note = n
}

// Add starts syncing a space and returns its engine: the runtime writes
// the node's own versions through Engine.Write (05 §7).
func (m *Manager) Add(ctx context.Context, cfg SpaceConfig) (*syncer.Engine, error) {
	s, err := m.newSpace(ctx, cfg)
	if err != nil {
		return nil, err
	}
	m.mu.Lock()
	if m.closed {
		m.mu.Unlock()
		return nil, ErrClosed
	}
	if _, ok := m.spaces[s.id]; ok {
		m.mu.Unlock()
		return nil, fmt.Errorf("add space %s: %w", s.id, ErrHaveSpace)
	}
	m.spaces[s.id] = s
	m.mu.Unlock()
	m.redial(s)
	m.nudge() // a tick announces its standing (tick.go)
	return s.eng, nil
}

// Remove stops syncing a space: its dialers stop and its peers are let go.
// The store is the caller's to close.
func (m *Manager) Remove(spaceID string) error {
	m.mu.Lock()
	s, ok := m.spaces[spaceID]
	delete(m.spaces, spaceID)
	delete(m.held, spaceID)
	m.mu.Unlock()
	if !ok {
		return fmt.Errorf("remove %s: %w", spaceID, ErrNoSpace)
	}
	m.stopDialing(s)
	m.dials.tell()
	for _, p := range m.tr.Peers(spaceID) {
		p.Close(1001, "space removed")
	}
	return nil
}

// Engine returns the engine of a space being synced.
func (m *Manager) Engine(spaceID string) (*syncer.Engine, bool) {
	s := m.space(spaceID)
	if s == nil {
		return nil, false
	}
	return s.eng, true
}

func (m *Manager) space(id string) *syncSpace {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.spaces[id]
}

func (m *Manager) allSpaces() []*syncSpace {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := make([]*syncSpace, 0, len(m.spaces))
	for _, s := range m.spaces {
		out = append(out, s)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].id < out[j].id })
	return out
}

func (m *Manager) isPaused() bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.paused || m.closed
}

// SyncNow says hello to every admitted peer of a space ("" for every
// space), so a session starts with each whose sums differ (05 §6.2), and
// redials at once every node of it not connected, held back or not
// (HoldRefused).
func (m *Manager) SyncNow(ctx context.Context, spaceID string) error {
	if m.isPaused() {
		return nil
	}
	list := m.allSpaces()
	if spaceID != "" {
		s := m.space(spaceID)
		if s == nil {
			return fmt.Errorf("sync %s: %w", spaceID, ErrNoSpace)
		}
		list = []*syncSpace{s}
	}
	for _, s := range list {
		s.redialNow()
		if err := s.eng.SetHolds(ctx, s.holds); err != nil {
			return fmt.Errorf("sync %s: %w", s.id, err)
		}
	}
	return nil
}

// Close stops everything: the loop, the listener, every dialer and peer.
// Stores stay open: they are the caller's.
func (m *Manager) Close() error {
	m.mu.Lock()
	if m.closed {
		m.mu.Unlock()
		return nil
	}
	m.closed = true
	m.acks.changed() // a Flush waiting waits for nothing more
	for ch := range m.subs {
		close(ch)
		delete(m.subs, ch)
	}
	m.mu.Unlock()
	m.cancel()
	<-m.done
	m.workers.Wait()
	return m.tr.Close()
}

// loop ticks every engine (05 §6.2, §6.3) and notices spaces that became
// synced, while any space has a peer (tick.go).
func (m *Manager) loop() {
	defer close(m.done)
	t := time.NewTicker(m.cfg.Tick)
	defer t.Stop()
	for {
		if !m.ticking() {
			t.Stop()
			select {
			case <-m.ctx.Done():
				return
			case <-m.wake:
			}
			t.Reset(m.cfg.Tick)
		} else {
			select {
			case <-m.ctx.Done():
				return
			case <-t.C:
			case <-m.wake:
			}
		}
		if m.isPaused() {
			continue
		}
		m.ticks.Add(1)
		for _, s := range m.allSpaces() {
			s.eng.Tick(m.ctx)
			m.checkSynced(s)
		}
	}
}

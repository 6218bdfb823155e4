package netsync

import (
	"context"
	"fmt"
	"sync"
	"time"

	"minca.dev/desktop/core/access"
	"minca.dev/desktop/core/invite"
	"minca.dev/desktop/core/judge"
	"minca.dev/desktop/core/record"
	"minca.dev/desktop/core/spacekey"
	"minca.dev/desktop/core/syncmsg"
	"minca.dev/desktop/node/syncer"
	"minca.dev/desktop/node/transport"
)

// syncSpace is one space the Manager keeps in sync.
//
// Lock order: dialMu, then the engine's lock, then mu. The engine's lock
// may be held when mu is taken (MaySend, the watched store), so nothing
// holding mu calls into the engine or the transport's waiting calls.
type syncSpace struct {
	id      string
	private bool
	eng     *syncer.Engine
	store   *watched
	keys    func() []*spacekey.Key
	holds   syncmsg.Holds
	hosts   []invite.Node

	dialMu  sync.Mutex                   // guards dialers; never taken under mu
	dialers map[string]*transport.Dialer // by node URL with its pin

	progressMu sync.Mutex // held by progress (events.go), never under mu

	mu       sync.Mutex
	nodes    []invite.Node // the invitations' (AddNodes); replaced, never changed in place
	hist     *access.History
	view     *view
	peers    map[string]*peerState // by session DID
	accounts map[string]string     // session DID → account, from `who`
	bytesIn  int64
	shown    shown // the last progress event (events.go)
	poked    bool  // a progress check is scheduled
}

// peerState is one connection of the space.
type peerState struct {
	p        *transport.Peer
	account  string // from `who` (04 §6.4); "" until then
	on       string // the read key an inbound peer proved
	accepted bool   // its `who` admitted it: it is a peer of the engine
	since    time.Time
	wanted   int      // version ids asked of it and not yet received
	heard    int      // its messages the engine has taken in
	cols     []string // the collections its last hello compares (helloCols)
	in       *inbox   // its sync messages on their way to the engine, once accepted
}

func (m *Manager) newSpace(ctx context.Context, cfg SpaceConfig) (*syncSpace, error) {
	if cfg.Space == nil || cfg.Store == nil {
		return nil, fmt.Errorf("add space: no space or no store")
	}
	s := &syncSpace{id: cfg.Space.ID, private: cfg.Space.Constitution.Private(),
		keys: cfg.Keys, holds: syncmsg.HoldsAll,
		peers: map[string]*peerState{}, accounts: map[string]string{}, dialers: map[string]*transport.Dialer{}}
	if cfg.Holds != nil {
		s.holds = *cfg.Holds
	}
	var err error
	if s.hosts, err = parseNodes(cfg.Hosts); err != nil {
		return nil, fmt.Errorf("add space %s: hosts: %w", s.id, err)
	}
	if s.nodes, err = parseNodes(cfg.Nodes); err != nil {
		return nil, fmt.Errorf("add space %s: nodes: %w", s.id, err)
	}
	if s.hist, err = replayStore(ctx, cfg.Space, cfg.Store); err != nil {
		return nil, fmt.Errorf("add space %s: replay: %w", s.id, err)
	}
	s.view = newView(s.hist, s.private)
	s.store = &watched{Store: cfg.Store, onAccess: func(vs []*record.Version) { m.accessChanged(s, vs) }}
	sp, err := syncer.NewSpace(ctx, syncer.SpaceConfig{Space: cfg.Space, Store: s.store.forEngine(), Opener: cfg.Opener})
	if err != nil {
		return nil, fmt.Errorf("add space %s: %w", s.id, err)
	}
	s.eng, err = syncer.New(syncer.Config{Self: m.cfg.Key.DID(), Space: sp, Clock: clock{m.now}, Holds: s.holds,
		OnStored: func(string, []string) { m.acks.changed() }}) // Flush looks again (acks.go)
	if err != nil {
		return nil, fmt.Errorf("add space %s: %w", s.id, err)
	}
	return s, nil
}

func parseNodes(list []string) ([]invite.Node, error) {
	if len(list) == 0 {
		return nil, nil
	}
	return invite.ParseNodes(list)
}

type clock struct{ now func() time.Time }

func (c clock) Now() time.Time { return c.now() }

// accessChanged takes access versions just stored into the space's replay
// and acts on the new view: peers no longer admitted are let go, new
// readers announced, the dial set brought up to date (keepers, 03 §10).
// It runs inside the store's Put, under the engine's lock: it must not call
// the engine.
func (m *Manager) accessChanged(s *syncSpace, vs []*record.Version) {
	evs, _ := judge.EventsFromVersions(vs, judge.Space{ID: s.id})
	s.mu.Lock()
	if err := s.hist.Add(evs...); err != nil {
		s.mu.Unlock()
		return // events that do not validate were never events (03 §3.3)
	}
	old := s.view
	s.view = newView(s.hist, s.private)
	var gone []string
	for did, ps := range s.peers {
		if ps.account != "" && !s.view.admits(ps.account, ps.on) {
			gone = append(gone, did)
		}
	}
	joined := s.view.joined(old)
	s.mu.Unlock()
	for _, a := range joined {
		m.emit(EventJoined, s.id, Joined{Account: a})
	}
	go m.afterAccess(s, gone)
}

// afterAccess does, off the engine's lock, what a change of access asks:
// let go of peers no longer admitted (04 §6.3) and redial.
func (m *Manager) afterAccess(s *syncSpace, gone []string) {
	for _, did := range gone {
		m.tr.LetGo(s.id, did)
	}
	m.redial(s)
}

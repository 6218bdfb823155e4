package netsync

import (
	"bytes"
	"context"
	"time"

	"minca.dev/desktop/core/negentropy"
	"minca.dev/desktop/core/syncmsg"
	"minca.dev/desktop/node/transport"
)

// The Manager's side of counting what is to come (coming.go): the probes
// a peer's session starts, their answers, and the peer's reconcile held
// from the engine meanwhile.
//
// Only the first round of probes is answered before the peer sends what
// its session found: once the engine has answered the peer's first
// reconcile, the peer queues every version this node lacks, and answers
// to later probes wait behind them. So the engine gets the peer's first
// reconcile of a session only once its probes have ended (answered, swept,
// or after holdMax at most): a session whose answers all come in the first
// round waits one round trip more; a larger one, its few later rounds. The
// peer cannot go on with that session meanwhile, and what else it sends
// reaches the engine as it comes (other sessions are independent, 05 §6.3).

// holdMax bounds how long the peer's reconcile is held while its probes
// count, well inside the peer's syncer.SessionTimeout.
const holdMax = 3 * time.Second

var (
	reconcileHead  = []byte(`{"v":8,"type":"reconcile",`)
	reconciledHead = []byte(`{"v":8,"type":"reconciled"`)
)

// sawSync looks at an admitted peer's sync message before the engine does:
// a session the peer begins (05 §6.3 step 1) may start probes, and is held
// from the engine until they end; versions arriving leave the count; the
// answer to a probe is taken here. True when the message is not the
// engine's to take now.
func (m *Manager) sawSync(ctx context.Context, s *syncSpace, p *transport.Peer, msg []byte) bool {
	switch {
	case bytes.HasPrefix(msg, reconciledHead):
		return m.probeAnswer(s, p, msg)
	case bytes.HasPrefix(msg, versionsHead):
		s.store.coming.arrived(msg)
	case bytes.HasPrefix(msg, reconcileHead) && m.cfg.Key.DID() > p.DID():
		return m.probeSession(ctx, s, p, msg)
	}
	return false
}

// probeSession asks the peer, in one round, for its ids where its first
// reconcile of a session differs from this node's items (comingplan.go),
// once per session of the peer's, while no probe of the collection with it
// waits. A later session of a peer and collection counted before is not
// counted again while what was found is still coming: a long first sync
// is counted once, not at each session the peer begins meanwhile. It holds
// msg from the engine (true) while the probes run.
func (m *Manager) probeSession(ctx context.Context, s *syncSpace, p *transport.Peer, msg []byte) bool {
	parsed, err := syncmsg.Parse(msg)
	r, ok := parsed.(*syncmsg.Reconcile)
	if err != nil || !ok || !s.holds.HoldsCollection(r.Collection) {
		return false // the engine drops it, or answers held: false (05 §4, §5)
	}
	theirs, err := negentropy.Decode(r.Message)
	if err != nil {
		return false // the engine drops it (05 §6.4)
	}
	c := &s.store.coming
	key := probeKey(p.DID(), r.Collection)
	c.mu.Lock()
	if c.probed[key] == r.ID || c.running(key) || c.probed[key] != 0 && len(c.ids) > 0 {
		c.mu.Unlock()
		return false // counted already, and what it found is still coming
	}
	if c.probed == nil {
		c.probes, c.probed, c.held = map[uint64]*probe{}, map[string]uint64{}, map[string]*waiting{}
	}
	c.probed[key] = r.ID
	c.opening++ // from here, what arrives is noted as landed
	c.mu.Unlock()
	var spans []span
	var named []negentropy.ID
	items, err := s.store.Items(ctx, r.Collection)
	if err == nil {
		spans, named = plan(theirs, items)
	}
	c.mu.Lock()
	c.opening--
	c.add(named)
	asks := c.askLocked(p.DID(), r.Collection, spans, m.now())
	if !c.probing() {
		c.landed = nil
	}
	var w *waiting
	if len(asks) > 0 {
		w = m.holdFor(s, p, msg)
		c.held[key] = w
	}
	c.mu.Unlock()
	sendAsks(p, r.Collection, asks)
	if w != nil {
		time.AfterFunc(holdMax, w.release)
	}
	return w != nil
}

// holdFor is msg held from the engine: released, it goes to the peer's
// inbox, unless the connection has gone.
func (m *Manager) holdFor(s *syncSpace, p *transport.Peer, msg []byte) *waiting {
	return &waiting{put: func() {
		s.mu.Lock()
		ps := s.peers[p.DID()]
		s.mu.Unlock()
		if ps != nil && ps.p == p && ps.accepted {
			ps.in.put(msg)
		}
	}}
}

// askLocked opens a probe of peer's ids in each span: the asks to send.
func (c *coming) askLocked(peer, col string, spans []span, now time.Time) map[uint64][]byte {
	asks := map[uint64][]byte{}
	for _, sp := range spans {
		id := probeBase + c.next
		c.next++
		c.probes[id] = &probe{peer: peer, col: col, sp: sp, sent: now}
		asks[id] = sp.ask()
	}
	return asks
}

// probeAnswer takes a reconciled that answers a probe; false when it
// answers none.
func (m *Manager) probeAnswer(s *syncSpace, p *transport.Peer, msg []byte) bool {
	parsed, err := syncmsg.Parse(msg)
	r, ok := parsed.(*syncmsg.Reconciled)
	if err != nil || !ok || r.ID < probeBase {
		return false
	}
	col, asks, w := s.store.coming.answer(r, p.DID(), m.now())
	sendAsks(p, col, asks)
	w.release()
	return true
}

func sendAsks(p *transport.Peer, collection string, asks map[uint64][]byte) {
	for id, ask := range asks {
		sendSync(p, &syncmsg.Reconcile{ID: id, Collection: collection, Message: ask})
	}
}

func sendSync(p *transport.Peer, msg syncmsg.Message) {
	if b, err := syncmsg.Marshal(msg); err == nil {
		transport.SyncConn{P: p}.Send(b)
	}
}

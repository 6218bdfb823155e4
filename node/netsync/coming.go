package netsync

import (
	"bytes"
	"context"
	"sync"
	"time"

	"minca.dev/desktop/core/negentropy"
	"minca.dev/desktop/core/syncmsg"
	"minca.dev/desktop/node/syncer"
	"minca.dev/desktop/node/transport"
)

// Counting what a peer that begins the sessions will send (05 §6.2 step 6).
// Such a peer learns what this node lacks and sends it in versions without
// id (05 §6.3 step 2); this node, the responder, learns nothing of it
// (05 §3.4: only the initiator learns have and need). So when that peer
// begins a session on a collection, the node asks it, in sessions of its
// own of one round each (05 §6.2: a node MAY initiate on every
// difference), for its ids where its first reconcile differs from this
// node's items (comingplan.go), keeps those it lacks as still to come, and
// asks for none of them: the peer's own session sends them already. An id
// leaves the count when a versions message brings it (as ToFetch counts a
// want's answer), or when it is stored from whatever source (watched.Put).
// The node's own choice (docs/spec/06-nodes.md §1.7, "versions still to
// come").

// probeBase is the first id of this node's counting sessions: far above
// the engine's own session and want ids (they count up from 1), below
// syncmsg.MaxID.
const probeBase uint64 = 1 << 50

var (
	reconcileHead  = []byte(`{"v":8,"type":"reconcile",`)
	reconciledHead = []byte(`{"v":8,"type":"reconciled"`)
)

// coming is one space's versions still to come from peers that begin the
// sessions. Its zero value is ready; it is safe for concurrent use.
type coming struct {
	mu      sync.Mutex
	ids     map[negentropy.ID]bool // found missing, not yet arrived or stored
	landed  map[negentropy.ID]bool // arrived or stored while probes run or open: found later, already here
	probes  map[uint64]*probe      // waiting for their answer, by session id
	opening int                    // probes being made (planned from a snapshot of the items)
	probed  map[string]uint64      // by probeKey: the peer's session probes were begun for
	next    uint64
}

// probe is one counting session of one round (comingplan.go): the peer's
// ids in a span, and this node's there.
type probe struct {
	peer string // session DID
	col  string
	ours map[negentropy.ID]bool
	sent time.Time
}

func probeKey(peer, collection string) string { return peer + "\x00" + collection }

// count is how many versions are still to come.
func (c *coming) count() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.ids)
}

// clear forgets every id still to come: the engine is level with every
// peer, so what was not stored will not come (refused, or held back).
func (c *coming) clear() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.ids = nil
}

// gone takes ids out of the count: versions that arrived from a peer
// (versionIDs) or that the store took in (watched.Put), from whatever
// source. While a probe runs they are noted, so that it does not count them
// when it finds them later.
func (c *coming) gone(ids []negentropy.ID) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, id := range ids {
		delete(c.ids, id)
		if c.probing() {
			if c.landed == nil {
				c.landed = map[negentropy.ID]bool{}
			}
			c.landed[id] = true
		}
	}
}

// watching says whether arrivals matter: something is to come, or a probe
// runs.
func (c *coming) watching() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.ids) > 0 || c.probing()
}

func (c *coming) probing() bool { return len(c.probes) > 0 || c.opening > 0 }

// arrived takes the versions of a versions message out of the count as it
// arrives, as ToFetch counts a want's answer (handler.go's answered).
func (c *coming) arrived(msg []byte) {
	if !c.watching() {
		return
	}
	var ids []negentropy.ID
	for _, v := range versionIDs(msg) {
		if id, err := negentropy.IDFromVersionID(v); err == nil {
			ids = append(ids, id)
		}
	}
	c.gone(ids)
}

// sweep gives up on probes unanswered for syncer.SessionTimeout
// (05 §6.3: a node MAY give up on a session).
func (c *coming) sweep(now time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for id, p := range c.probes {
		if now.Sub(p.sent) > syncer.SessionTimeout {
			c.endLocked(id)
		}
	}
}

func (c *coming) endLocked(id uint64) {
	delete(c.probes, id)
	if !c.probing() {
		c.landed = nil
	}
}

// sawSync looks at an admitted peer's sync message before the engine does:
// a session the peer begins (05 §6.3 step 1) may start a probe; versions
// arriving leave the count; the answer to a probe is taken here and is the
// engine's no concern (true).
func (m *Manager) sawSync(ctx context.Context, s *syncSpace, p *transport.Peer, msg []byte) bool {
	switch {
	case bytes.HasPrefix(msg, reconciledHead):
		return m.probeAnswer(s, p, msg)
	case bytes.HasPrefix(msg, versionsHead):
		s.store.coming.arrived(msg)
	case bytes.HasPrefix(msg, reconcileHead) && m.cfg.Key.DID() > p.DID():
		m.probeSession(ctx, s, p, msg)
	}
	return false
}

// probeSession asks the peer, in one round, for its ids where its first
// reconcile of a session differs from this node's items (comingplan.go),
// once per session of the peer's, while no probe of the collection with it
// waits. The probes go out before the engine answers the peer's session,
// so the peer answers them before it sends what its session found.
func (m *Manager) probeSession(ctx context.Context, s *syncSpace, p *transport.Peer, msg []byte) {
	parsed, err := syncmsg.Parse(msg)
	r, ok := parsed.(*syncmsg.Reconcile)
	if err != nil || !ok || !s.holds.HoldsCollection(r.Collection) {
		return // the engine drops it, or answers held: false (05 §4, §5)
	}
	theirs, err := negentropy.Decode(r.Message)
	if err != nil {
		return // the engine drops it (05 §6.4)
	}
	c := &s.store.coming
	key := probeKey(p.DID(), r.Collection)
	c.mu.Lock()
	if c.probed[key] == r.ID || c.running(key) {
		c.mu.Unlock()
		return
	}
	if c.probed == nil {
		c.probes, c.probed = map[uint64]*probe{}, map[string]uint64{}
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
	asks := map[uint64][]byte{}
	c.mu.Lock()
	c.opening--
	c.add(named)
	for _, sp := range spans {
		id := probeBase + c.next
		c.next++
		c.probes[id] = &probe{peer: p.DID(), col: r.Collection, ours: sp.ours, sent: m.now()}
		asks[id] = sp.ask()
	}
	if !c.probing() {
		c.landed = nil
	}
	c.mu.Unlock()
	for id, ask := range asks {
		sendSync(p, &syncmsg.Reconcile{ID: id, Collection: r.Collection, Message: ask})
	}
}

// add counts ids as still to come, but those already here.
func (c *coming) add(ids []negentropy.ID) {
	for _, id := range ids {
		if c.landed[id] {
			continue
		}
		if c.ids == nil {
			c.ids = map[negentropy.ID]bool{}
		}
		c.ids[id] = true
	}
}

func (c *coming) running(key string) bool {
	for _, p := range c.probes {
		if probeKey(p.peer, p.col) == key {
			return true
		}
	}
	return false
}

// probeAnswer takes a reconciled that answers a probe; false when it
// answers none.
func (m *Manager) probeAnswer(s *syncSpace, p *transport.Peer, msg []byte) bool {
	parsed, err := syncmsg.Parse(msg)
	r, ok := parsed.(*syncmsg.Reconciled)
	if err != nil || !ok || r.ID < probeBase {
		return false
	}
	s.store.coming.answer(r, p.DID())
	return true
}

// answer takes a probe's answer: the ids its IdList ranges name that this
// node lacks are still to come. The probe ends with it, whatever it says:
// what a cut-short answer left out is not asked again (comingplan.go).
func (c *coming) answer(r *syncmsg.Reconciled, peer string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	pr := c.probes[r.ID]
	if pr == nil || pr.peer != peer {
		return
	}
	defer c.endLocked(r.ID)
	if r.NotHeld {
		return
	}
	got, err := negentropy.Decode(r.Message)
	if err != nil {
		return
	}
	for _, rg := range got.Ranges {
		for _, id := range rg.IDs {
			if !pr.ours[id] {
				c.add([]negentropy.ID{id})
			}
		}
	}
}

func sendSync(p *transport.Peer, msg syncmsg.Message) {
	if b, err := syncmsg.Marshal(msg); err == nil {
		transport.SyncConn{P: p}.Send(b)
	}
}

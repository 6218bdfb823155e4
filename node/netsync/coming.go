package netsync

import (
	"sync"
	"time"

	"minca.dev/desktop/core/negentropy"
	"minca.dev/desktop/core/syncmsg"
	"minca.dev/desktop/node/syncer"
)

// Counting what a peer that begins the sessions will send (05 §6.2 step 6).
// Such a peer learns what this node lacks and sends it in versions without
// id (05 §6.3 step 2); this node, the responder, learns nothing of it
// (05 §3.4: only the initiator learns have and need). So when that peer
// begins a session on a collection, the node asks it, in sessions of its
// own of one round each (05 §6.2: a node MAY initiate on every
// difference), for its ids where its first reconcile differs from this
// node's items (comingplan.go), keeps those it lacks as still to come, and
// asks for none of them: the peer's own session sends them already. What
// an answer cut short by the frame left out is asked in later rounds, so
// every id is counted, whatever the size (comingplan.go rest). An id
// leaves the count when a versions message brings it (as ToFetch counts a
// want's answer), or when it is stored from whatever source (watched.Put).
// The engine answers the peer's session once the counting has ended
// (comingprobe.go), so the count is whole before the versions come. The
// node's own choice (docs/spec/06-nodes.md §1.7, "versions still to
// come").

// probeBase is the first id of this node's counting sessions: far above
// the engine's own session and want ids (they count up from 1), below
// syncmsg.MaxID.
const probeBase uint64 = 1 << 50

// coming is one space's versions still to come from peers that begin the
// sessions. Its zero value is ready; it is safe for concurrent use.
type coming struct {
	mu      sync.Mutex
	ids     map[negentropy.ID]bool // found missing, not yet arrived or stored
	landed  map[negentropy.ID]bool // arrived or stored while probes run or open: found later, already here
	early   map[negentropy.ID]bool // arrived while counting, not stored yet (held back, or refused): not counted again
	probes  map[uint64]*probe      // waiting for their answer, by session id
	opening int                    // probes being made (planned from a snapshot of the items)
	probed  map[string]uint64      // by probeKey: the peer's session probes were begun for
	next    uint64
	shown   int                 // the count last shown while no probe ran
	held    map[string]*waiting // by probeKey: the peer's reconcile the engine answers once its probes end
}

// waiting is a peer's first reconcile of a session, held from the engine
// while the probes it started count (comingprobe.go): put hands it on,
// once.
type waiting struct {
	once sync.Once
	put  func()
}

func (w *waiting) release() {
	if w != nil {
		w.once.Do(w.put)
	}
}

// probe is one counting session of one round (comingplan.go): the peer's
// ids in a span, and this node's there.
type probe struct {
	peer string // session DID
	col  string
	sp   span
	sent time.Time
}

func probeKey(peer, collection string) string { return peer + "\x00" + collection }

// count is how many versions are still to come. While probes run, what
// they found so far is not shown: the count shown then only goes down
// (arrivals), and shows what the probes found once they all answered, so a
// first sync's first figure is its whole count, not the first round's.
func (c *coming) count() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.probing() {
		c.shown = len(c.ids)
	}
	c.shown = min(c.shown, len(c.ids))
	return c.shown
}

// clear forgets every id still to come: the engine is level with every
// peer, so what was not stored will not come (refused, or held back).
func (c *coming) clear() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.ids, c.early = nil, nil
}

// gone takes ids out of the count: versions that arrived from a peer
// (versionIDs) or that the store took in (watched.Put), from whatever
// source. While a probe runs they are noted, so that it does not count them
// when it finds them later.
func (c *coming) gone(ids []negentropy.ID) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.goneLocked(ids)
	for _, id := range ids {
		delete(c.early, id)
	}
}

func (c *coming) goneLocked(ids []negentropy.ID) {
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
	c.mu.Lock()
	defer c.mu.Unlock()
	c.goneLocked(ids)
	if c.early == nil {
		c.early = map[negentropy.ID]bool{}
	}
	for _, id := range ids {
		c.early[id] = true // until the store takes it: a later probe finds it missing still
	}
}

// wantIDs are the ids a want of the engine's asks for, while a count runs
// (nil otherwise), for asked.
func (c *coming) wantIDs(want []byte) []negentropy.ID {
	if !c.watching() {
		return nil
	}
	m, err := syncmsg.Parse(want)
	w, ok := m.(*syncmsg.Want)
	if err != nil || !ok {
		return nil
	}
	ids := make([]negentropy.ID, 0, len(w.IDs))
	for _, v := range w.IDs {
		if id, err := negentropy.IDFromVersionID(v); err == nil {
			ids = append(ids, id)
		}
	}
	return ids
}

// asked reads a want of the engine's that asks for n ids (wantIDs): how
// many of them to count as asked for (peerState.wanted). While a count
// runs it knows every id still to come, so only those it holds move to the
// want's count (they leave this one, and a probe finding them later does
// not count them again); an id it does not hold arrived already, or was
// asked for before, and is not counted twice. The caller holds the space's
// mu, as status does reading both counts, so they move at once.
func (c *coming) asked(ids []negentropy.ID, n int) int {
	if ids == nil {
		return n
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	moved := 0
	for _, id := range ids {
		if c.ids[id] {
			moved++
		}
	}
	c.goneLocked(ids)
	return moved
}

// sweep gives up on probes unanswered for syncer.SessionTimeout
// (05 §6.3: a node MAY give up on a session).
func (c *coming) sweep(now time.Time) {
	var done []*waiting
	c.mu.Lock()
	for id, p := range c.probes {
		if now.Sub(p.sent) > syncer.SessionTimeout {
			done = append(done, c.endLocked(id))
		}
	}
	c.mu.Unlock()
	for _, w := range done {
		w.release()
	}
}

// endLocked ends probe id; when it was the last of its peer's collection,
// it returns the reconcile held for them (nil if none), to release.
func (c *coming) endLocked(id uint64) *waiting {
	pr := c.probes[id]
	delete(c.probes, id)
	if !c.probing() {
		c.landed = nil
	}
	if pr == nil {
		return nil
	}
	key := probeKey(pr.peer, pr.col)
	if c.running(key) {
		return nil
	}
	w := c.held[key]
	delete(c.held, key)
	return w
}

// add counts ids as still to come, but those already here.
func (c *coming) add(ids []negentropy.ID) {
	for _, id := range ids {
		if c.landed[id] || c.early[id] {
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

// answer takes a probe's answer: the ids it names that this node lacks are
// still to come. The probe ends with it; what a cut-short answer left out
// is asked in probes of the next round (comingplan.go rest): the asks to
// send, and their collection; and the reconcile to release once the last
// probe of its peer's collection ended.
func (c *coming) answer(r *syncmsg.Reconciled, peer string, now time.Time) (string, map[uint64][]byte, *waiting) {
	c.mu.Lock()
	defer c.mu.Unlock()
	pr := c.probes[r.ID]
	if pr == nil || pr.peer != peer {
		return "", nil, nil
	}
	if r.NotHeld {
		return "", nil, c.endLocked(r.ID)
	}
	got, err := negentropy.Decode(r.Message)
	if err != nil {
		return "", nil, c.endLocked(r.ID)
	}
	ids, more := pr.sp.rest(got)
	for _, id := range ids {
		if !pr.sp.ours[id] {
			c.add([]negentropy.ID{id})
		}
	}
	asks := c.askLocked(peer, pr.col, more, now) // before the probe ends: landed is kept
	return pr.col, asks, c.endLocked(r.ID)
}

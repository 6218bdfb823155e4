package syncer

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"sync"
	"time"

	"minca.dev/desktop/core/record"
	"minca.dev/desktop/core/syncmsg"
)

// Timers and caps of this node (05 §6.3, §8 leave them to the node; the
// predecessor library's values where it had one).
const (
	// SessionTimeout: a session that heard nothing for this long is given up
	// (05 §6.3, §6.4: 30 s in the library).
	SessionTimeout = 30 * time.Second
	// WantTimeout: a want unanswered for this long is given up; what it asked
	// for is found again on the next round (05 §6.3).
	WantTimeout = 30 * time.Second
	// HelloInterval: how often a node says hello to every peer (05 §6.2).
	HelloInterval = 10 * time.Second
	// MaxRounds: a session that runs to more rounds is abandoned (05 §6.3).
	MaxRounds = 512
	// MaxWaiting: how many versions wait for what they name (05 §8: 1,000 in
	// the library); the oldest is pushed out first.
	MaxWaiting = 1000
	// MaxRefusals: how many (peer, id) refusals a node remembers per peer.
	MaxRefusals = 10000
)

// Clock gives the node's time; tests pass a fake one.
type Clock interface {
	Now() time.Time
}

// Conn is the connection to one peer: Send hands one message to the network
// (04). It must not block on the peer and must not call back into the
// Engine; the network delivers a peer's messages to Engine.Receive strictly
// in the order they were sent.
type Conn interface {
	Send(msg []byte)
}

// Config makes an Engine.
type Config struct {
	// Self is this node's session DID: the initiator is the peer whose DID
	// sorts first (05 §6.2).
	Self  string
	Space *Space
	Clock Clock
	// Holds is what this node holds of the space (05 §5); zero value: only
	// sys.*. Change it with SetHolds.
	Holds syncmsg.Holds
	// OnStored, if set, hears every stored a peer sends (05 §9: a keeper
	// confirming a write). It is called with the engine's lock held and
	// must not call back into the Engine.
	OnStored func(peer string, ids []string)
}

// Engine syncs one space with its peers (05 §4–§8). Its methods are safe
// for concurrent use; one lock serialises them, so a peer's messages are
// handled one at a time in the order Receive is called.
type Engine struct {
	mu      sync.Mutex
	cfg     Config
	space   *Space
	clock   Clock
	holds   syncmsg.Holds
	peers   map[string]*peer
	nextID  uint64
	waiting *waiting
	// lastHello is when the last round of hellos went out; fresh says
	// something new was taken in since.
	lastHello time.Time
	fresh     bool
	stats     Stats
	// pre is what Prepare worked out for the message being received.
	pre *prepared
	// prepared are messages Prepare worked on, by a hash of their bytes
	// (prepKey), until Receive takes them (guarded by prepMu, not mu).
	prepMu   sync.Mutex
	prepared map[uint64]*prepared
	// wantsOut are the ids of wants in flight, for Prepare (guarded by
	// prepMu; kept in step with the peers' wants under mu).
	wantsOut map[uint64]bool
	// more says the message being received came through ReceiveMore; wait
	// is what was let in and waits to land (land.go).
	more bool
	wait unlanded
	// aside is the change landing aside, off the lock (aside.go); landAt
	// is how many versions waiting through ReceiveMore land aside
	// (MaxUnlanded; tests lower it).
	aside  *aside
	landAt int
	// pushed are the pushes awaiting their stored, by peer (unacked.go).
	pushed map[string]map[string]bool
}

// Stats counts what an engine saw, for tests and status.
type Stats struct {
	Dropped    int // messages dropped unanswered (05 §4)
	Ignored    int // well-formed messages that answered nothing in flight
	Stored     int // versions taken in, or acknowledged as held already
	Refused    int // versions refused
	Sessions   int // sessions begun as initiator
	GaveUp     int // sessions and wants given up for silence
	WantsSent  int
	SendFailed int // messages this engine could not write
	Aside      int // changes handed to land aside (aside.go)
}

// ErrNotTaken: a local write the gatekeeper did not let in.
var ErrNotTaken = errors.New("syncer: write not taken in")

// New makes an engine.
func New(cfg Config) (*Engine, error) {
	if cfg.Space == nil || cfg.Clock == nil || cfg.Self == "" {
		return nil, errors.New("new sync engine: space, clock and self are required")
	}
	return &Engine{cfg: cfg, space: cfg.Space, clock: cfg.Clock, holds: cfg.Holds,
		peers: map[string]*peer{}, waiting: newWaiting(MaxWaiting), lastHello: cfg.Clock.Now(),
		landAt: MaxUnlanded}, nil
}

// Stats returns the counters so far.
func (e *Engine) Stats() Stats {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.stats
}

// AddPeer adds a connected peer and says hello to it (05 §6.1, §6.2).
func (e *Engine) AddPeer(ctx context.Context, did string, conn Conn) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	if did == e.cfg.Self {
		return fmt.Errorf("add peer %s: that is this node", did)
	}
	if err := e.landLocked(ctx); err != nil {
		return err
	}
	p := newPeer(did, conn)
	e.forgetWantsLocked(e.peers[did])
	e.peers[did] = p
	return e.sendHelloLocked(ctx, p, false)
}

// RemovePeer forgets a disconnected peer, with every session and request
// with it (05 §6.1).
func (e *Engine) RemovePeer(did string) {
	e.mu.Lock()
	defer e.mu.Unlock()
	// What waits lands now; a store that fails here fails the next
	// landing too, and that one reports it.
	_ = e.landLocked(context.Background())
	e.forgetWantsLocked(e.peers[did])
	delete(e.peers, did)
	delete(e.pushed, did)
}

// SetHolds changes what this node holds and says hello to every peer (05 §5,
// §6.2).
func (e *Engine) SetHolds(ctx context.Context, h syncmsg.Holds) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	if err := e.landLocked(ctx); err != nil {
		return err
	}
	e.holds = h
	return e.helloAllLocked(ctx)
}

// Synced says whether this node is synced with a peer (05 §6.5): no session
// and no want in flight with it, no id queued to ask it for, and nothing
// taken in waiting to land (ReceiveMore).
func (e *Engine) Synced(did string) bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	p := e.peers[did]
	return p != nil && p.idle() && !e.waitingToLand()
}

// Receive handles one message from a peer (05 §6.1). Messages from a peer
// not added are ignored; a malformed one is dropped and counted (05 §4).
// The error is the store's: a message is never half applied.
func (e *Engine) Receive(ctx context.Context, from string, msg []byte) error {
	return e.receive(ctx, from, msg, false)
}

func (e *Engine) receive(ctx context.Context, from string, msg []byte, more bool) error {
	pre := e.takePrepared(msg)
	e.mu.Lock()
	defer e.mu.Unlock()
	p := e.peers[from]
	if p == nil {
		e.stats.Ignored++
		return nil
	}
	var m syncmsg.Message
	var err error
	if pre != nil {
		m, err = pre.msg, pre.err
		e.pre = pre
		defer func() { e.pre = nil }()
	} else {
		m, err = syncmsg.Parse(msg)
	}
	if !mayWait(m, more) {
		if err := e.landLocked(ctx); err != nil {
			return err
		}
	} else if err := e.reapLocked(); err != nil {
		return err
	}
	if err != nil {
		e.stats.Dropped++
		return nil
	}
	e.more = mayWait(m, more)
	defer func() { e.more = false }()
	p.heard = e.clock.Now()
	switch m := m.(type) {
	case *syncmsg.Hello:
		return e.onHelloLocked(ctx, p, m)
	case *syncmsg.Reconcile:
		return e.onReconcileLocked(ctx, p, m)
	case *syncmsg.Reconciled:
		return e.onReconciledLocked(ctx, p, m)
	case *syncmsg.Want:
		return e.onWantLocked(ctx, p, m)
	case *syncmsg.Versions:
		return e.onVersionsLocked(ctx, p, m)
	case *syncmsg.PushUpdate:
		return e.intakeLocked(ctx, p, []any{m.Version})
	case *syncmsg.Stored:
		e.ackedLocked(p.did, m.IDs)
		if e.cfg.OnStored != nil {
			e.cfg.OnStored(p.did, m.IDs)
		}
	}
	return nil
}

// Write takes in a version written on this node through the gatekeeper and
// pushes it to every peer that holds its collection (05 §7).
func (e *Engine) Write(ctx context.Context, v *record.Version) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	if err := e.landLocked(ctx); err != nil {
		return err
	}
	verdict := e.space.Judge(ctx, v, e.clock.Now(), false)
	if verdict.Answer != record.Stands && verdict.Answer != record.Withdrawn {
		return fmt.Errorf("%w: %s: %s", ErrNotTaken, v.ID, verdict)
	}
	if err := e.space.Accept(v); err != nil {
		return err
	}
	failed, err := e.space.Flush(ctx)
	if err != nil {
		return err
	}
	if len(failed) > 0 {
		return fmt.Errorf("%w: %s: the store refused it", ErrNotTaken, v.ID)
	}
	e.stats.Stored++
	raw, err := record.Marshal(v)
	if err != nil {
		return fmt.Errorf("push %s: %w", v.ID, err)
	}
	for _, p := range e.sortedPeers() {
		if p.hello == nil || p.hello.Holds.HoldsCollection(v.Collection) {
			e.sendLocked(p, &syncmsg.PushUpdate{Version: syncmsg.RawJSON(raw)})
			e.notePushLocked(p.did, v.ID)
		}
	}
	return nil
}

// Tick gives up on silent sessions and wants, and says hello to every peer
// at HelloInterval, or sooner after something new was taken in (05 §6.2,
// §6.3). Call it regularly.
func (e *Engine) Tick(ctx context.Context) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	if err := e.landLocked(ctx); err != nil {
		return err
	}
	now := e.clock.Now()
	for _, p := range e.sortedPeers() {
		if err := e.expireLocked(ctx, p, now); err != nil {
			return err
		}
	}
	if e.fresh || now.Sub(e.lastHello) >= HelloInterval {
		return e.helloAllLocked(ctx)
	}
	return nil
}

func (e *Engine) helloAllLocked(ctx context.Context) error {
	e.fresh = false
	e.lastHello = e.clock.Now()
	for _, p := range e.sortedPeers() {
		if err := e.sendHelloLocked(ctx, p, false); err != nil {
			return err
		}
	}
	return nil
}

func (e *Engine) sendLocked(p *peer, m syncmsg.Message) {
	b, err := syncmsg.Marshal(m)
	if err != nil {
		// Every message this engine builds marshals (its versions were
		// parsed and stored already); count a failure rather than send half.
		e.stats.SendFailed++
		return
	}
	p.conn.Send(b)
}

func (e *Engine) freshID() uint64 {
	e.nextID++
	return e.nextID
}

func (e *Engine) holdsLocked(c string) bool { return e.holds.HoldsCollection(c) }

// sortedPeers are the peers by DID, so an engine sends in the same order
// every run.
func (e *Engine) sortedPeers() []*peer {
	out := make([]*peer, 0, len(e.peers))
	for _, p := range e.peers {
		out = append(out, p)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].did < out[j].did })
	return out
}

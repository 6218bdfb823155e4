package netsync

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"

	"minca.dev/desktop/core/handshake"
	"minca.dev/desktop/node/syncer"
)

// inbox takes an admitted peer's sync messages off its reader (05 §6.1,
// §8): the reader queues each message and reads on; the Manager's
// preparers check it ahead (syncer.Engine.Prepare: parsing, signatures, on
// every core) while the engine takes in the one before; one goroutine per
// peer hands the messages to Engine.Receive one at a time, strictly in the
// order they arrived (to ReceiveMore while another is queued or the engine
// awaits the peer's answers to its wants, so that what they let in lands
// together, aside while the next are judged). At most syncer.MaxPrepared
// wait per peer; the reader waits when they do, as it waited for Receive
// before.
type inbox struct {
	m       *Manager
	s       *syncSpace
	ps      *peerState
	ctx     context.Context // the connection's
	queue   chan *inMsg
	stopped chan struct{} // closed when run has returned

	mu     sync.Mutex
	closed bool // run stopped receiving: put drains what it queues late
}

// inMsg is one queued message. A preparer takes it only while pending;
// the receiver claims one still pending and receives it unprepared.
type inMsg struct {
	msg   []byte
	state atomic.Int32
	ready chan struct{} // closed when a preparer's Prepare returned
}

const (
	msgPending int32 = iota
	msgPreparing
	msgClaimed
)

// prepJob is a message offered to the preparers with its engine.
type prepJob struct {
	eng *syncer.Engine
	im  *inMsg
}

// prepQueue is how many messages may wait for a preparer, per core; one
// offered beyond it is received unprepared.
const prepQueue = syncer.MaxPrepared

// startPreparers starts one preparer per core (GOMAXPROCS); they stop with
// the Manager's context.
func (m *Manager) startPreparers() {
	n := runtime.GOMAXPROCS(0)
	m.prep = make(chan prepJob, n*prepQueue)
	for range n {
		m.workers.Add(1)
		go m.preparer()
	}
}

func (m *Manager) preparer() {
	defer m.workers.Done()
	for {
		select {
		case <-m.ctx.Done():
			return
		case j := <-m.prep:
			if j.im.state.CompareAndSwap(msgPending, msgPreparing) {
				j.eng.Prepare(j.im.msg)
				close(j.im.ready)
			}
		}
	}
}

// offer hands a queued message to the preparers, unless they have too many
// waiting already.
func (m *Manager) offer(eng *syncer.Engine, im *inMsg) {
	select {
	case m.prep <- prepJob{eng: eng, im: im}:
	default:
	}
}

// newInbox starts the receiving goroutine of an admitted peer.
func (m *Manager) newInbox(ctx context.Context, s *syncSpace, ps *peerState) *inbox {
	in := &inbox{m: m, s: s, ps: ps, ctx: ctx,
		queue: make(chan *inMsg, syncer.MaxPrepared), stopped: make(chan struct{})}
	go in.run()
	return in
}

// put queues a message from the peer's reader; it waits while the queue is
// full, and drops the message once the connection is closing.
func (in *inbox) put(msg []byte) {
	im := &inMsg{msg: msg, ready: make(chan struct{})}
	select {
	case in.queue <- im:
	case <-in.ps.p.Done():
		return
	}
	in.m.offer(in.s.eng, im)
	in.mu.Lock()
	closed := in.closed
	in.mu.Unlock()
	if closed { // run drained the queue already, or is at it
		in.drain()
	}
}

// run receives until the connection closes, then forgets what is left.
func (in *inbox) run() {
	defer close(in.stopped)
	for {
		select {
		case im := <-in.queue:
			in.receive(im)
		case <-in.ps.p.Done():
			in.mu.Lock()
			in.closed = true
			in.mu.Unlock()
			in.drain()
			return
		}
	}
}

// receive hands one message to the engine while the connection is still
// the space's admitted peer; a failing store closes the connection so
// that both sides start over.
func (in *inbox) receive(im *inMsg) {
	if !im.state.CompareAndSwap(msgPending, msgClaimed) {
		<-im.ready
	}
	s, p := in.s, in.ps.p
	s.mu.Lock()
	current := s.peers[p.DID()] == in.ps && in.ps.accepted
	s.mu.Unlock()
	if !current {
		s.eng.Forget(im.msg)
		return
	}
	receive := s.eng.Receive
	// What this lets in may land with the next (syncer.ReceiveMore): one
	// is queued, or the engine waits for the peer's answers to its wants.
	if len(in.queue) > 0 || s.eng.Awaits(p.DID()) {
		receive = s.eng.ReceiveMore
	}
	if err := receive(in.ctx, p.DID(), im.msg); err != nil && in.ctx.Err() == nil {
		p.Close(handshake.CloseFailure, "internal error") // the store failed: start over
	}
	s.mu.Lock()
	in.ps.heard++
	s.mu.Unlock()
	in.m.poke(s)
}

// drain forgets what was prepared of the messages left in the queue, so
// that they hold no place among the engine's syncer.MaxPrepared.
func (in *inbox) drain() {
	for {
		select {
		case im := <-in.queue:
			if !im.state.CompareAndSwap(msgPending, msgClaimed) {
				<-im.ready
				in.s.eng.Forget(im.msg)
			}
		default:
			return
		}
	}
}

// wait returns once the receiving goroutine has stopped: the connection is
// closing and no message of it reaches the engine any more.
func (in *inbox) wait() { <-in.stopped }

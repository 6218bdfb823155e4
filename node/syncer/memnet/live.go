package memnet

import (
	"context"
	"sync"
)

// Live is a network that runs: each node takes its messages on a goroutine
// of its own, in the order sent, as soon as they are sent. No faults, no
// clock: it is for measuring engines side by side on several cores, as
// separate processes would run, not for seeded runs.
type Live struct {
	ctx   context.Context
	mu    sync.Mutex
	nodes map[string]*inbox
	wg    sync.WaitGroup
	err   error
}

type inbox struct {
	live  *Live
	r     Receiver
	mu    sync.Mutex
	cond  *sync.Cond
	queue []liveMsg
	busy  bool
	done  bool
	// ahead is how many messages at the head of queue were handed to the
	// receiver's Prepare (a Preparer's only).
	ahead int
}

// Preparer is a Receiver that can do part of receiving a message ahead, on
// another goroutine, while it receives the one before (syncer.Engine does:
// it checks signatures there). The Live network calls Prepare for up to
// lookAhead messages queued behind the one being received.
type Preparer interface {
	Prepare(msg []byte)
}

// lookAhead is how many queued messages a Preparer prepares ahead.
const lookAhead = 2

type liveMsg struct {
	from string
	msg  []byte
}

// NewLive makes a live network; Close stops it.
func NewLive(ctx context.Context) *Live {
	return &Live{ctx: ctx, nodes: map[string]*inbox{}}
}

// Add names a node and starts its goroutine.
func (l *Live) Add(name string, r Receiver) {
	in := &inbox{live: l, r: r}
	in.cond = sync.NewCond(&in.mu)
	l.mu.Lock()
	l.nodes[name] = in
	l.mu.Unlock()
	l.wg.Add(1)
	go in.run()
	if p, ok := r.(Preparer); ok {
		l.wg.Add(1)
		go in.prepare(p)
	}
}

// prepare hands queued messages to p in order, at most lookAhead ahead of
// the one being received.
func (in *inbox) prepare(p Preparer) {
	defer in.live.wg.Done()
	for {
		in.mu.Lock()
		for !in.done && (in.ahead >= len(in.queue) || in.ahead >= lookAhead) {
			in.cond.Wait()
		}
		if in.done {
			in.mu.Unlock()
			return
		}
		msg := in.queue[in.ahead].msg
		in.ahead++
		in.mu.Unlock()
		p.Prepare(msg)
	}
}

// Conn is the sending end of the link from one node to another.
func (l *Live) Conn(from, to string) *LiveConn { return &LiveConn{live: l, from: from, to: to} }

// LiveConn sends on a live network.
type LiveConn struct {
	live     *Live
	from, to string
}

// Send queues msg for its receiver.
func (c *LiveConn) Send(msg []byte) {
	c.live.mu.Lock()
	in := c.live.nodes[c.to]
	c.live.mu.Unlock()
	if in == nil {
		return
	}
	in.mu.Lock()
	in.queue = append(in.queue, liveMsg{c.from, msg})
	in.mu.Unlock()
	in.cond.Broadcast()
}

func (in *inbox) run() {
	defer in.live.wg.Done()
	for {
		in.mu.Lock()
		for len(in.queue) == 0 && !in.done {
			in.busy = false
			in.cond.Wait()
		}
		if in.done {
			in.mu.Unlock()
			return
		}
		m := in.queue[0]
		in.queue = in.queue[1:]
		in.ahead = max(in.ahead-1, 0)
		in.busy = true
		in.mu.Unlock()
		in.cond.Broadcast() // the preparer may go one further
		if err := in.r.Receive(in.live.ctx, m.from, m.msg); err != nil {
			in.live.mu.Lock()
			if in.live.err == nil {
				in.live.err = err
			}
			in.live.mu.Unlock()
		}
	}
}

// Idle says whether no message is queued or being handled. A node may
// still send while Idle is asked, so callers check what they wait for too.
func (l *Live) Idle() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, in := range l.nodes {
		in.mu.Lock()
		busy := in.busy || len(in.queue) > 0
		in.mu.Unlock()
		if busy {
			return false
		}
	}
	return true
}

// Err is the first error a node's Receive returned.
func (l *Live) Err() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.err
}

// Close stops every node's goroutine and waits for them.
func (l *Live) Close() {
	l.mu.Lock()
	for _, in := range l.nodes {
		in.mu.Lock()
		in.done = true
		in.mu.Unlock()
		in.cond.Broadcast()
	}
	l.mu.Unlock()
	l.wg.Wait()
}

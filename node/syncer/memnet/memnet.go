// Package memnet is an in-memory network for testing node/syncer: a
// discrete-event simulation, driven by one seeded random source and a fake
// clock, whose links delay, drop and duplicate messages and can be cut and
// healed. A link delivers what it carries strictly in the order sent (05 §6.1
// asks this of the connection); a message dropped or cut off is lost.
//
// Nothing runs on its own: Step delivers the next message and moves the
// clock to its time, so a run is the same every time for one seed.
package memnet

import (
	"container/heap"
	"context"
	"math/rand/v2"
	"sync"
	"time"
)

// Clock is a fake clock that moves only when told.
type Clock struct {
	mu  sync.Mutex
	now time.Time
}

// NewClock starts a clock at t.
func NewClock(t time.Time) *Clock { return &Clock{now: t} }

// Now is the clock's time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// Advance moves the clock forward by d.
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

func (c *Clock) setAtLeast(t time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if t.After(c.now) {
		c.now = t
	}
}

// Receiver takes a peer's messages: node/syncer's Engine is one.
type Receiver interface {
	Receive(ctx context.Context, from string, msg []byte) error
}

// Faults are a link's misbehaviour, drawn per message.
type Faults struct {
	Drop, Duplicate float64       // probabilities
	MaxDelay        time.Duration // each message is delayed 0..MaxDelay
}

// Network connects named nodes.
type Network struct {
	mu     sync.Mutex
	clock  *Clock
	rnd    *rand.Rand
	faults Faults
	nodes  map[string]Receiver
	cut    map[[2]string]bool
	last   map[[2]string]time.Time // per directed link: when its last message is due
	queue  msgQueue
	seq    uint64
	filter Filter
	more   bool // SetMore
	// Sent, Delivered, Lost count messages (Lost: dropped or cut off).
	Sent, Delivered, Lost int
}

// Filter sees every message sent, before the faults are drawn; returning
// false loses it. Tests use it to watch and to lose chosen messages. It
// must not call back into the network.
type Filter func(from, to string, msg []byte) bool

// SetFilter installs f (nil for none).
func (n *Network) SetFilter(f Filter) {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.filter = f
}

// MoreReceiver is a Receiver that may leave what a message lets in to
// land with the next ones when more are queued for it: node/syncer's
// Engine (ReceiveMore).
type MoreReceiver interface {
	ReceiveMore(ctx context.Context, from string, msg []byte) error
}

// SetMore makes Step hand a message to a MoreReceiver's ReceiveMore when
// another message for the same node is in flight, as a network with a
// queue behind the message does. The engine then may land on a goroutine
// of its own and send from it, so a run with it is no longer the same
// every time for one seed.
func (n *Network) SetMore(on bool) {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.more = on
}

// New makes a network with the given clock, seed and faults.
func New(clock *Clock, seed uint64, f Faults) *Network {
	return &Network{clock: clock, rnd: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)), faults: f,
		nodes: map[string]Receiver{}, cut: map[[2]string]bool{}, last: map[[2]string]time.Time{}}
}

// SetFaults changes the faults of every link from now on.
func (n *Network) SetFaults(f Faults) {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.faults = f
}

// Add names a node.
func (n *Network) Add(name string, r Receiver) {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.nodes[name] = r
}

// Conn is the sending end of the link from one node to another.
func (n *Network) Conn(from, to string) *Conn { return &Conn{net: n, from: from, to: to} }

// Cut stops the links between a and b both ways; what is in flight is lost.
func (n *Network) Cut(a, b string) {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.cut[pair(a, b)] = true
}

// Heal restores the links between a and b.
func (n *Network) Heal(a, b string) {
	n.mu.Lock()
	defer n.mu.Unlock()
	delete(n.cut, pair(a, b))
}

// HealAll restores every link.
func (n *Network) HealAll() {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.cut = map[[2]string]bool{}
}

// IsCut says whether the links between a and b are cut.
func (n *Network) IsCut(a, b string) bool {
	n.mu.Lock()
	defer n.mu.Unlock()
	return n.cut[pair(a, b)]
}

func pair(a, b string) [2]string {
	if b < a {
		a, b = b, a
	}
	return [2]string{a, b}
}

// Conn sends from one node to another.
type Conn struct {
	net      *Network
	from, to string
}

// Send queues msg, subject to the network's faults.
func (c *Conn) Send(msg []byte) {
	n := c.net
	n.mu.Lock()
	defer n.mu.Unlock()
	n.Sent++
	if n.filter != nil && !n.filter(c.from, c.to, msg) {
		n.Lost++
		return
	}
	if n.cut[pair(c.from, c.to)] || n.rnd.Float64() < n.faults.Drop {
		n.Lost++
		return
	}
	copies := 1
	if n.rnd.Float64() < n.faults.Duplicate {
		copies = 2
	}
	for range copies {
		n.enqueueLocked(c.from, c.to, msg)
	}
}

func (n *Network) enqueueLocked(from, to string, msg []byte) {
	at := n.clock.Now()
	if n.faults.MaxDelay > 0 {
		at = at.Add(time.Duration(n.rnd.Int64N(int64(n.faults.MaxDelay) + 1)))
	}
	link := [2]string{from, to}
	if last := n.last[link]; at.Before(last) {
		at = last // in order on each link
	}
	n.last[link] = at
	n.seq++
	heap.Push(&n.queue, &envelope{at: at, seq: n.seq, from: from, to: to, msg: append([]byte(nil), msg...)})
}

// Pending is how many messages are in flight.
func (n *Network) Pending() int {
	n.mu.Lock()
	defer n.mu.Unlock()
	return n.queue.Len()
}

// Step delivers the next message due, moving the clock to its time. It
// reports false when nothing is in flight. A message whose link was cut
// while it was in flight is lost.
func (n *Network) Step(ctx context.Context) (bool, error) {
	n.mu.Lock()
	if n.queue.Len() == 0 {
		n.mu.Unlock()
		return false, nil
	}
	e := heap.Pop(&n.queue).(*envelope)
	r := n.nodes[e.to]
	lost := n.cut[pair(e.from, e.to)] || r == nil
	if lost {
		n.Lost++
	} else {
		n.Delivered++
	}
	more := n.more && n.queuedForLocked(e.to)
	n.mu.Unlock()
	n.clock.setAtLeast(e.at)
	if lost {
		return true, nil
	}
	if mr, ok := r.(MoreReceiver); ok && more {
		return true, mr.ReceiveMore(ctx, e.from, e.msg)
	}
	return true, r.Receive(ctx, e.from, e.msg)
}

// queuedForLocked says whether a message to node to is in flight.
func (n *Network) queuedForLocked(to string) bool {
	for _, e := range n.queue {
		if e.to == to {
			return true
		}
	}
	return false
}

// RunUntilQuiet delivers messages until none is in flight or max were
// delivered; it reports how many it delivered.
func (n *Network) RunUntilQuiet(ctx context.Context, max int) (int, error) {
	for i := 0; i < max; i++ {
		more, err := n.Step(ctx)
		if err != nil || !more {
			return i, err
		}
	}
	return max, nil
}

type envelope struct {
	at       time.Time
	seq      uint64
	from, to string
	msg      []byte
}

type msgQueue []*envelope

func (q msgQueue) Len() int { return len(q) }
func (q msgQueue) Less(i, j int) bool {
	if !q[i].at.Equal(q[j].at) {
		return q[i].at.Before(q[j].at)
	}
	return q[i].seq < q[j].seq
}
func (q msgQueue) Swap(i, j int) { q[i], q[j] = q[j], q[i] }
func (q *msgQueue) Push(x any)   { *q = append(*q, x.(*envelope)) }
func (q *msgQueue) Pop() any {
	old := *q
	e := old[len(old)-1]
	*q = old[:len(old)-1]
	return e
}

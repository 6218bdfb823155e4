package runtime

import (
	"context"
	"sort"
	"sync"
	"time"

	"minca.dev/desktop/node/syncer"
)

// Hub is an in-process network between nodes of one process, for tests:
// every node holding a space is connected to every other holding it, each
// direction an ordered queue delivered on its own goroutine, as 05 §6.1
// asks of a connection. It has no gate: nodes on sockets (node/netsync)
// are the ones that refuse former members (03 §9.2).
type Hub struct {
	mu     sync.Mutex
	spaces map[string]map[string]*hubEnd // space → engine DID → end
	stop   chan struct{}
	once   sync.Once
}

// hubEnd is one node's engine of a space on the hub.
type hubEnd struct {
	self string // the engine's DID
	eng  *syncer.Engine
	out  map[string]*queue // peer's engine DID → queue to it
}

// NewHub makes a hub; it ticks every engine on it every tick (hellos,
// retries, timeouts of 05 §6) until Close.
func NewHub(tick time.Duration) *Hub {
	h := &Hub{spaces: map[string]map[string]*hubEnd{}, stop: make(chan struct{})}
	go h.ticker(tick)
	return h
}

// Close stops the hub's goroutines.
func (h *Hub) Close() {
	h.once.Do(func() { close(h.stop) })
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, ends := range h.spaces {
		for _, e := range ends {
			for _, q := range e.out {
				q.close()
			}
		}
	}
}

func (h *Hub) ticker(d time.Duration) {
	t := time.NewTicker(d)
	defer t.Stop()
	for {
		select {
		case <-h.stop:
			return
		case <-t.C:
			h.tickAll()
		}
	}
}

func (h *Hub) tickAll() {
	h.mu.Lock()
	var engs []*syncer.Engine
	for _, ends := range h.spaces {
		for _, e := range ends {
			engs = append(engs, e.eng)
		}
	}
	h.mu.Unlock()
	for _, e := range engs {
		e.Tick(context.Background())
	}
}

// join puts a node's engine of space on the hub and connects it with
// every other node holding the space.
func (h *Hub) join(ctx context.Context, spaceID string, eng *syncer.Engine, self string) {
	h.mu.Lock()
	ends := h.spaces[spaceID]
	if ends == nil {
		ends = map[string]*hubEnd{}
		h.spaces[spaceID] = ends
	}
	me := &hubEnd{self: self, eng: eng, out: map[string]*queue{}}
	type add struct {
		eng  *syncer.Engine
		peer string
		conn *queue
	}
	var adds []add
	for peer, other := range ends {
		me.out[peer] = newQueue(other.eng, self)
		other.out[self] = newQueue(eng, other.self)
		adds = append(adds, add{eng, other.self, me.out[peer]}, add{other.eng, self, other.out[self]})
	}
	ends[self] = me
	h.mu.Unlock()
	for _, a := range adds {
		a.eng.AddPeer(ctx, a.peer, a.conn)
	}
}

// leave takes the engine of session self off the hub.
func (h *Hub) leave(spaceID, self string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	ends := h.spaces[spaceID]
	me := ends[self]
	if me == nil {
		return
	}
	delete(ends, self)
	for peer, other := range ends {
		other.eng.RemovePeer(self)
		if q := other.out[self]; q != nil {
			q.close()
			delete(other.out, self)
		}
		me.out[peer].close()
	}
}

// peers are the engines' DIDs at the other ends of space.
func (h *Hub) peers(spaceID, self string) []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	var out []string
	for peer := range h.spaces[spaceID] {
		if peer != self {
			out = append(out, peer)
		}
	}
	sort.Strings(out)
	return out
}

// queue delivers messages to one engine in order, on its own goroutine;
// Send never blocks.
type queue struct {
	mu     sync.Mutex
	cond   *sync.Cond
	msgs   [][]byte
	closed bool
}

func newQueue(to *syncer.Engine, from string) *queue {
	q := &queue{}
	q.cond = sync.NewCond(&q.mu)
	go q.run(to, from)
	return q
}

func (q *queue) Send(msg []byte) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if !q.closed {
		q.msgs = append(q.msgs, append([]byte(nil), msg...))
		q.cond.Signal()
	}
}

func (q *queue) close() {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.closed = true
	q.cond.Signal()
}

func (q *queue) run(to *syncer.Engine, from string) {
	for {
		q.mu.Lock()
		for len(q.msgs) == 0 && !q.closed {
			q.cond.Wait()
		}
		if q.closed {
			q.mu.Unlock()
			return
		}
		msg := q.msgs[0]
		q.msgs = q.msgs[1:]
		q.mu.Unlock()
		to.Receive(context.Background(), from, msg)
	}
}

package transport

import (
	"context"
	"fmt"
	"net/http"
	"sync"

	"github.com/coder/websocket"

	"minca.dev/desktop/core/handshake"
)

// Transport is the node's node sockets: a listener (off until Listen), the
// dialers Connect starts, and the admitted peers of every space.
type Transport struct {
	cfg  Config
	self string

	mu       sync.Mutex
	peers    map[string]*Peer // space|did → the one connection kept
	counters map[string]Counters
	dialers  map[*Dialer]bool
	srv      *http.Server
	addr     string // the address bound while listening
	srvDone  chan struct{}
	inbound  map[*Peer]bool
	closed   bool
	wg       sync.WaitGroup
}

// New makes a Transport; nothing listens or dials yet.
func New(cfg Config) (*Transport, error) {
	if err := cfg.defaults(); err != nil {
		return nil, err
	}
	return &Transport{
		cfg: cfg, self: cfg.Key.DID(),
		peers: map[string]*Peer{}, counters: map[string]Counters{},
		dialers: map[*Dialer]bool{}, inbound: map[*Peer]bool{},
	}, nil
}

// DID is this node's session DID.
func (t *Transport) DID() string { return t.self }

// Peers returns the admitted peers of spaceID.
func (t *Transport) Peers(spaceID string) []*Peer {
	t.mu.Lock()
	defer t.mu.Unlock()
	var out []*Peer
	for _, p := range t.peers {
		if p.space == spaceID {
			out = append(out, p)
		}
	}
	return out
}

// LetGo closes the connection to peer in spaceID, if any (04 §6.3: a peer
// the node no longer admits), with 4003. It reports whether there was one;
// nothing more is sent to it, and the handler hears PeerDown soon after.
func (t *Transport) LetGo(spaceID, did string) bool {
	t.mu.Lock()
	p := t.peers[spaceID+"|"+did]
	t.mu.Unlock()
	if p == nil {
		return false
	}
	p.Close(handshake.CloseNotReader, "not a reader of this space")
	return true
}

// admit registers p as the one connection for its (space, DID), closing
// the one it replaces first, then tells the handler and starts its loops.
// It reports false (and closes p with 4009) when p loses to a connection
// already there.
func (t *Transport) admit(p *Peer) bool {
	key := p.space + "|" + p.did
	t.mu.Lock()
	if t.closed {
		t.mu.Unlock()
		t.abandon(p, handshake.CloseShutdown, "node shutting down")
		return false
	}
	old := t.peers[key]
	if old != nil && !t.keepNew(old, p) {
		t.mu.Unlock()
		t.abandon(p, handshake.CloseReplaced, "replaced by a newer connection")
		return false
	}
	t.peers[key] = p
	t.mu.Unlock()
	if old != nil {
		old.Close(handshake.CloseReplaced, "replaced by a newer connection")
		<-old.down // its PeerDown before p's PeerUp
	}
	if err := t.cfg.Handler.PeerUp(p.ctx, p); err != nil {
		t.abandon(p, websocket.StatusInternalError, "internal error")
		return false
	}
	t.wg.Add(2)
	go func() { defer t.wg.Done(); p.writeLoop() }()
	go func() { defer t.wg.Done(); p.readLoop() }()
	return true
}

// keepNew is the rule for two connections with one peer in one space: the
// same direction, the newer wins (04 §5.3, 4009); both directions, the one
// dialled by the lower DID (our choice), so two nodes dialling each other
// settle on one.
func (t *Transport) keepNew(old, p *Peer) bool {
	if old.inbound == p.inbound {
		return true
	}
	dialer := func(x *Peer) string {
		if x.inbound {
			return x.did
		}
		return t.self
	}
	return dialer(p) < dialer(old)
}

// abandon closes a peer whose loops never started.
func (t *Transport) abandon(p *Peer, code websocket.StatusCode, reason string) {
	t.unregister(p)
	p.Close(code, reason)
	close(p.down)
}

func (t *Transport) unregister(p *Peer) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.peers[p.space+"|"+p.did] == p {
		delete(t.peers, p.space+"|"+p.did)
	}
	delete(t.inbound, p)
}

// peerOf is the connection kept with did in spaceID, nil if none.
func (t *Transport) peerOf(spaceID, did string) *Peer {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.peers[spaceID+"|"+did]
}

// newPeer wraps a handshaken connection.
func (t *Transport) newPeer(c *websocket.Conn, space, did, addr string, inbound bool, readKey string) *Peer {
	ctx, cancel := context.WithCancel(context.Background())
	return &Peer{
		t: t, space: space, did: did, addr: addr, inbound: inbound, readKey: readKey, conn: c,
		ctx: ctx, cancel: cancel, out: make(chan []byte, t.cfg.SendQueue),
		done: make(chan struct{}), down: make(chan struct{}),
	}
}

// Close stops the listener and every dialer, closes every peer (1001) and
// waits for their loops.
func (t *Transport) Close() error {
	t.mu.Lock()
	t.closed = true
	var ds []*Dialer
	for d := range t.dialers {
		ds = append(ds, d)
	}
	t.mu.Unlock()
	for _, d := range ds {
		d.Stop()
	}
	err := t.StopListening()
	t.mu.Lock()
	var ps []*Peer
	for _, p := range t.peers {
		ps = append(ps, p)
	}
	t.mu.Unlock()
	for _, p := range ps {
		p.Close(handshake.CloseShutdown, "node shutting down")
	}
	t.wg.Wait()
	if err != nil {
		return fmt.Errorf("transport close: %w", err)
	}
	return nil
}

package transport

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/coder/websocket"

	"minca.dev/desktop/core/handshake"
)

// Peer is one admitted connection: a peer of one space, named by its proven
// session DID (05 §6.1).
type Peer struct {
	t       *Transport
	space   string
	did     string
	addr    string
	inbound bool
	readKey string
	conn    *websocket.Conn

	ctx       context.Context
	cancel    context.CancelFunc
	out       chan []byte
	done      chan struct{} // closed when the peer starts closing
	down      chan struct{} // closed once PeerDown has run
	closeOnce sync.Once
	closeCode websocket.StatusCode // the far side's close code, if it sent one

	malformed int       // malformed frames on this connection (reader only)
	tokens    float64   // live allowance (reader only)
	refill    time.Time // when tokens were last topped up
}

// Space is the space this connection carries.
func (p *Peer) Space() string { return p.space }

// DID is the peer's proven session DID.
func (p *Peer) DID() string { return p.did }

// Inbound reports whether the peer dialled this node.
func (p *Peer) Inbound() bool { return p.inbound }

// ReadKey is the read key the peer was admitted on (04 §6.3), "" if none.
func (p *Peer) ReadKey() string { return p.readKey }

// Done is closed when the connection starts closing.
func (p *Peer) Done() <-chan struct{} { return p.done }

// Send queues one envelope of type typ carrying payload (one JSON value). It
// never blocks: a frame the gate forbids is withheld (ErrWithheld); a full
// queue closes the peer (ErrQueueFull), since a lost sync message would
// leave the two sides out of step.
func (p *Peer) Send(typ string, payload json.RawMessage) error {
	select {
	case <-p.done:
		return ErrClosed
	default:
	}
	if !p.t.cfg.Gate.MaySend(p.space, p.did, typ) {
		p.t.count(p.did, func(c *Counters) { c.Withheld++ })
		return ErrWithheld
	}
	b, err := handshake.MarshalEnvelope(handshake.Envelope{Type: typ, From: p.t.self, Payload: payload})
	if err != nil {
		return fmt.Errorf("send %s to %s: %w", typ, p.did, err)
	}
	select {
	case p.out <- b:
		return nil
	case <-p.done:
		return ErrClosed
	default:
		p.Close(websocket.StatusTryAgainLater, "send queue full")
		return ErrQueueFull
	}
}

// Close closes the connection with code and reason; the handler hears
// PeerDown once the reader has stopped.
func (p *Peer) Close(code websocket.StatusCode, reason string) {
	p.closeOnce.Do(func() {
		close(p.done)
		go func() {
			p.conn.Close(code, reason)
			p.cancel()
		}()
	})
}

// writeLoop writes queued frames in order until the peer closes.
func (p *Peer) writeLoop() {
	for {
		select {
		case b := <-p.out:
			if err := p.conn.Write(p.ctx, websocket.MessageBinary, b); err != nil {
				p.Close(websocket.StatusInternalError, "write failed")
				return
			}
		case <-p.done:
			return
		}
	}
}

// readLoop hands each envelope to the handler in order, counts malformed
// frames, and tears the peer down when the connection ends.
func (p *Peer) readLoop() {
	defer p.teardown()
	for {
		typ, b, err := p.conn.Read(p.ctx)
		if err != nil {
			p.closeCode = websocket.CloseStatus(err)
			if errors.Is(err, websocket.ErrMessageTooBig) {
				p.t.count(p.did, func(c *Counters) { c.Oversize++ })
			}
			p.Close(websocket.StatusGoingAway, "")
			return
		}
		if typ != websocket.MessageBinary {
			continue // text frames after the welcome are ignored (04 §5.2)
		}
		e, err := handshake.ParseEnvelope(b)
		if err != nil {
			p.malformedFrame()
			continue
		}
		if e.Type == handshake.TypeLive && !p.allowLive(e.Payload) {
			p.t.count(p.did, func(c *Counters) { c.Dropped++ })
			continue
		}
		p.t.cfg.Handler.Receive(p.ctx, p, e)
	}
}

func (p *Peer) malformedFrame() {
	p.t.count(p.did, func(c *Counters) { c.Malformed++ })
	p.malformed++
	if p.malformed >= p.t.cfg.MaxMalformed {
		p.Close(handshake.CloseProtocol, "malformed frames")
	}
}

// allowLive applies 04 §9.2's receive limits: size, then a token bucket.
func (p *Peer) allowLive(payload json.RawMessage) bool {
	if !handshake.LiveFits(payload) {
		return false
	}
	now := p.t.cfg.Clock.Now()
	if p.refill.IsZero() {
		p.tokens = LiveBurst
	} else {
		p.tokens = min(LiveBurst, p.tokens+now.Sub(p.refill).Seconds()*LivePerSecond)
	}
	p.refill = now
	if p.tokens < 1 {
		return false
	}
	p.tokens--
	return true
}

func (p *Peer) teardown() {
	p.t.unregister(p)
	p.t.cfg.Handler.PeerDown(p)
	close(p.down)
}

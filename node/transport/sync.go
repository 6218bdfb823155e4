package transport

import (
	"context"
	"encoding/json"
	"sync"

	"minca.dev/desktop/core/handshake"
	"minca.dev/desktop/node/syncer"
)

// Sync is a Handler that gives each space's sync engine (node/syncer) its
// peers: a peer that comes up is added to the engine of its space, its sync
// envelopes reach Engine.Receive strictly in the order they arrived (05
// §6.1), and a peer that goes is removed (every session with it forgotten).
// Envelopes of other types, and peers of spaces without an engine, go to
// Next when it is set.
type Sync struct {
	Next Handler

	mu      sync.Mutex
	engines map[string]*syncer.Engine
}

// Set makes e the engine of spaceID (nil removes it).
func (s *Sync) Set(spaceID string, e *syncer.Engine) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.engines == nil {
		s.engines = map[string]*syncer.Engine{}
	}
	if e == nil {
		delete(s.engines, spaceID)
		return
	}
	s.engines[spaceID] = e
}

func (s *Sync) engine(spaceID string) *syncer.Engine {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.engines[spaceID]
}

// PeerUp adds p to its space's engine, which says hello (05 §6.1).
func (s *Sync) PeerUp(ctx context.Context, p *Peer) error {
	if s.Next != nil {
		if err := s.Next.PeerUp(ctx, p); err != nil {
			return err
		}
	}
	if e := s.engine(p.Space()); e != nil {
		return e.AddPeer(ctx, p.DID(), SyncConn{p})
	}
	return nil
}

// Receive hands a sync envelope's payload to the engine, as from the
// connection's proven peer (never from the envelope's from, 04 §9).
func (s *Sync) Receive(ctx context.Context, p *Peer, e handshake.Envelope) {
	if e.Type == handshake.TypeSync {
		if eng := s.engine(p.Space()); eng != nil {
			if err := eng.Receive(ctx, p.DID(), e.Payload); err != nil && ctx.Err() == nil {
				p.Close(handshake.CloseFailure, "internal error") // the store failed: start over
			}
			return
		}
	}
	if s.Next != nil {
		s.Next.Receive(ctx, p, e)
	}
}

// PeerDown removes p from its space's engine.
func (s *Sync) PeerDown(p *Peer) {
	if e := s.engine(p.Space()); e != nil {
		e.RemovePeer(p.DID())
	}
	if s.Next != nil {
		s.Next.PeerDown(p)
	}
}

// SyncConn is a peer as node/syncer's Conn: each message goes out as the
// payload of a sync envelope. Send never blocks; a message the gate
// withholds or a closed peer drops is lost, as on a cut connection.
type SyncConn struct{ P *Peer }

// Send sends one sync message.
func (c SyncConn) Send(msg []byte) { c.P.Send(handshake.TypeSync, json.RawMessage(msg)) }

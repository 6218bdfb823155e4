package netsync

import (
	"bytes"
	"context"
	"encoding/json"
	"time"

	"minca.dev/desktop/core/cjson"
	"minca.dev/desktop/core/handshake"
	"minca.dev/desktop/core/note"
	"minca.dev/desktop/core/syncmsg"
	"minca.dev/desktop/node/transport"
)

// handler hears every space's connections for the Manager: `who` first
// (04 §6.4), then sync envelopes to the space's engine (05 §6.1).
type handler struct{ m *Manager }

// PeerUp registers the connection and sends this node's `who`; the peer
// reaches the engine only once its own `who` admits it.
func (h handler) PeerUp(_ context.Context, p *transport.Peer) error {
	s, err := h.m.served(p.Space())
	if err != nil {
		return err
	}
	ps := &peerState{p: p, since: h.m.now()}
	if p.Inbound() {
		ps.on = p.ReadKey()
	}
	s.mu.Lock()
	s.peers[p.DID()] = ps
	s.mu.Unlock()
	h.m.mu.Lock()
	n := h.m.note
	h.m.mu.Unlock()
	payload, err := cjson.Marshal(map[string]any{"note": n.JSON()})
	if err != nil {
		return err
	}
	if err := p.Send(handshake.TypeWho, payload); err != nil {
		return err
	}
	time.AfterFunc(h.m.cfg.WhoTimeout, func() {
		s.mu.Lock()
		late := s.peers[p.DID()] == ps && !ps.accepted
		s.mu.Unlock()
		if late {
			p.Close(handshake.CloseNotReader, "no who")
		}
	})
	return nil
}

func (h handler) Receive(ctx context.Context, p *transport.Peer, e handshake.Envelope) {
	s := h.m.space(p.Space())
	if s == nil {
		return
	}
	switch e.Type {
	case handshake.TypeWho:
		h.m.onWho(ctx, s, p, e.Payload)
	case handshake.TypeSync:
		s.mu.Lock()
		ps := s.peers[p.DID()]
		ok := ps != nil && ps.p == p && ps.accepted
		if ok {
			s.bytesIn += int64(len(e.Payload))
			ps.wanted = max(0, ps.wanted-answered(e.Payload))
			if cols, ok := helloCols(s.holds, e.Payload); ok {
				ps.cols = cols
			}
		}
		s.mu.Unlock()
		if ok {
			h.m.poke(s)
			if h.m.sawSync(ctx, s, p, e.Payload) {
				return // the answer to a probe of ours (coming.go)
			}
			ps.in.put(e.Payload) // to the engine in order, prepared ahead (inbox.go)
		}
	}
	// live and unknown types: not taken by this node (04 §9.0, §9.2)
}

// PeerDown forgets the connection and, if it was the engine's peer,
// every session with it (05 §6.1).
func (h handler) PeerDown(p *transport.Peer) {
	s := h.m.space(p.Space())
	if s == nil {
		return
	}
	s.mu.Lock()
	ps := s.peers[p.DID()]
	mine := ps != nil && ps.p == p
	if mine {
		delete(s.peers, p.DID())
	}
	s.mu.Unlock()
	if mine && ps.accepted {
		ps.in.wait() // no message of p reaches the engine after this
		s.eng.RemovePeer(p.DID())
		h.m.emit(EventSync, s.id, Change{What: PeerDisconnected, Peer: p.DID(), Account: ps.account})
		h.m.nudge() // its standing changed; the last peer gone, ticks stop (tick.go)
	}
}

// onWho takes the peer's note (04 §6.4): valid now, made out to its proven
// session DID, its root an account the space admits. Anything else lets it go.
func (m *Manager) onWho(ctx context.Context, s *syncSpace, p *transport.Peer, payload json.RawMessage) {
	account, ok := m.whoAccount(p.DID(), payload)
	if !ok {
		p.Close(handshake.CloseNotReader, "bad who")
		return
	}
	s.mu.Lock()
	ps := s.peers[p.DID()]
	if ps == nil || ps.p != p || ps.account != "" {
		s.mu.Unlock()
		return // a second who changes nothing
	}
	ps.account = account
	s.accounts[p.DID()] = account
	admit := s.view.admits(account, ps.on)
	ps.accepted = admit
	if admit {
		ps.in = m.newInbox(ctx, s, ps)
	}
	s.mu.Unlock()
	if !admit {
		m.tr.LetGo(s.id, p.DID())
		return
	}
	if err := s.eng.AddPeer(ctx, p.DID(), conn{m: m, s: s, ps: ps}); err != nil {
		p.Close(handshake.CloseFailure, "internal error")
		return
	}
	m.nudge() // ticks start, if none ran (tick.go)
	m.emit(EventSync, s.id, Change{What: PeerConnected, Peer: p.DID(), Account: account})
}

func (m *Manager) whoAccount(session string, payload json.RawMessage) (string, bool) {
	var w struct {
		Note json.RawMessage `json:"note"`
	}
	if json.Unmarshal(payload, &w) != nil || len(w.Note) == 0 || len(w.Note) > handshake.MaxNote {
		return "", false
	}
	v, err := cjson.Parse(w.Note)
	if err != nil {
		return "", false
	}
	d, err := note.Check(v, session, m.now())
	if err != nil || d.Note == nil {
		return "", false
	}
	return d.Root, true
}

// conn is the engine's connection to a peer: sync envelopes, with the ids
// this node asks for counted as still to fetch.
type conn struct {
	m  *Manager
	s  *syncSpace
	ps *peerState
}

func (c conn) Send(msg []byte) {
	if n := wanted(msg); n > 0 {
		ids := c.s.store.coming.wantIDs(msg)
		c.s.mu.Lock()
		c.ps.wanted += c.s.store.coming.asked(ids, n) // not counted twice, both moved at once (coming.go)
		c.s.mu.Unlock()
		c.m.poke(c.s)
	}
	transport.SyncConn{P: c.ps.p}.Send(msg)
}

// Our engine writes "v" and "type" first (core/syncmsg's wire form), so
// the kind of a message shows in its first bytes.
var (
	wantHead     = []byte(`{"v":8,"type":"want"`)
	versionsHead = []byte(`{"v":8,"type":"versions"`)
	helloHead    = []byte(`{"v":8,"type":"hello"`)
)

// helloCols are the collections a hello's sums name that both sides hold
// (05 §6.2 steps 3–4): those the engine must find level with the peer
// before the space is synced with it. ok is false for any other message.
func helloCols(ours syncmsg.Holds, msg []byte) (cols []string, ok bool) {
	if !bytes.HasPrefix(msg, helloHead) {
		return nil, false
	}
	m, err := syncmsg.Parse(msg)
	h, isHello := m.(*syncmsg.Hello)
	if err != nil || !isHello {
		return nil, false
	}
	for c := range h.Sums {
		if ours.HoldsCollection(c) && h.Holds.HoldsCollection(c) {
			cols = append(cols, c)
		}
	}
	return cols, true
}

// wanted is how many ids a want of ours asks for (05 §6.3).
func wanted(msg []byte) int {
	if !bytes.HasPrefix(msg, wantHead) {
		return 0
	}
	return memberLen(msg, "ids")
}

// answered is how many versions a versions message carries, counted
// without decoding them (count.go).
func answered(payload []byte) int {
	if !bytes.HasPrefix(payload, versionsHead) {
		return 0
	}
	return memberLen(payload, "versions")
}

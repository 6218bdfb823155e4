package netsync

import (
	"fmt"
	"slices"

	"minca.dev/desktop/core/handshake"
	"minca.dev/desktop/core/spacekey"
	"minca.dev/desktop/node/transport"
)

// gate is the Manager's word to the transport on who gets what (04 §6.3,
// §9.3; 03 §9.2), answered from each space's view.
type gate struct{ m *Manager }

// served is a space the node serves now: held, and not paused.
func (m *Manager) served(id string) (*syncSpace, error) {
	if m.isPaused() {
		return nil, fmt.Errorf("space %s: paused", id)
	}
	s := m.space(id)
	if s == nil {
		return nil, fmt.Errorf("space %s: %w", id, ErrNoSpace)
	}
	return s, nil
}

func (s *syncSpace) current() *view {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.view
}

// heldKeys is the keys the account holds that the history names, oldest
// first, in S.keys order (03 §4.1, §14), and apart, newest last, at most
// handshake.MaxEarlier held keys the history does not name yet: an
// invite's key (03 §7.4) when the space changed its key after the genesis
// this node holds, which the history names once synced (03 §9.3).
func (s *syncSpace) heldKeys(v *view) (named, unnamed []*spacekey.Key) {
	if s.keys == nil {
		return nil, nil
	}
	held := s.keys()
	placed := make([]bool, len(held))
	for _, e := range v.keys {
		for i, k := range held {
			if k.Names(e.KeyID, e.ReadKey) {
				named = append(named, k)
				placed[i] = true
				break
			}
		}
	}
	for i, k := range held {
		if !placed[i] && !slices.ContainsFunc(named, func(n *spacekey.Key) bool { return n.ID() == k.ID() }) {
			unnamed = append(unnamed, k)
		}
	}
	if len(unnamed) > handshake.MaxEarlier {
		unnamed = unnamed[len(unnamed)-handshake.MaxEarlier:]
	}
	return named, unnamed
}

// proofKeys orders the keys a read proof offers (04 §6.3), the first
// proving and sealing the note: the newest key the history names, then
// the keys it does not name yet, newest first, then the older named ones.
// A verifier whose current key is one the history here does not name yet
// admits on it by an earlier entry (step 5): it is never taken on this
// node's word, only on the verifier's own history. With no named key, the
// newest unnamed key proves.
func proofKeys(named, unnamed []*spacekey.Key) []*spacekey.Key {
	var out []*spacekey.Key
	if n := len(named); n > 0 {
		out = append(out, named[n-1])
		named = named[:n-1]
	}
	for i := len(unnamed) - 1; i >= 0; i-- {
		out = append(out, unnamed[i])
	}
	for i := len(named) - 1; i >= 0; i-- {
		out = append(out, named[i])
	}
	return out
}

// Verifier: a public space asks no read proof; a private one asks for its
// current read key, or an older one with a member proof of a reader now
// (04 §6.3 steps 1–6).
func (g gate) Verifier(id string) (*handshake.Verifier, error) {
	s, err := g.m.served(id)
	if err != nil || !s.private {
		return nil, err
	}
	v := s.current()
	byRead := map[string][]byte{}
	named, _ := s.heldKeys(v) // a key the history does not name proves nothing here
	for _, k := range named {
		byRead[k.ReadDID()] = k.Raw()
	}
	spaceKey := func(readKey string) []byte { return byRead[readKey] }
	reader := func(account string) bool { return v.readers[account] && !v.former[account] }
	return &handshake.Verifier{Current: v.current,
		Member: handshake.MemberCheck(id, spaceKey, g.m.now(), reader)}, nil
}

// Reader: what this node proves reading a private space with (04 §6.3):
// every read key it holds, in proofKeys' order, and its session note sealed
// under the first one's space key.
func (g gate) Reader(id string) (*handshake.Reader, error) {
	s, err := g.m.served(id)
	if err != nil || !s.private {
		return nil, err
	}
	keys := proofKeys(s.heldKeys(s.current()))
	if len(keys) == 0 {
		return nil, fmt.Errorf("space %s: %w", id, ErrNoKey)
	}
	r := &handshake.Reader{}
	for _, k := range keys {
		r.Keys = append(r.Keys, k.ReadKeyPair())
	}
	g.m.mu.Lock()
	n := g.m.note
	g.m.mu.Unlock()
	r.Member, err = handshake.SealMember(keys[0].Raw(), id, n.JSON(), g.m.cfg.Rand)
	if err != nil {
		return nil, fmt.Errorf("space %s: %w", id, err)
	}
	// Member proofs under older keys too (our choice, 04 §6.3 step 4 over
	// earlier): after key changes made apart, a key both sides hold admits.
	// As many as fit earlierMembersBudget: the hello stays a handshake frame.
	for i, k := range keys[1:min(len(keys), handshake.MaxEarlier+1)] {
		if (i+2)*len(r.Member) > earlierMembersBudget {
			break
		}
		m, err := handshake.SealMember(k.Raw(), id, n.JSON(), g.m.cfg.Rand)
		if err != nil {
			return nil, fmt.Errorf("space %s: %w", id, err)
		}
		r.EarlierMembers = append(r.EarlierMembers, m)
	}
	return r, nil
}

// earlierMembersBudget bounds the member proofs of a hello, all together,
// well within handshake.MaxHandshakeFrame. Our choice.
const earlierMembersBudget = 40 << 10

// Admit refuses a peer whose session DID already proved an account the
// space no longer admits; every other proven peer is let in until its
// `who` says who it is (04 §6.4).
func (g gate) Admit(a transport.Admission) error {
	s, err := g.m.served(a.Space)
	if err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if acc, ok := s.accounts[a.DID]; ok && !s.view.admits(acc, a.ReadKey) {
		return fmt.Errorf("space %s: %s is not admitted", a.Space, acc)
	}
	return nil
}

// MaySend: only `who` until the peer's own `who` admitted it; afterwards
// everything while the view admits its account, nothing once it does not
// (03 §9.2, 04 §9.3). It runs under the engine's lock: it takes only the
// Manager's and the space's locks, which are never held around an engine
// call.
func (g gate) MaySend(id, did, typ string) bool {
	s := g.m.space(id)
	if s == nil {
		return false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	ps := s.peers[did]
	if ps == nil {
		return false
	}
	if typ == handshake.TypeWho {
		return ps.account == "" || s.view.admits(ps.account, ps.on)
	}
	if typ == handshake.TypeLive && s.view.former[ps.account] {
		return false // a former member let in to join again gets no live (03 §9.2)
	}
	return ps.accepted && s.view.admits(ps.account, ps.on)
}

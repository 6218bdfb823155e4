package runtime

import (
	"context"
	"fmt"
	"sync"

	"minca.dev/desktop/core/handshake"
	"minca.dev/desktop/core/identity"
	"minca.dev/desktop/core/invite"
	"minca.dev/desktop/node/transport"
)

// labelNodeKey derives this node's key on the wire from the account seed and
// the node's (public, random) id in its state: stable across restarts, so
// node URLs pinned by its DID keep working, and never stored (the node's own
// label).
const labelNodeKey = "minca-desktop/node-key/v1|"

// sockets is the node's node sockets (node/transport, 04 §5): the
// transport, its sync handler, and the spaces its gate serves.
type sockets struct {
	tr     *transport.Transport
	sync   *transport.Sync
	listen string // this node's URL when it listens, pinned by its DID

	mu     sync.Mutex
	spaces map[string]*held
}

// nodeKey is the node's key on the wire (and its sync engines' Self, so both
// sides agree who initiates, 05 §6.2); versions are signed by the session key.
func nodeKey(seed []byte, nodeID string) (*identity.KeyPair, error) {
	okm, err := identity.HKDF(seed, labelNodeKey+nodeID, 32)
	if err != nil {
		return nil, err
	}
	return identity.DeriveKeyPairFromSeed(okm)
}

// startSocketsLocked starts the transport when the node is configured for
// sockets, listening when Config.Listen is set.
func (n *Node) startSocketsLocked() error {
	if !n.cfg.Sockets || n.sock != nil {
		return nil
	}
	s := &sockets{sync: &transport.Sync{}, spaces: map[string]*held{}}
	tr, err := transport.New(transport.Config{Key: n.wire, Gate: s, Handler: s.sync, Rand: n.cfg.Rand})
	if err != nil {
		return fmt.Errorf("node sockets: %w", err)
	}
	s.tr = tr
	if n.cfg.Listen != "" {
		addr, err := tr.Listen(n.cfg.Listen)
		if err != nil {
			tr.Close()
			return fmt.Errorf("listen on %s: %w", n.cfg.Listen, err)
		}
		s.listen = "ws://" + addr + transport.DefaultPath + "#" + n.wire.DID()
	}
	n.sock = s
	return nil
}

// serve puts a space's engine on the sockets and dials the nodes it knows.
func (s *sockets) serve(h *held, nodes []string) {
	s.mu.Lock()
	s.spaces[h.sp.ID] = h
	s.mu.Unlock()
	s.sync.Set(h.sp.ID, h.eng)
	for _, u := range nodes {
		s.tr.Connect(u, h.sp.ID) // a URL already dialled or refused: nothing to do
	}
}

func (s *sockets) held(spaceID string) (*held, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	h, ok := s.spaces[spaceID]
	return h, ok
}

// Verifier serves the spaces the node holds; a private one's peers prove
// reading with its current read key (04 §6.3).
func (s *sockets) Verifier(spaceID string) (*handshake.Verifier, error) {
	h, ok := s.held(spaceID)
	if !ok {
		return nil, fmt.Errorf("space %s is not served here", spaceID)
	}
	if !h.private() {
		return nil, nil
	}
	ring, err := h.keys.keyring(context.Background())
	if err != nil {
		return nil, err
	}
	cur, ok := ring.Current()
	if !ok {
		return nil, fmt.Errorf("the current key of %s is not held", spaceID)
	}
	return &handshake.Verifier{Current: cur.ReadDID()}, nil
}

// Reader proves reading a private space with every read key held, newest
// first.
func (s *sockets) Reader(spaceID string) (*handshake.Reader, error) {
	h, ok := s.held(spaceID)
	if !ok || !h.private() {
		return nil, nil
	}
	ring, err := h.keys.keyring(context.Background())
	if err != nil {
		return nil, err
	}
	keys := ring.Keys()
	r := &handshake.Reader{}
	for i := len(keys) - 1; i >= 0; i-- {
		r.Keys = append(r.Keys, keys[i].ReadKeyPair())
	}
	return r, nil
}

// Admit admits every proven peer of a space the node holds.
func (s *sockets) Admit(a transport.Admission) error {
	if _, ok := s.held(a.Space); !ok {
		return fmt.Errorf("space %s is not served here", a.Space)
	}
	return nil
}

func (s *sockets) MaySend(spaceID, peerDID, typ string) bool { return true }

func (s *sockets) close() {
	s.tr.Close()
}

// nodesOf are the pinned node URLs an invite names (04 §5.2).
func nodesOf(acc *invite.Accepted) []string {
	var out []string
	for _, nd := range acc.Nodes {
		out = append(out, nd.String())
	}
	return out
}

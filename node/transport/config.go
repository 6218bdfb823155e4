package transport

import (
	"context"
	"crypto/rand"
	"crypto/tls"
	"errors"
	"io"
	mrand "math/rand/v2"
	"time"

	"minca.dev/desktop/core/handshake"
	"minca.dev/desktop/core/identity"
)

// Defaults of the node's own choosing (04 §5.4–§5.5).
const (
	DefaultPath      = "/peer"          // 04 §5.3
	HandshakeTimeout = 10 * time.Second // 04 §5.3: no hello within 10 s
	MaxMalformed     = 8                // malformed frames before a peer is dropped
	SendQueue        = 1024             // frames waiting to be written per peer
	RefusedWait      = 10 * time.Second // after a 4009 close (04 §1.3)
	LiveBurst        = 60               // 04 §9.2
	LivePerSecond    = 20               // 04 §9.2
	MaxDials         = 8                // nodes dialled per space (our choice: invitations name at most 8)
)

// Errors a caller may branch on.
var (
	ErrNodeURL   = errors.New("not a node URL")
	ErrLoopback  = errors.New("plain ws:// only on loopback")
	ErrClosed    = errors.New("connection closed")
	ErrWithheld  = errors.New("frame withheld by the gate")
	ErrQueueFull = errors.New("send queue full")
	ErrDialling  = errors.New("already dialling that node for this space")
	ErrTooMany   = errors.New("too many nodes for one space")
)

// Clock is the transport's time for backoff and rate limits; tests pass
// their own.
type Clock interface {
	Now() time.Time
	After(d time.Duration) <-chan time.Time
}

type realClock struct{}

func (realClock) Now() time.Time                         { return time.Now() }
func (realClock) After(d time.Duration) <-chan time.Time { return time.After(d) }

// Admission is a proven peer the node is asked to admit.
type Admission struct {
	Space   string
	DID     string // the peer's proven session DID
	Inbound bool   // it dialled us
	ReadKey string // the read key it was admitted on ("" in a public space or outbound)
}

// Gate is the node's word on who gets what (04 §6.3, §9.3; 03 §9.2).
type Gate interface {
	// Verifier says whether the node serves spaceID to a dialling peer and,
	// for a private space, how read proofs are checked (nil: a public space).
	// An error refuses the hello (4003), as for a stranger.
	Verifier(spaceID string) (*handshake.Verifier, error)
	// Reader is what this node proves reading spaceID with when it dials
	// (nil: a public space).
	Reader(spaceID string) (*handshake.Reader, error)
	// Admit is asked once the far side is proven, on both sides, before
	// anything of the space crosses. An error refuses (4003).
	Admit(a Admission) error
	// MaySend is asked before every frame; false withholds it. It may be
	// called with a sync engine's lock held: it must not block or call
	// back into the engine.
	MaySend(spaceID, peerDID, typ string) bool
}

// Handler hears a space's peers. Receive is called for each envelope of a
// peer strictly in the order it arrived, one at a time, on that peer's
// reader; it must not block on the network. Send from inside it never
// blocks.
type Handler interface {
	PeerUp(ctx context.Context, p *Peer) error
	Receive(ctx context.Context, p *Peer, e handshake.Envelope)
	PeerDown(p *Peer)
}

// Config makes a Transport.
type Config struct {
	Key       *identity.KeyPair // the session key: its DID is the node on the wire
	Gate      Gate
	Handler   Handler
	Path      string      // the listener's path; default DefaultPath
	ServerTLS *tls.Config // serve wss:// (node/nodetls.ServerConfig); required to listen off loopback
	// ClientTLS is for wss:// dials of a node whose certificate is not
	// pinned by its DID (a TLS proxy's, 04 "wss:// without a CA"): its
	// RootCAs, nil: the system's roots. A pinned certificate needs none.
	ClientTLS *tls.Config
	// Advertise is the host[:port] put into this node's URL (URL) in place
	// of the address bound: needed when binding 0.0.0.0 or [::]. Without a
	// port, the bound port. Default: the address bound, or, when that is
	// unspecified, the first up non-loopback IPv4 of the machine (see URL).
	Advertise string
	Rand      io.Reader // nonces; default crypto/rand
	Clock     Clock     // default: real time
	Jitter    func() float64
	Backoff   Backoff
	// Timeout bounds each handshake frame owed; default HandshakeTimeout.
	Timeout      time.Duration
	MaxMalformed int // default MaxMalformed
	SendQueue    int // default SendQueue
	// OnDial, if set, hears each dialler's every change of phase, in
	// order, from the dialler's own goroutine (dialstate.go). It must not
	// block, nor stop the dialler.
	OnDial func(d *Dialer, s DialState)
}

func (c *Config) defaults() error {
	if c.Key == nil || c.Gate == nil || c.Handler == nil {
		return errors.New("transport: Key, Gate and Handler are required")
	}
	if c.Path == "" {
		c.Path = DefaultPath
	}
	if c.Rand == nil {
		c.Rand = rand.Reader
	}
	if c.Clock == nil {
		c.Clock = realClock{}
	}
	if c.Jitter == nil {
		c.Jitter = mrand.Float64
	}
	if c.Backoff == (Backoff{}) {
		c.Backoff = DefaultBackoff
	}
	if c.Timeout == 0 {
		c.Timeout = HandshakeTimeout
	}
	if c.MaxMalformed == 0 {
		c.MaxMalformed = MaxMalformed
	}
	if c.SendQueue == 0 {
		c.SendQueue = SendQueue
	}
	return nil
}

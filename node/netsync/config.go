package netsync

import (
	"crypto/tls"
	"errors"
	"io"
	"time"

	"minca.dev/desktop/core/identity"
	"minca.dev/desktop/core/judge"
	"minca.dev/desktop/core/note"
	"minca.dev/desktop/core/space"
	"minca.dev/desktop/core/spacekey"
	"minca.dev/desktop/core/syncmsg"
	"minca.dev/desktop/node/transport"
	"minca.dev/desktop/node/versions"
)

// Defaults of the node's own choosing (04 §5.4, §6.3).
const (
	DefaultTick = time.Second      // how often each engine is ticked (05 §6.2, §6.3)
	WhoTimeout  = 10 * time.Second // a peer's `who` is awaited this long (04 §6.3)
	EventBuffer = 256              // events a slow subscriber may fall behind by
)

// Listen addresses (04 §5.4): listening is off unless one is configured.
const (
	ListenOff      = ""
	ListenLoopback = "127.0.0.1:0" // any free port on this machine, ws://
)

// Errors a caller may branch on.
var (
	ErrNoSpace   = errors.New("netsync: space not synced here")
	ErrHaveSpace = errors.New("netsync: space already synced")
	ErrClosed    = errors.New("netsync: manager closed")
	ErrNoKey     = errors.New("netsync: no read key of this private space held")
)

// Config makes a Manager.
type Config struct {
	// Key is the node's session key (06 §1.1): its DID names the node on
	// the wire.
	Key *identity.KeyPair
	// Note is the session note, account → Key (06 §1.4), sent as `who`
	// on every connection (04 §6.4). SetNote renews it.
	Note *note.Note
	// Listen is the address to serve node sockets on (04 §5.3): ListenOff,
	// ListenLoopback or a loopback host:port; any other address needs
	// ServerTLS (wss://; node/nodetls.ServerConfig of Key serves one
	// pinned by the node's DID, 04 "wss:// without a CA").
	Listen    string
	ServerTLS *tls.Config
	// ClientTLS gives the roots for a wss:// node whose certificate is not
	// the one its DID pins (behind a TLS proxy); nil: the system's roots.
	ClientTLS *tls.Config
	// Advertise is the host[:port] put into the node URL (URL) instead of
	// the address bound (transport.Config.Advertise): needed when Listen
	// is 0.0.0.0 or [::], where the default is the machine's first up
	// non-loopback IPv4 address.
	Advertise string
	// Backoff is the redial backoff; zero: transport.DefaultBackoff.
	Backoff transport.Backoff
	// Tick is how often each engine is ticked; zero: DefaultTick.
	Tick time.Duration
	// Progress is the least time between two progress events of a space
	// (events.go); zero: ProgressEvery.
	Progress time.Duration
	// WhoTimeout bounds the wait for a peer's `who`; zero: WhoTimeout.
	WhoTimeout time.Duration
	Rand       io.Reader        // nonces and member proofs; nil: crypto/rand
	Now        func() time.Time // nil: time.Now
}

// SpaceConfig is one space the Manager keeps in sync (Add).
type SpaceConfig struct {
	Space *space.Space   // the checked constitution and its id
	Store versions.Store // the space's store (node/versions)
	// Opener opens bodies as this account can (the space's keyring in a
	// private space); nil: a public space's bodies.
	Opener judge.Opener
	// Keys gives every key of a private space the account holds now,
	// those the history names (spacekey.Keyring.Keys) and those it does
	// not name yet (Unplaced: an invite's key, 03 §7.4); it is asked at
	// each handshake. Only named keys check a peer's proof (gate.go). Nil
	// in a public space.
	Keys func() []*spacekey.Key
	// Hosts are the account's own node URLs (URL#DID), dialled first;
	// Nodes the invitation's (03 §7.4). At most 8 are dialled in all.
	Hosts []string
	Nodes []string
	// Holds is what the node holds of the space (05 §5); nil: all of it.
	Holds *syncmsg.Holds
}

package handshake

// Labels and limits of 04 §5–§6, §9 (docs/spec/04-network.md §11).
const (
	// LabelPeer heads the two strings signed on a node socket (04 §6.1).
	// Our choice: Weave's weave-peer/v3 in minca's slash form.
	LabelPeer = "minca/peer/v3"
	// LabelMembership labels the envelope sealing a reader's note under the
	// space key (04 §6.3). Our choice.
	LabelMembership = "minca/space-membership/v1"

	// NonceLen is a handshake nonce's length: 16 random bytes (04 §6).
	NonceLen = 16
	// NonceTextLen is its base64url length.
	NonceTextLen = 22
	// SigTextLen is a P1363 signature's base64url length (64 bytes).
	SigTextLen = 86
	// MaxDID bounds a DID on the wire (04 §1.3).
	MaxDID = 256
	// MaxEarlier is how many earlier read proofs a verifier looks at (04 §6.3).
	MaxEarlier = 4
	// MaxNote bounds a note in a member proof or a who, encoded (04 §6.4).
	MaxNote = 16384
	// MaxMember bounds a member proof: base64url of an envelope (29 bytes
	// around the plaintext, 01 §9.1) holding a note of MaxNote bytes.
	MaxMember = (MaxNote + 29 + 2) / 3 * 4
	// MaxHandshakeFrame bounds a handshake frame. Our choice: 64 KiB.
	MaxHandshakeFrame = 64 << 10
	// MaxFrame bounds a node-socket frame (04 §5.3): 16 MiB.
	MaxFrame = 16 << 20
	// MaxType bounds an envelope's type (our choice).
	MaxType = 64
	// MaxLive bounds a live payload's JSON in UTF-16 code units (04 §9.2).
	MaxLive = 65536
)

// Close codes of a node socket (04 §5.3).
const (
	CloseShutdown  = 1001 // node shutting down
	CloseTooBig    = 1009 // a frame over MaxFrame
	CloseFailure   = 1011 // the node failed
	CloseNoSpace   = 4000 // no ?space= parameter
	CloseProtocol  = 4002 // a malformed or badly signed handshake frame
	CloseNotReader = 4003 // not a reader of this space, or not admitted
	CloseNoHello   = 4008 // no hello in time
	CloseReplaced  = 4009 // the same DID connected again in this space
)

// Envelope types (04 §9).
const (
	TypeSync = "sync"
	TypeWho  = "who"
	TypeLive = "live"
)

// Handshake frame types (04 §5.2).
const (
	TypeChallenge = "challenge"
	TypeHello     = "hello"
	TypeWelcome   = "welcome"
)

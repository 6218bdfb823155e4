package judge

import "minca.dev/desktop/core/record"

// Opener opens versions' bodies as this peer can (03 §8.3). A private
// space's decryption (issue 4) plugs in here; this package never holds keys.
type Opener interface {
	// Reads says whether this peer reads the space: a public space, or a
	// private one whose key it holds (03 §5.2 step 8).
	Reads() bool
	// Open gives v's body as this peer opens it: in a private space the
	// plaintext body; ok is false for a body it cannot open, and for a
	// stub or a delete, which carry none.
	Open(v *record.Version) (body any, ok bool)
}

// PublicBodies opens the bodies of a public space: they are in the clear.
type PublicBodies struct{}

// Reads is true: everyone reads a public space.
func (PublicBodies) Reads() bool { return true }

// Open gives the body as it is.
func (PublicBodies) Open(v *record.Version) (any, bool) {
	if !v.HasBody || v.Deleted {
		return nil, false
	}
	return v.Body, true
}

// NoKey is a peer of a private space that holds none of its keys (a
// carrier, a host, a relay-side mirror): it reads nothing (03 §8.2).
type NoKey struct{}

// Reads is false.
func (NoKey) Reads() bool { return false }

// Open opens nothing.
func (NoKey) Open(*record.Version) (any, bool) { return nil, false }

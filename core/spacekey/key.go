package spacekey

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"sync"

	"minca.dev/desktop/core/enc"
	"minca.dev/desktop/core/identity"
	"minca.dev/desktop/core/space"
)

// KeyLen is the size of a space key K (03 §8.1).
const KeyLen = identity.SpaceKeyLen

// ErrKey is a raw space key that is not 32 bytes, or not base64url of them.
var ErrKey = errors.New("spacekey: not a space key")

// Key is a space key K with what 03 §8.1 and §8.4 derive from it: the seal
// key of every envelope under K, the key id, and the read key pair. Nothing
// uses K itself as a key; it is only HKDF input (03 §8.1).
//
// The read key pair, which costs a scalar multiplication, is derived on
// first use: a reader meets the same raw keys again in every earlier.
type Key struct {
	raw      []byte
	seal     []byte
	id       string
	readOnce sync.Once
	read     *identity.KeyPair
}

// FromRaw takes 32 raw bytes as a space key and derives its parts
// (identity.SpaceSealKey, SpaceKeyID, ReadKeyPair).
func FromRaw(raw []byte) (*Key, error) {
	if len(raw) != KeyLen {
		return nil, fmt.Errorf("%w: %d bytes, want %d", ErrKey, len(raw), KeyLen)
	}
	seal, err := identity.SpaceSealKey(raw)
	if err != nil {
		return nil, fmt.Errorf("space seal key: %w", err)
	}
	id, err := identity.SpaceKeyID(raw)
	if err != nil {
		return nil, fmt.Errorf("space key id: %w", err)
	}
	return &Key{raw: bytes.Clone(raw), seal: seal, id: id}, nil
}

// Parse reads a space key as it travels (in an invite, a box, an earlier):
// base64url of its 32 bytes, 43 characters.
func Parse(s string) (*Key, error) {
	raw, err := enc.DecodeB64URLLen(s, KeyLen)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrKey, err)
	}
	return FromRaw(raw)
}

// Generate makes a fresh space key from 32 bytes of rnd, which must be a
// CSPRNG (03 §1.3, §9.3 step 1).
func Generate(rnd io.Reader) (*Key, error) {
	raw := make([]byte, KeyLen)
	if _, err := io.ReadFull(rnd, raw); err != nil {
		return nil, fmt.Errorf("generate space key: %w", err)
	}
	return FromRaw(raw)
}

// ID is the key id, base64url(HKDF(K, "minca/space-key-id/v1", 16)) (03 §8.1).
func (k *Key) ID() string { return k.id }

// ReadDID is the did:key of the read key pair (03 §8.4).
func (k *Key) ReadDID() string { return k.ReadKeyPair().DID() }

// ReadKeyPair is the read key pair, with which a peer proves it may read (04).
func (k *Key) ReadKeyPair() *identity.KeyPair {
	k.readOnce.Do(func() {
		// Cannot fail: the seed is a 32-byte HKDF output of a checked key.
		k.read, _ = identity.ReadKeyPair(k.raw)
	})
	return k.read
}

// ReadSeed is HKDF(K, "minca/space-read/v1", 32), the seed a pass carries
// (03 §8.4, §14).
func (k *Key) ReadSeed() []byte {
	seed, _ := identity.ReadSeed(k.raw) // cannot fail: K was checked
	return seed
}

// Raw is a copy of K's 32 bytes.
func (k *Key) Raw() []byte { return bytes.Clone(k.raw) }

// Encoded is base64url(K), how a raw key travels.
func (k *Key) Encoded() string { return enc.B64URL(k.raw) }

// Names reports whether the history's entry (key id and read DID) names
// this key: a received raw key is taken only as the key its id names
// (03 §8.1), and only if its read DID is the one named too (§9.4).
func (k *Key) Names(keyID, readDID string) bool {
	return k.id == keyID && k.ReadDID() == readDID
}

// String hides the key: only its id is printed.
func (k *Key) String() string { return "spacekey(" + k.id + ")" }

// GoString: see String.
func (k *Key) GoString() string { return k.String() }

// NewSpace creates a private space (03 §1.3) whose first key is k: core/space
// writes the constitution with k's id as encryptionKeyId and its read DID as
// readKey (§8.1, §8.4).
func NewSpace(d space.Draft, k *Key) (*space.Space, error) {
	d.Visibility = space.VisibilityPriv
	d.SpaceKey = k.Raw()
	sp, err := space.Create(d)
	if err != nil {
		return nil, fmt.Errorf("create private space: %w", err)
	}
	return sp, nil
}

package identity

import (
	"crypto"
	"crypto/ecdh"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/sha256"
	"fmt"
	"io"
	"math/big"
)

// MinIKMLen is the least input DeriveKeyPairFromSeed accepts: a seed is 16
// random bytes, and every other input is a 32-byte HKDF output (01 §3.2).
const MinIKMLen = 16

// KeyPair is a P-256 private key with its DID. The same scalar signs
// (ECDSA) and agrees keys (ECDH): member, contact and door keys use the
// latter.
type KeyPair struct {
	priv *ecdsa.PrivateKey
	pub  []byte // SEC1 compressed point, 33 bytes
	did  string
}

// DeriveKeyPairFromSeed is 01 §3.2's P256KeyFrom: ScalarFrom(HKDF(ikm,
// LabelIdentityKey, 48)). It gives the account root key (ikm = the seed), the
// invite key and the read key (ikm = a 32-byte HKDF output). Frozen: changing
// it changes every DID.
func DeriveKeyPairFromSeed(ikm []byte) (*KeyPair, error) {
	if len(ikm) < MinIKMLen {
		return nil, fmt.Errorf("%w: %d bytes of key material, want at least %d", ErrSeed, len(ikm), MinIKMLen)
	}
	return keyFrom(ikm, LabelIdentityKey)
}

// NewKeyPair makes a fresh random key (a session, app or agent key) from 48
// bytes of rnd reduced by ScalarFrom.
func NewKeyPair(rnd io.Reader) (*KeyPair, error) {
	okm := make([]byte, OKMLen)
	if _, err := io.ReadFull(rnd, okm); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrRandom, err)
	}
	d, err := ScalarFrom(okm)
	if err != nil {
		return nil, err
	}
	return KeyPairFromScalar(d)
}

// KeyPairFromScalar builds the key pair of a 32-byte big-endian scalar in
// [1, n−1], as PrivateBytes returns it.
func KeyPairFromScalar(d []byte) (*KeyPair, error) {
	priv, err := ecdsa.ParseRawPrivateKey(elliptic.P256(), d)
	if err != nil {
		return nil, fmt.Errorf("%w: private scalar: %v", ErrKeyLength, err)
	}
	pub, err := compress(&priv.PublicKey)
	if err != nil {
		return nil, err
	}
	return &KeyPair{priv: priv, pub: pub, did: didOf(pub)}, nil
}

// DID is the key's did:key.
func (k *KeyPair) DID() string { return k.did }

// PublicKey is the ECDSA public key.
func (k *KeyPair) PublicKey() *ecdsa.PublicKey { return &k.priv.PublicKey }

// CompressedPublicKey is the 33-byte SEC1 compressed point.
func (k *KeyPair) CompressedPublicKey() []byte { return append([]byte(nil), k.pub...) }

// EncodedPublicKey is base64url of the compressed point (44 characters): how
// keys that are not DIDs travel (member, contact and door keys).
func (k *KeyPair) EncodedPublicKey() string { return EncodePublicKey(k.pub) }

// PrivateBytes is the 32-byte big-endian private scalar.
func (k *KeyPair) PrivateBytes() []byte {
	b, _ := k.priv.Bytes() // cannot fail for a P-256 key
	return b
}

// ECDH is the same scalar as an ECDH private key, for HPKE (OpenFrom).
func (k *KeyPair) ECDH() *ecdh.PrivateKey {
	e, _ := k.priv.ECDH() // cannot fail for a P-256 key
	return e
}

// Sign returns the 64-byte P1363 signature r‖s of SHA-256(msg). Signatures
// are deterministic (RFC 6979) and low-S: s ≤ n/2.
func (k *KeyPair) Sign(msg []byte) ([]byte, error) {
	digest := sha256.Sum256(msg)
	der, err := k.priv.Sign(nil, digest[:], crypto.SHA256)
	if err != nil {
		return nil, fmt.Errorf("identity: sign: %w", err)
	}
	r, s, err := parseDER(der)
	if err != nil {
		return nil, err
	}
	if s.Cmp(halfN) > 0 {
		s.Sub(p256N, s)
	}
	sig := make([]byte, SignatureLen)
	r.FillBytes(sig[:32])
	s.FillBytes(sig[32:])
	return sig, nil
}

// halfN is ⌊n/2⌋: a signature is low-S when s ≤ halfN.
var halfN = new(big.Int).Rsh(p256N, 1)

// String is the DID, so a key pair printed by mistake never shows its
// private scalar.
func (k *KeyPair) String() string { return k.did }

// GoString: see String.
func (k *KeyPair) GoString() string { return "identity.KeyPair(" + k.did + ")" }

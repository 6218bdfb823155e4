// Package identity is 01 — Identity (docs/spec/01-identity.md): the account
// seed and its recovery code, P-256 key derivation (deriveKeyPairFromSeed),
// did:key names, ECDSA P-256 signatures in P1363 form, the labelled AEAD
// envelope (01 §9.1), sealing to a key with HPKE (01 §9.2), the account key
// and every key derived from it or from a space key, each under a named label.
//
// The package is pure: it reads no files, network or clock, and takes
// randomness only from an io.Reader the caller passes in. Signing is
// deterministic (RFC 6979) and needs no randomness at all.
package identity

import "errors"

// Errors a caller may branch on; every error of this package wraps one.
var (
	ErrSeed         = errors.New("identity: bad seed")
	ErrRecoveryCode = errors.New("identity: bad recovery code")
	ErrDID          = errors.New("identity: bad did:key")
	ErrPublicKey    = errors.New("identity: bad public key")
	ErrSignature    = errors.New("identity: signature does not verify")
	ErrKeyLength    = errors.New("identity: key has the wrong length")
	ErrNotOpened    = errors.New("identity: does not open") // envelope or HPKE box
	ErrRandom       = errors.New("identity: reading randomness")
)

package identity

import (
	"crypto/aes"
	"crypto/cipher"
	"fmt"
	"io"

	"minca.dev/desktop/core/cjson"
)

// The envelope (01 §9.1) seals a plaintext under a 32-byte key:
//
//	envelope = 0x01 ‖ nonce(12, random) ‖ AES-256-GCM(key, nonce, pt, aad)
//	aad      = 0x01 ‖ UTF-8(label) ‖ 0x00 ‖ UTF-8(canonical(bound))
//
// The label names the purpose and the bound names the place (space, record,
// key id, store entry…), so an envelope moved anywhere else does not open.
const (
	EnvelopeVersion = 0x01
	NonceLen        = 12
	KeyLen          = 32 // AES-256
	tagLen          = 16
	// EnvelopeOverhead is what sealing adds to a plaintext.
	EnvelopeOverhead = 1 + NonceLen + tagLen
)

// Seal returns the envelope of plaintext under key, label and bound, with
// a 96-bit nonce read from rnd.
func Seal(key []byte, label string, bound any, plaintext []byte, rnd io.Reader) ([]byte, error) {
	nonce := make([]byte, NonceLen)
	if _, err := io.ReadFull(rnd, nonce); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrRandom, err)
	}
	return SealWithNonce(key, label, bound, plaintext, nonce)
}

// SealWithNonce is Seal with the nonce given, for vectors. A nonce must never
// repeat under one key.
func SealWithNonce(key []byte, label string, bound any, plaintext, nonce []byte) ([]byte, error) {
	if len(nonce) != NonceLen {
		return nil, fmt.Errorf("%w: nonce is %d bytes, want %d", ErrKeyLength, len(nonce), NonceLen)
	}
	gcm, aad, err := envelopeParts(key, label, bound)
	if err != nil {
		return nil, err
	}
	out := make([]byte, 0, EnvelopeOverhead+len(plaintext))
	out = append(append(out, EnvelopeVersion), nonce...)
	return gcm.Seal(out, nonce, plaintext, aad), nil
}

// Open returns the plaintext of an envelope sealed under key, label and
// bound. Any mismatch (version byte, key, label, bound, tampering) gives
// ErrNotOpened and no plaintext; callers never fall back to reading raw.
func Open(key []byte, label string, bound any, envelope []byte) ([]byte, error) {
	gcm, aad, err := envelopeParts(key, label, bound)
	if err != nil {
		return nil, err
	}
	if len(envelope) < EnvelopeOverhead || envelope[0] != EnvelopeVersion {
		return nil, fmt.Errorf("%w: not a version-1 envelope", ErrNotOpened)
	}
	nonce := envelope[1 : 1+NonceLen]
	pt, err := gcm.Open(nil, nonce, envelope[1+NonceLen:], aad)
	if err != nil {
		return nil, fmt.Errorf("%w: %s envelope: %v", ErrNotOpened, label, err)
	}
	return pt, nil
}

func envelopeParts(key []byte, label string, bound any) (cipher.AEAD, []byte, error) {
	if len(key) != KeyLen {
		return nil, nil, fmt.Errorf("%w: envelope key is %d bytes, want %d", ErrKeyLength, len(key), KeyLen)
	}
	aad, err := AAD(label, bound)
	if err != nil {
		return nil, nil, err
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, nil, err
	}
	gcm, err := cipher.NewGCM(block)
	if err != nil {
		return nil, nil, err
	}
	return gcm, aad, nil
}

// AAD is the associated data of an envelope or HPKE box:
// 0x01 ‖ UTF-8(label) ‖ 0x00 ‖ canonical(bound). The label must not hold a
// NUL byte, so the split is unambiguous.
func AAD(label string, bound any) ([]byte, error) {
	for i := 0; i < len(label); i++ {
		if label[i] == 0 {
			return nil, fmt.Errorf("identity: label %q holds a NUL byte", label)
		}
	}
	b, err := cjson.Marshal(bound)
	if err != nil {
		return nil, fmt.Errorf("identity: bound of %s: %w", label, err)
	}
	aad := make([]byte, 0, 2+len(label)+len(b))
	aad = append(append(append(aad, EnvelopeVersion), label...), 0x00)
	return append(aad, b...), nil
}

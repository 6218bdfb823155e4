package identity

import (
	"bytes"
	"crypto/ecdh"
	"crypto/ecdsa"
	"crypto/elliptic"
	"fmt"
	"strings"

	"minca.dev/desktop/core/enc"
)

// DIDPrefix starts every did:key this package writes and reads: the method
// and the multibase prefix 'z' (base58btc).
const DIDPrefix = "did:key:z"

// p256Multicodec is the unsigned varint of multicodec p256-pub (0x1200).
var p256Multicodec = []byte{0x80, 0x24}

// CompressedLen is the size of a SEC1 compressed P-256 point.
const CompressedLen = 33

// EncodedPublicKeyLen is the length of base64url of a compressed point.
const EncodedPublicKeyLen = 44

// maxDIDLen bounds what ParseDID reads; a P-256 did:key is 57 characters.
const maxDIDLen = 200

// DIDFromPublicKey names a P-256 public key: "did:key:z" + base58btc(0x80
// 0x24 ‖ compressed point) (01 §4). Every such DID starts "did:key:zDn".
func DIDFromPublicKey(pub *ecdsa.PublicKey) (string, error) {
	if pub == nil || pub.Curve != elliptic.P256() {
		return "", fmt.Errorf("%w: not a P-256 key", ErrPublicKey)
	}
	c, err := compress(pub)
	if err != nil {
		return "", err
	}
	return didOf(c), nil
}

func didOf(compressed []byte) string {
	return DIDPrefix + enc.Base58(append(append([]byte(nil), p256Multicodec...), compressed...))
}

// ParseDID returns the public key a did:key names. It accepts only the one
// spelling DIDFromPublicKey writes: the "did:key:z" prefix, base58btc, the
// p256-pub multicodec, and a 33-byte compressed point on the curve. Other
// key types, uncompressed points and anything else are refused (ErrDID).
func ParseDID(did string) (*ecdsa.PublicKey, error) {
	pub, err := parseDID(did)
	if err != nil {
		return nil, fmt.Errorf("parse did %q: %w", truncate(did), err)
	}
	return pub, nil
}

func parseDID(did string) (*ecdsa.PublicKey, error) {
	if len(did) > maxDIDLen {
		return nil, fmt.Errorf("%w: %d characters", ErrDID, len(did))
	}
	rest, ok := strings.CutPrefix(did, DIDPrefix)
	if !ok {
		return nil, fmt.Errorf("%w: want prefix %q", ErrDID, DIDPrefix)
	}
	raw, err := enc.DecodeBase58(rest)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrDID, err)
	}
	point, ok := bytes.CutPrefix(raw, p256Multicodec)
	if !ok {
		return nil, fmt.Errorf("%w: not a P-256 key (multicodec prefix % x, want 80 24)", ErrDID, raw[:min(2, len(raw))])
	}
	pub, err := decompress(point)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrDID, err)
	}
	return pub, nil
}

// IsDID reports whether s is a did:key ParseDID accepts.
func IsDID(s string) bool {
	_, err := parseDID(s)
	return err == nil
}

// compress writes the SEC1 compressed form 0x02/0x03 ‖ x.
func compress(pub *ecdsa.PublicKey) ([]byte, error) {
	u, err := pub.Bytes() // 0x04 ‖ x ‖ y
	if err != nil || len(u) != 65 {
		return nil, fmt.Errorf("%w: %v", ErrPublicKey, err)
	}
	return append([]byte{0x02 | u[64]&1}, u[1:33]...), nil
}

// decompress reads a 33-byte compressed point, refusing anything that is not
// on the curve or not spelled canonically (x ≥ p).
func decompress(b []byte) (*ecdsa.PublicKey, error) {
	if len(b) != CompressedLen || (b[0] != 2 && b[0] != 3) {
		return nil, fmt.Errorf("%w: want a 33-byte compressed point, got %d bytes", ErrPublicKey, len(b))
	}
	x, y := elliptic.UnmarshalCompressed(elliptic.P256(), b)
	if x == nil {
		return nil, fmt.Errorf("%w: not a point on P-256", ErrPublicKey)
	}
	u := make([]byte, 65)
	u[0] = 4
	x.FillBytes(u[1:33])
	y.FillBytes(u[33:])
	pub, err := ecdsa.ParseUncompressedPublicKey(elliptic.P256(), u)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrPublicKey, err)
	}
	if c, _ := compress(pub); !bytes.Equal(c, b) {
		return nil, fmt.Errorf("%w: non-canonical point encoding", ErrPublicKey)
	}
	return pub, nil
}

// EncodePublicKey writes a compressed point as base64url (44 characters).
func EncodePublicKey(compressed []byte) string { return enc.B64URL(compressed) }

// ParsePublicKey reads a public key that travels as base64url of a
// compressed point (member, contact and door keys): exactly 44 characters of
// canonical base64url naming a point on P-256.
func ParsePublicKey(s string) (*ecdsa.PublicKey, error) {
	raw, err := enc.DecodeB64URLLen(s, CompressedLen)
	if err != nil {
		return nil, fmt.Errorf("parse public key %q: %w: %v", truncate(s), ErrPublicKey, err)
	}
	pub, err := decompress(raw)
	if err != nil {
		return nil, fmt.Errorf("parse public key %q: %w", truncate(s), err)
	}
	return pub, nil
}

// ParseECDHPublicKey is ParsePublicKey for key agreement (SealTo).
func ParseECDHPublicKey(s string) (*ecdh.PublicKey, error) {
	pub, err := ParsePublicKey(s)
	if err != nil {
		return nil, err
	}
	e, err := pub.ECDH()
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrPublicKey, err)
	}
	return e, nil
}

// truncate keeps error messages short when the input is long.
func truncate(s string) string {
	if len(s) > 80 {
		return s[:80] + "…"
	}
	return s
}

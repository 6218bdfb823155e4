package space

import (
	"crypto/elliptic"
	"strings"

	"minca.dev/desktop/core/enc"
)

// These helpers name the encodings 03 uses, from core/enc.

// cidOf is "b" + lower-case base32 (no padding) of SHA-256(b) (02; 03 §1.2).
func cidOf(b []byte) string { return enc.CID(b) }

// isSpaceID says whether s is a space id in its one spelling: "b" and 52
// lower-case base32 characters, zero padding bits (03 §1.2 rule 8).
func isSpaceID(s string) bool { return enc.IsCID(s) }

// hex40 is the first 40 hex characters of SHA-256 of the UTF-8 string.
func hex40(s string) string { return enc.Hex40(s) }

// b64urlLen says whether s is canonical base64url of exactly n bytes.
func b64urlLen(s string, n int) bool {
	_, err := enc.DecodeB64URLLen(s, n)
	return err == nil
}

// isP256DID says whether s is a did:key of a P-256 public key in its one
// spelling: "did:key:z", base58btc of 0x80 0x24 and a 33-byte compressed
// point that lies on the curve (01 §4).
func isP256DID(s string) bool {
	rest, ok := strings.CutPrefix(s, "did:key:z")
	if !ok || len(rest) > 64 {
		return false
	}
	raw, ok := base58(rest)
	if !ok || len(raw) != 35 || raw[0] != 0x80 || raw[1] != 0x24 {
		return false
	}
	x, _ := elliptic.UnmarshalCompressed(elliptic.P256(), raw[2:]) //nolint:staticcheck // a pure point check
	return x != nil
}

func base58(s string) ([]byte, bool) {
	b, err := enc.DecodeBase58(s)
	return b, err == nil
}

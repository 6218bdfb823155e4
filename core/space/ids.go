package space

import (
	"crypto/elliptic"
	"crypto/sha256"
	"encoding/base32"
	"encoding/base64"
	"encoding/hex"
	"math/big"
	"strings"
)

// These helpers name the encodings 03 uses. They follow core/enc's and
// core/identity's contracts (brief §Core package map).

var b32 = base32.NewEncoding("abcdefghijklmnopqrstuvwxyz234567").WithPadding(base32.NoPadding)

// cidOf is "b" + lower-case base32 (no padding) of SHA-256(b) (02; 03 §1.2).
func cidOf(b []byte) string {
	h := sha256.Sum256(b)
	return "b" + b32.EncodeToString(h[:])
}

// isSpaceID says whether s is a space id in its one spelling: "b" and 52
// lower-case base32 characters that decode to 32 bytes with zero padding
// bits (03 §1.2 rule 8).
func isSpaceID(s string) bool {
	if len(s) != 53 || s[0] != 'b' {
		return false
	}
	raw, err := b32.DecodeString(s[1:])
	return err == nil && len(raw) == 32 && b32.EncodeToString(raw) == s[1:]
}

// hex40 is the first 40 hex characters of SHA-256 of the UTF-8 string.
func hex40(s string) string {
	h := sha256.Sum256([]byte(s))
	return hex.EncodeToString(h[:20])
}

// b64urlLen says whether s is strict base64url (no padding) of exactly n
// bytes.
func b64urlLen(s string, n int) bool {
	raw, err := base64.RawURLEncoding.Strict().DecodeString(s)
	return err == nil && len(raw) == n && !strings.ContainsAny(s, "=")
}

const b58Alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"

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

// base58 decodes base58btc; leading '1's are zero bytes.
func base58(s string) ([]byte, bool) {
	n := new(big.Int)
	for i := 0; i < len(s); i++ {
		d := strings.IndexByte(b58Alphabet, s[i])
		if d < 0 {
			return nil, false
		}
		n.Mul(n, big.NewInt(58)).Add(n, big.NewInt(int64(d)))
	}
	zeros := len(s) - len(strings.TrimLeft(s, "1"))
	return append(make([]byte, zeros), n.Bytes()...), true
}

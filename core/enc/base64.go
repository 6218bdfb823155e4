package enc

import (
	"encoding/base64"
	"fmt"
)

// b64 is RFC 4648 §5 base64url without padding; Strict refuses non-zero
// trailing bits.
var b64 = base64.RawURLEncoding.Strict()

// B64URL encodes b as base64url without padding.
func B64URL(b []byte) string { return b64.EncodeToString(b) }

// DecodeB64URL decodes canonical base64url: only A–Z a–z 0–9 - _, no '=',
// no '+' or '/', no whitespace, a length that is not 1 mod 4, and zero
// trailing bits. So B64URL(DecodeB64URL(s)) == s for every s it accepts.
func DecodeB64URL(s string) ([]byte, error) {
	for i := 0; i < len(s); i++ {
		if !isB64URLChar(s[i]) {
			return nil, fmt.Errorf("%w: base64url: byte 0x%02x at %d", ErrEncoding, s[i], i)
		}
	}
	b, err := b64.DecodeString(s)
	if err != nil {
		return nil, fmt.Errorf("%w: base64url: %v", ErrEncoding, err)
	}
	return b, nil
}

// DecodeB64URLLen decodes canonical base64url that must hold exactly n bytes.
func DecodeB64URLLen(s string, n int) ([]byte, error) {
	if len(s) != b64.EncodedLen(n) {
		return nil, fmt.Errorf("%w: base64url: %d characters, want %d for %d bytes", ErrEncoding, len(s), b64.EncodedLen(n), n)
	}
	return DecodeB64URL(s)
}

func isB64URLChar(c byte) bool {
	return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '_'
}

package enc

import (
	"encoding/base32"
	"fmt"
)

// b32 is RFC 4648 base32 in lower case without padding. encoding/base32 has
// no strict mode, so DecodeBase32 checks trailing bits by re-encoding.
var b32 = base32.NewEncoding(base32Alphabet).WithPadding(base32.NoPadding)

// Base32 encodes b as lower-case RFC 4648 base32 without padding.
func Base32(b []byte) string { return b32.EncodeToString(b) }

// DecodeBase32 decodes canonical lower-case base32: only a–z and 2–7, no
// padding or whitespace, a length that a byte string can have, zero
// trailing bits. Our choice: upper case is refused (Weave accepted either),
// so each byte string has one spelling.
func DecodeBase32(s string) ([]byte, error) {
	for i := 0; i < len(s); i++ {
		if c := s[i]; !(c >= 'a' && c <= 'z' || c >= '2' && c <= '7') {
			return nil, fmt.Errorf("%w: base32: byte 0x%02x at %d", ErrEncoding, c, i)
		}
	}
	b, err := b32.DecodeString(s)
	if err != nil {
		return nil, fmt.Errorf("%w: base32: %v", ErrEncoding, err)
	}
	if b32.EncodeToString(b) != s { // non-zero trailing bits
		return nil, fmt.Errorf("%w: base32: non-zero trailing bits", ErrEncoding)
	}
	return b, nil
}

package enc

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
)

// CIDLen is the length of a CID: "b" and 52 base32 characters.
const CIDLen = 53

// CID returns minca's content id of data (02 §3.2): "b" followed by the
// lower-case base32 of SHA-256(data). It is not a multiformats CID, only
// spelled like one.
func CID(data []byte) string {
	sum := sha256.Sum256(data)
	return CIDOfDigest(sum)
}

// CIDOfDigest spells a SHA-256 digest as a CID.
func CIDOfDigest(sum [32]byte) string { return "b" + Base32(sum[:]) }

// ParseCID returns the digest a CID names. It accepts only the spelling
// CID writes: 53 characters, a leading 'b', lower-case base32, and a last
// character whose four unused bits are zero. Our choice: upper case is
// refused (Weave accepted it), since ids are compared as strings.
func ParseCID(s string) ([32]byte, error) {
	var sum [32]byte
	if len(s) != CIDLen || s[0] != 'b' {
		return sum, fmt.Errorf("%w: cid %q: want 'b' and 52 base32 characters", ErrEncoding, s)
	}
	// Decoded in place, without allocating: it is read for every id of
	// every version taken in. 52 characters are 260 bits: 32 bytes and 4
	// unused bits, which must be zero.
	var acc uint32
	bits, n := 0, 0
	for i := 1; i < len(s); i++ {
		d, ok := base32Digit(s[i])
		if !ok {
			return [32]byte{}, fmt.Errorf("cid %q: %w: base32: byte 0x%02x at %d", s, ErrEncoding, s[i], i-1)
		}
		acc, bits = acc<<5|uint32(d), bits+5
		if bits >= 8 {
			bits -= 8
			sum[n], n = byte(acc>>bits), n+1
		}
	}
	if acc&(1<<bits-1) != 0 {
		return [32]byte{}, fmt.Errorf("cid %q: %w: base32: non-zero trailing bits", s, ErrEncoding)
	}
	return sum, nil
}

// base32Digit is the value of one character of lower-case base32.
func base32Digit(c byte) (byte, bool) {
	switch {
	case c >= 'a' && c <= 'z':
		return c - 'a', true
	case c >= '2' && c <= '7':
		return c - '2' + 26, true
	}
	return 0, false
}

// IsCID reports whether s is a CID as ParseCID accepts it.
func IsCID(s string) bool {
	_, err := ParseCID(s)
	return err == nil
}

// Hex40 returns the first 20 bytes of SHA-256(UTF-8(s)) as 40 lower-case
// hex characters: the hash in derived record keys such as
// "assign:"+Hex40(did+"|"+role) (02 §4.1, 03 §3.1).
func Hex40(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:20])
}

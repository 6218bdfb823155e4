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
// character whose one unused bit is zero. Our choice: upper case is
// refused (Weave accepted it), since ids are compared as strings.
func ParseCID(s string) ([32]byte, error) {
	var sum [32]byte
	if len(s) != CIDLen || s[0] != 'b' {
		return sum, fmt.Errorf("%w: cid %q: want 'b' and 52 base32 characters", ErrEncoding, s)
	}
	b, err := DecodeBase32(s[1:])
	if err != nil {
		return sum, fmt.Errorf("cid %q: %w", s, err)
	}
	copy(sum[:], b)
	return sum, nil
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

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
func CIDOfDigest(sum [32]byte) string {
	// Written in place, 5 bytes (8 characters) at a time: one allocation,
	// the string; every version taken in has its id and body hash spelled.
	var b [CIDLen]byte
	b[0] = 'b'
	for g := range 6 {
		in := sum[5*g : 5*g+5]
		x := uint64(in[0])<<32 | uint64(in[1])<<24 | uint64(in[2])<<16 | uint64(in[3])<<8 | uint64(in[4])
		for j := 8; j > 0; j-- {
			b[8*g+j] = base32Alphabet[x&31]
			x >>= 5
		}
	}
	x := uint32(sum[30])<<12 | uint32(sum[31])<<4 // 16 bits and 4 zero bits
	b[49], b[50], b[51], b[52] = base32Alphabet[x>>15&31], base32Alphabet[x>>10&31], base32Alphabet[x>>5&31], base32Alphabet[x&31]
	return string(b[:])
}

// base32Alphabet is lower-case RFC 4648 base32, as b32 writes it.
const base32Alphabet = "abcdefghijklmnopqrstuvwxyz234567"

// ParseCID returns the digest a CID names. It accepts only the spelling
// CID writes: 53 characters, a leading 'b', lower-case base32, and a last
// character whose four unused bits are zero. Our choice: upper case is
// refused (Weave accepted it), since ids are compared as strings.
func ParseCID(s string) ([32]byte, error) {
	var sum [32]byte
	if len(s) != CIDLen || s[0] != 'b' {
		return sum, fmt.Errorf("%w: cid %q: want 'b' and 52 base32 characters", ErrEncoding, s)
	}
	// Decoded in place, without allocating, 8 characters (40 bits, 5
	// bytes) at a time through a table: it is read for every id of every
	// version taken in. 52 characters are 260 bits: 32 bytes and 4 unused
	// bits, which must be zero.
	var bad byte // any digit's invalid bit
	for g := range 6 {
		var acc uint64
		for _, c := range []byte(s[1+8*g : 9+8*g]) {
			d := base32Val[c]
			bad |= d
			acc = acc<<5 | uint64(d)
		}
		o := sum[5*g : 5*g+5]
		o[0], o[1], o[2], o[3], o[4] = byte(acc>>32), byte(acc>>24), byte(acc>>16), byte(acc>>8), byte(acc)
	}
	var acc uint32
	for _, c := range []byte(s[49:]) {
		d := base32Val[c]
		bad |= d
		acc = acc<<5 | uint32(d)
	}
	if bad&base32Bad != 0 {
		return [32]byte{}, badCID(s)
	}
	if acc&0xF != 0 {
		return [32]byte{}, fmt.Errorf("cid %q: %w: base32: non-zero trailing bits", s, ErrEncoding)
	}
	sum[30], sum[31] = byte(acc>>12), byte(acc>>4)
	return sum, nil
}

// badCID names the first character of s that is not lower-case base32.
func badCID(s string) error {
	i := 1
	for i < len(s) && base32Val[s[i]] != base32Bad {
		i++
	}
	return fmt.Errorf("cid %q: %w: base32: byte 0x%02x at %d", s, ErrEncoding, s[i], i-1)
}

// base32Bad marks a byte that is not a digit of lower-case base32 in
// base32Val; a digit's value fits in the 5 bits below it.
const base32Bad = 0x80

// base32Val is the value of each byte as a digit of lower-case base32, or
// base32Bad.
var base32Val = func() (t [256]byte) {
	for i := range t {
		t[i] = base32Bad
	}
	for c := byte('a'); c <= 'z'; c++ {
		t[c] = c - 'a'
	}
	for c := byte('2'); c <= '7'; c++ {
		t[c] = c - '2' + 26
	}
	return t
}()

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

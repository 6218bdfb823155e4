package negentropy

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"math/bits"
)

// FingerprintSize is the size of a range's fingerprint (05 §3.3).
const FingerprintSize = 16

// Fingerprint is what a Fingerprint range carries: a digest of the range's
// ids and their count (05 §3.3).
type Fingerprint [FingerprintSize]byte

// String is the fingerprint in lower-case hex.
func (f Fingerprint) String() string { return hex.EncodeToString(f[:]) }

// Sum is a sum of ids, each read as a little-endian 256-bit unsigned
// integer, modulo 2^256 (05 §3.3): four 64-bit words, least significant
// first. Sums add and subtract, so a store can keep one running sum per
// collection (05 §10) and a sorted set can keep prefix sums.
type Sum [4]uint64

// SumOf is the sum of the one id.
func SumOf(id ID) Sum {
	return Sum{
		binary.LittleEndian.Uint64(id[0:]),
		binary.LittleEndian.Uint64(id[8:]),
		binary.LittleEndian.Uint64(id[16:]),
		binary.LittleEndian.Uint64(id[24:]),
	}
}

// SumIDs is the sum of the ids.
func SumIDs(ids []ID) Sum {
	var s Sum
	for _, id := range ids {
		s = s.Add(SumOf(id))
	}
	return s
}

// Add is s + t mod 2^256.
func (s Sum) Add(t Sum) Sum {
	var c uint64
	s[0], c = bits.Add64(s[0], t[0], 0)
	s[1], c = bits.Add64(s[1], t[1], c)
	s[2], c = bits.Add64(s[2], t[2], c)
	s[3], _ = bits.Add64(s[3], t[3], c)
	return s
}

// Sub is s − t mod 2^256.
func (s Sum) Sub(t Sum) Sum {
	var b uint64
	s[0], b = bits.Sub64(s[0], t[0], 0)
	s[1], b = bits.Sub64(s[1], t[1], b)
	s[2], b = bits.Sub64(s[2], t[2], b)
	s[3], _ = bits.Sub64(s[3], t[3], b)
	return s
}

// Bytes is the sum as 32 bytes, little-endian.
func (s Sum) Bytes() [32]byte {
	var out [32]byte
	for i, w := range s {
		binary.LittleEndian.PutUint64(out[8*i:], w)
	}
	return out
}

// Fingerprint of a range whose ids sum to s and which holds count items:
// SHA-256 of the sum (32 bytes, little-endian) and varint(count), first 16
// bytes (05 §3.3).
func (s Sum) Fingerprint(count int) Fingerprint {
	var buf [32 + 10]byte
	for i, w := range s {
		binary.LittleEndian.PutUint64(buf[8*i:], w)
	}
	in := appendVarint(buf[:32], uint64(count))
	digest := sha256.Sum256(in)
	return Fingerprint(digest[:FingerprintSize])
}

// FingerprintOf is the fingerprint of a set of ids.
func FingerprintOf(ids []ID) Fingerprint {
	return SumIDs(ids).Fingerprint(len(ids))
}

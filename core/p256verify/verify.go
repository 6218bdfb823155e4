package p256verify

import (
	"crypto/elliptic"
	"math/big"

	"filippo.io/nistec"
)

// order is n, the order of P-256's base point.
var order = elliptic.P256().Params().N

// Verify reports whether (r, s) is a valid signature of digest by the
// table's key, answering exactly as crypto/ecdsa.Verify does: r and s must
// lie in 1…n−1; the digest is read as crypto/ecdsa reads it (its leftmost 32
// bytes as a big-endian integer, reduced mod n); and the x-coordinate of
// R = (e/s)·G + (r/s)·Q, reduced mod n, must equal r, R not being infinity.
func (t *Table) Verify(digest []byte, r, s *big.Int) bool {
	if !inRange(r) || !inRange(s) {
		return false
	}
	w := new(big.Int).ModInverse(s, order) // s ≠ 0 and n is prime: it exists
	u1 := digestInt(digest)
	u1.Mul(u1, w).Mod(u1, order)
	u2 := w.Mul(r, w).Mod(w, order)
	var b1, b2 [32]byte
	u1.FillBytes(b1[:])
	u2.FillBytes(b2[:])
	p, err := nistec.NewP256Point().ScalarBaseMult(b1[:])
	if err != nil {
		return false
	}
	p.Add(p, t.mult(&b2))
	x, err := p.BytesX() // refuses infinity
	if err != nil {
		return false
	}
	v := new(big.Int).SetBytes(x)
	if v.Cmp(order) >= 0 { // x < p < 2n: one subtraction reduces it
		v.Sub(v, order)
	}
	return v.Cmp(r) == 0
}

// inRange reports 1 ≤ x ≤ n−1.
func inRange(x *big.Int) bool {
	return x != nil && x.Sign() > 0 && x.Cmp(order) < 0
}

// digestInt is crypto/ecdsa's hashToNat for P-256: the leftmost 32 bytes of
// the digest (all of it if shorter) as a big-endian integer, mod n. n has
// exactly 256 bits, so no bits are shifted off, and the value is below
// 2^256 < 2n, so one subtraction reduces it.
func digestInt(digest []byte) *big.Int {
	if len(digest) > scalarBits/8 {
		digest = digest[:scalarBits/8]
	}
	e := new(big.Int).SetBytes(digest)
	if e.Cmp(order) >= 0 {
		e.Sub(e, order)
	}
	return e
}

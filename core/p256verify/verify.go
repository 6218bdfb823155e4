package p256verify

import (
	"crypto/elliptic"
	"math/big"
)

var (
	// order is n, the order of P-256's base point.
	order = elliptic.P256().Params().N
	// fieldP is p, the field's modulus.
	fieldP = elliptic.P256().Params().P
)

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
	p := t.sum(generator(), &b1, &b2)
	return xModNIs(&p, r)
}

// xModNIs reports whether p is not infinity and x(p) mod n = r, for
// 0 < r < n, without leaving Jacobian form: x(p) = X/Z², and x(p) < p < 2n,
// so x(p) mod n = r exactly when X = r·Z² or, if r + n < p, X = (r + n)·Z².
func xModNIs(p *jacobian, r *big.Int) bool {
	if p.isInfinity() {
		return false
	}
	var z2 fe
	feSqr(&z2, &p.z)
	if xIs(p, &z2, r) {
		return true
	}
	rn := new(big.Int).Add(r, order)
	return rn.Cmp(fieldP) < 0 && xIs(p, &z2, rn)
}

// xIs reports X = v·Z² for 0 ≤ v < p, z2 being Z².
func xIs(p *jacobian, z2 *fe, v *big.Int) bool {
	var b [32]byte
	var e fe
	if !feSetBytes(&e, (*[32]byte)(v.FillBytes(b[:]))) {
		return false
	}
	feMul(&e, &e, z2)
	return e == p.x
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

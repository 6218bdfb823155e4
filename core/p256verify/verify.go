package p256verify

import (
	"crypto/elliptic"
	"math/big"
	"math/bits"
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
	w := scalarOfInt(new(big.Int).ModInverse(s, order)) // s ≠ 0 and n is prime: it exists
	wR := ordMul(&w, &ordRR)                            // w·2²⁵⁶ mod n, so that ordMul gives products
	e, rs := digestScalar(digest), scalarOfInt(r)
	u1, u2 := ordMul(&e, &wR), ordMul(&rs, &wR)
	p := t.sum(generator(), &u1, &u2)
	return xModNIs(&p, &rs)
}

// xModNIs reports whether p is not infinity and x(p) mod n = r, for
// 0 < r < n, without leaving Jacobian form: x(p) = X/Z², and x(p) < p < 2n,
// so x(p) mod n = r exactly when X = r·Z² or, if r + n < p, X = (r + n)·Z².
func xModNIs(p *jacobian, r *scalar) bool {
	if p.isInfinity() {
		return false
	}
	var z2 fe
	feSqr(&z2, &p.z)
	if xIs(p, &z2, r) {
		return true
	}
	var rn scalar
	var c uint64
	rn[0], c = bits.Add64(r[0], ordN[0], 0)
	rn[1], c = bits.Add64(r[1], ordN[1], c)
	rn[2], c = bits.Add64(r[2], ordN[2], c)
	rn[3], c = bits.Add64(r[3], ordN[3], c)
	return c == 0 && xIs(p, &z2, &rn)
}

// xIs reports X = v·Z² for v < p (false for v ≥ p), z2 being Z².
func xIs(p *jacobian, z2 *fe, v *scalar) bool {
	var e fe
	if !feSetLimbs(&e, (*[4]uint64)(v)) {
		return false
	}
	feMul(&e, &e, z2)
	return e == p.x
}

// inRange reports 1 ≤ x ≤ n−1.
func inRange(x *big.Int) bool {
	return x != nil && x.Sign() > 0 && x.Cmp(order) < 0
}

// digestScalar is crypto/ecdsa's hashToNat for P-256: the leftmost 32
// bytes of the digest (all of it if shorter) as a big-endian integer, mod n.
// n has exactly 256 bits, so no bits are shifted off, and the value is
// below 2²⁵⁶ < 2n, so one subtraction reduces it.
func digestScalar(digest []byte) scalar {
	if len(digest) > scalarBits/8 {
		digest = digest[:scalarBits/8]
	}
	return ordReduceOnce(scalarOf(digest), 0)
}

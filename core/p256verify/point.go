package p256verify

import "errors"

// jacobian is a point (X:Y:Z) standing for (X/Z², Y/Z³); Z = 0 is the
// point at infinity, as is the zero value.
type jacobian struct{ x, y, z fe }

// affine is a point (x, y) other than infinity: the form tables hold.
type affine struct{ x, y fe }

// errInfinity means a table's point came out at infinity, which no valid
// key's table can (its multiples below 2²⁵⁶ < 2n are never 0 mod n).
var errInfinity = errors.New("p256verify: table point at infinity")

// isInfinity reports whether p is the point at infinity.
func (p *jacobian) isInfinity() bool { return feIsZero(&p.z) }

// setAffine sets p = q.
func (p *jacobian) setAffine(q *affine) { p.x, p.y, p.z = q.x, q.y, feOne }

// double sets p = 2p (dbl-2001-b, a = −3: 3M + 5S). Infinity stays
// infinity (Z₃ = 2·Y·Z); P-256 has no point of order 2.
func (p *jacobian) double() {
	var delta, gamma, beta, alpha, t fe
	feSqr(&delta, &p.z)
	feSqr(&gamma, &p.y)
	feMul(&beta, &p.x, &gamma)
	feSub(&t, &p.x, &delta)
	feAdd(&alpha, &p.x, &delta)
	feMul(&alpha, &alpha, &t)
	feAdd(&t, &alpha, &alpha)
	feAdd(&alpha, &alpha, &t) // 3·(X − δ)·(X + δ)
	feAdd(&p.z, &p.y, &p.z)
	feSqr(&p.z, &p.z)
	feSub(&p.z, &p.z, &gamma)
	feSub(&p.z, &p.z, &delta) // (Y + Z)² − γ − δ
	feAdd(&beta, &beta, &beta)
	feAdd(&beta, &beta, &beta) // 4β
	feSqr(&p.x, &alpha)
	feSub(&p.x, &p.x, &beta)
	feSub(&p.x, &p.x, &beta) // α² − 8β
	feSub(&t, &beta, &p.x)
	feMul(&t, &t, &alpha)
	feSqr(&gamma, &gamma)
	feAdd(&gamma, &gamma, &gamma)
	feAdd(&gamma, &gamma, &gamma)
	feAdd(&gamma, &gamma, &gamma) // 8γ²
	feSub(&p.y, &t, &gamma)       // α·(4β − X₃) − 8γ²
}

// addAffine sets p = p + q (madd-2004-hmv: 8M + 3S), handling every
// special case in variable time: p at infinity, p = q (a doubling) and
// p = −q (infinity).
func (p *jacobian) addAffine(q *affine) {
	if p.isInfinity() {
		p.setAffine(q)
		return
	}
	var z1z1, u2, s2, h, r fe
	feSqr(&z1z1, &p.z)
	feMul(&u2, &q.x, &z1z1)
	feMul(&s2, &p.z, &z1z1)
	feMul(&s2, &s2, &q.y)
	feSub(&h, &u2, &p.x)
	feSub(&r, &s2, &p.y)
	if feIsZero(&h) {
		if feIsZero(&r) {
			p.double()
		} else {
			*p = jacobian{}
		}
		return
	}
	var hh, hhh, v fe
	feSqr(&hh, &h)
	feMul(&hhh, &h, &hh)
	feMul(&v, &p.x, &hh)
	feMul(&p.z, &p.z, &h)
	feSqr(&p.x, &r)
	feSub(&p.x, &p.x, &hhh)
	feSub(&p.x, &p.x, &v)
	feSub(&p.x, &p.x, &v) // r² − H³ − 2V
	feSub(&v, &v, &p.x)
	feMul(&v, &v, &r)
	feMul(&hhh, &hhh, &p.y)
	feSub(&p.y, &v, &hhh) // r·(V − X₃) − Y₁·H³
}

// normalize sets out[i] to ps[i] in affine form, with one inversion for
// all (Montgomery's trick). It refuses a point at infinity.
func normalize(out []affine, ps []jacobian) error {
	prods := make([]fe, len(ps)) // prods[i] = z₀·…·zᵢ
	acc := feOne
	for i := range ps {
		if ps[i].isInfinity() {
			return errInfinity
		}
		feMul(&acc, &acc, &ps[i].z)
		prods[i] = acc
	}
	var inv, zinv, zinv2 fe
	feInvert(&inv, &acc) // (z₀·…·zₙ₋₁)⁻¹
	for i := len(ps) - 1; i >= 0; i-- {
		if i > 0 {
			feMul(&zinv, &inv, &prods[i-1])
			feMul(&inv, &inv, &ps[i].z)
		} else {
			zinv = inv
		}
		feSqr(&zinv2, &zinv)
		feMul(&out[i].x, &ps[i].x, &zinv2)
		feMul(&zinv2, &zinv2, &zinv)
		feMul(&out[i].y, &ps[i].y, &zinv2)
	}
	return nil
}

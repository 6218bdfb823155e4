package p256verify

import "math/bits"

// fe is an element of P-256's base field GF(p), p = 2²⁵⁶ − 2²²⁴ + 2¹⁹² +
// 2⁹⁶ − 1, in Montgomery form (x·2²⁵⁶ mod p), four little-endian 64-bit
// limbs, always fully reduced (< p), so equal elements have equal limbs.
// Pure Go: nistec keeps its own field arithmetic unexported.
type fe [4]uint64

// p's limbs, little-endian (the third is zero).
const (
	p0 = 0xffffffffffffffff
	p1 = 0x00000000ffffffff
	p3 = 0xffffffff00000001
)

var (
	feOne = fe{0x0000000000000001, 0xffffffff00000000, 0xffffffffffffffff, 0x00000000fffffffe} // 2²⁵⁶ mod p
	feRR  = fe{0x0000000000000003, 0xfffffffbffffffff, 0xfffffffffffffffe, 0x00000004fffffffd} // 2⁵¹² mod p
)

// feMul sets z = x·y·2⁻²⁵⁶ mod p (Montgomery multiplication): the full
// 512-bit product, its low half reduced, its high half added. z may alias x
// or y.
func feMul(z, x, y *fe) {
	t0, t1, t2, t3, t4 := mulLimb(x, y[0])
	m0, m1, m2, m3, m4 := mulLimb(x, y[1])
	t1, t2, t3, t4, t5 := addRow(t1, t2, t3, t4, m0, m1, m2, m3, m4)
	m0, m1, m2, m3, m4 = mulLimb(x, y[2])
	t2, t3, t4, t5, t6 := addRow(t2, t3, t4, t5, m0, m1, m2, m3, m4)
	m0, m1, m2, m3, m4 = mulLimb(x, y[3])
	t3, t4, t5, t6, t7 := addRow(t3, t4, t5, t6, m0, m1, m2, m3, m4)
	// Montgomery reduction, written out (a call costs measurably here):
	// the low half L becomes (L + M·p)/2²⁵⁶ ≤ p by four montSteps; the
	// high half is below p (a, b < p), so the sum is below 2p.
	t0, t1, t2, t3 = montStep(t0, t1, t2, t3)
	t0, t1, t2, t3 = montStep(t0, t1, t2, t3)
	t0, t1, t2, t3 = montStep(t0, t1, t2, t3)
	t0, t1, t2, t3 = montStep(t0, t1, t2, t3)
	var cc, b uint64
	t0, cc = bits.Add64(t0, t4, 0)
	t1, cc = bits.Add64(t1, t5, cc)
	t2, cc = bits.Add64(t2, t6, cc)
	t3, cc = bits.Add64(t3, t7, cc)
	d0, b := bits.Sub64(t0, p0, 0)
	d1, b := bits.Sub64(t1, p1, b)
	d2, b := bits.Sub64(t2, 0, b)
	d3, b := bits.Sub64(t3, p3, b)
	_, b = bits.Sub64(cc, 0, b)
	keep := -b // all ones when the sum is below p
	z[0] = t0&keep | d0&^keep
	z[1] = t1&keep | d1&^keep
	z[2] = t2&keep | d2&^keep
	z[3] = t3&keep | d3&^keep
}

// feSqr sets z = x²·2⁻²⁵⁶ mod p: the products xᵢ·xⱼ (i < j) once, doubled,
// plus the squares xᵢ².
func feSqr(z, x *fe) {
	var c, h, l uint64
	// x₀·(x₁, x₂, x₃) at limbs 1…4
	h, t1 := bits.Mul64(x[0], x[1])
	t3, l := bits.Mul64(x[0], x[2])
	t2, c := bits.Add64(l, h, 0)
	t4, l := bits.Mul64(x[0], x[3])
	t3, c = bits.Add64(l, t3, c)
	t4 += c
	// x₁·(x₂, x₃) at limbs 3…5
	h, l = bits.Mul64(x[1], x[2])
	t5, l2 := bits.Mul64(x[1], x[3])
	l2, c = bits.Add64(l2, h, 0)
	t5 += c
	t3, c = bits.Add64(t3, l, 0)
	t4, c = bits.Add64(t4, l2, c)
	t5 += c
	// x₂·x₃ at limbs 5, 6
	t6, l := bits.Mul64(x[2], x[3])
	t5, c = bits.Add64(t5, l, 0)
	t6 += c
	// doubled
	t7 := t6 >> 63
	t6 = t6<<1 | t5>>63
	t5 = t5<<1 | t4>>63
	t4 = t4<<1 | t3>>63
	t3 = t3<<1 | t2>>63
	t2 = t2<<1 | t1>>63
	t1 <<= 1
	// plus the squares
	h, t0 := bits.Mul64(x[0], x[0])
	t1, c = bits.Add64(t1, h, 0)
	h, l = bits.Mul64(x[1], x[1])
	t2, c = bits.Add64(t2, l, c)
	t3, c = bits.Add64(t3, h, c)
	h, l = bits.Mul64(x[2], x[2])
	t4, c = bits.Add64(t4, l, c)
	t5, c = bits.Add64(t5, h, c)
	h, l = bits.Mul64(x[3], x[3])
	t6, c = bits.Add64(t6, l, c)
	t7, _ = bits.Add64(t7, h, c)
	// Montgomery reduction, written out (a call costs measurably here):
	// the low half L becomes (L + M·p)/2²⁵⁶ ≤ p by four montSteps; the
	// high half is below p (a, b < p), so the sum is below 2p.
	t0, t1, t2, t3 = montStep(t0, t1, t2, t3)
	t0, t1, t2, t3 = montStep(t0, t1, t2, t3)
	t0, t1, t2, t3 = montStep(t0, t1, t2, t3)
	t0, t1, t2, t3 = montStep(t0, t1, t2, t3)
	var cc, b uint64
	t0, cc = bits.Add64(t0, t4, 0)
	t1, cc = bits.Add64(t1, t5, cc)
	t2, cc = bits.Add64(t2, t6, cc)
	t3, cc = bits.Add64(t3, t7, cc)
	d0, b := bits.Sub64(t0, p0, 0)
	d1, b := bits.Sub64(t1, p1, b)
	d2, b := bits.Sub64(t2, 0, b)
	d3, b := bits.Sub64(t3, p3, b)
	_, b = bits.Sub64(cc, 0, b)
	keep := -b // all ones when the sum is below p
	z[0] = t0&keep | d0&^keep
	z[1] = t1&keep | d1&^keep
	z[2] = t2&keep | d2&^keep
	z[3] = t3&keep | d3&^keep
}

// mulLimb returns x·y as five limbs.
func mulLimb(x *fe, y uint64) (r0, r1, r2, r3, r4 uint64) {
	var h, l, c uint64
	h, r0 = bits.Mul64(x[0], y)
	r4, l = bits.Mul64(x[1], y)
	r1, c = bits.Add64(l, h, 0)
	h, l = bits.Mul64(x[2], y)
	r2, c = bits.Add64(l, r4, c)
	r4, l = bits.Mul64(x[3], y)
	r3, c = bits.Add64(l, h, c)
	r4 += c
	return
}

// addRow returns (a₀…a₃) + (m₀…m₄) as five limbs; the callers' sums fit.
func addRow(a0, a1, a2, a3, m0, m1, m2, m3, m4 uint64) (r0, r1, r2, r3, r4 uint64) {
	var c uint64
	r0, c = bits.Add64(a0, m0, 0)
	r1, c = bits.Add64(a1, m1, c)
	r2, c = bits.Add64(a2, m2, c)
	r3, c = bits.Add64(a3, m3, c)
	r4 = m4 + c
	return
}

// montStep returns (a + m·p)/2⁶⁴ for a 4-limb a < 2²⁵⁶ and m = a₀
// (−p⁻¹ ≡ 1 mod 2⁶⁴), which fits 4 limbs. With a₀ + m·p₀ = m·2⁶⁴ and
// m·p₁ + m = m·2³², it needs one multiplication (by p₃).
func montStep(a0, a1, a2, a3 uint64) (r0, r1, r2, r3 uint64) {
	var c uint64
	r0, c = bits.Add64(a1, a0<<32, 0)
	r1, c = bits.Add64(a2, a0>>32, c)
	h, l := bits.Mul64(a0, p3)
	r2, c = bits.Add64(a3, l, c)
	r3 = h + c
	return
}

// feReduceOnce sets z to t mod p for t = (t0…t3, carry t4) < 2p. It
// selects with masks, not a branch: t ≥ p about half the time, so a branch
// would be mispredicted as often.
func feReduceOnce(z *fe, t0, t1, t2, t3, t4 uint64) {
	d0, b := bits.Sub64(t0, p0, 0)
	d1, b := bits.Sub64(t1, p1, b)
	d2, b := bits.Sub64(t2, 0, b)
	d3, b := bits.Sub64(t3, p3, b)
	_, b = bits.Sub64(t4, 0, b)
	keep := -b // all ones when t < p
	z[0] = t0&keep | d0&^keep
	z[1] = t1&keep | d1&^keep
	z[2] = t2&keep | d2&^keep
	z[3] = t3&keep | d3&^keep
}

// feAdd sets z = x + y mod p.
func feAdd(z, x, y *fe) {
	t0, c := bits.Add64(x[0], y[0], 0)
	t1, c := bits.Add64(x[1], y[1], c)
	t2, c := bits.Add64(x[2], y[2], c)
	t3, c := bits.Add64(x[3], y[3], c)
	feReduceOnce(z, t0, t1, t2, t3, c)
}

// feSub sets z = x − y mod p: p is added back under a mask when the
// subtraction borrows.
func feSub(z, x, y *fe) {
	t0, b := bits.Sub64(x[0], y[0], 0)
	t1, b := bits.Sub64(x[1], y[1], b)
	t2, b := bits.Sub64(x[2], y[2], b)
	t3, b := bits.Sub64(x[3], y[3], b)
	mask := -b
	var c uint64
	z[0], c = bits.Add64(t0, p0&mask, 0)
	z[1], c = bits.Add64(t1, p1&mask, c)
	z[2], c = bits.Add64(t2, 0, c)
	z[3], _ = bits.Add64(t3, p3&mask, c)
}

// feIsZero reports x = 0.
func feIsZero(x *fe) bool { return x[0]|x[1]|x[2]|x[3] == 0 }

// feSetBytes sets z to the big-endian b in Montgomery form, refusing b ≥ p.
func feSetBytes(z *fe, b *[32]byte) bool {
	k := scalarOf(b[:])
	return feSetLimbs(z, (*[4]uint64)(&k))
}

// feSetLimbs sets z to the little-endian limbs t in Montgomery form,
// refusing t ≥ p.
func feSetLimbs(z *fe, t *[4]uint64) bool {
	_, b := bits.Sub64(t[0], p0, 0)
	_, b = bits.Sub64(t[1], p1, b)
	_, b = bits.Sub64(t[2], 0, b)
	_, b = bits.Sub64(t[3], p3, b)
	if b == 0 { // t ≥ p
		return false
	}
	feMul(z, (*fe)(t), &feRR)
	return true
}

// feBytes returns x out of Montgomery form, big-endian.
func feBytes(x *fe) [32]byte {
	var t fe
	feMul(&t, x, &fe{1})
	var b [32]byte
	for i := range t {
		o := 24 - 8*i
		for k := range 8 {
			b[o+k] = byte(t[i] >> (56 - 8*k))
		}
	}
	return b
}

// feInvert sets z = x⁻¹ = x^(p−2) (0 for 0), by square-and-multiply. It is
// for building tables, not for checks.
func feInvert(z, x *fe) {
	exp := [4]uint64{p0 - 2, p1, 0, p3} // p − 2, little-endian
	r := feOne
	for i := 255; i >= 0; i-- {
		feSqr(&r, &r)
		if exp[i/64]>>(i%64)&1 == 1 {
			feMul(&r, &r, x)
		}
	}
	*z = r
}

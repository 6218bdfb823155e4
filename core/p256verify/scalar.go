package p256verify

import (
	"encoding/binary"
	"math/big"
	"math/bits"
)

// scalar is an integer below 2²⁵⁶ as four little-endian 64-bit limbs; the
// scalars of a check (u₁, u₂) are reduced mod n.
type scalar [4]uint64

var (
	// ordN is n, the order of P-256's base point.
	ordN = scalar{0xf3b9cac2fc632551, 0xbce6faada7179e84, 0xffffffffffffffff, 0xffffffff00000000}
	// ordRR is 2⁵¹² mod n, which takes a scalar into Montgomery form.
	ordRR = scalar{0x83244c95be79eea2, 0x4699799c49bd6fa6, 0x2845b2392b6bec59, 0x66e12d94f3d95620}
)

// ordNInv is −n⁻¹ mod 2⁶⁴.
const ordNInv = 0xccd1c8aaee00bc4f

// scalarOf is the big-endian b (at most 32 bytes) as a scalar.
func scalarOf(b []byte) scalar {
	var buf [32]byte
	copy(buf[32-len(b):], b)
	var k scalar
	for i := range k {
		k[i] = binary.BigEndian.Uint64(buf[24-8*i : 32-8*i])
	}
	return k
}

// scalarOfInt is 0 ≤ x < 2²⁵⁶ as a scalar.
func scalarOfInt(x *big.Int) scalar {
	var buf [32]byte
	return scalarOf(x.FillBytes(buf[:]))
}

// ordReduceOnce returns k mod n for k < 2n (with its carry c).
func ordReduceOnce(k scalar, c uint64) scalar {
	var d scalar
	var b uint64
	d[0], b = bits.Sub64(k[0], ordN[0], 0)
	d[1], b = bits.Sub64(k[1], ordN[1], b)
	d[2], b = bits.Sub64(k[2], ordN[2], b)
	d[3], b = bits.Sub64(k[3], ordN[3], b)
	if _, b = bits.Sub64(c, 0, b); b != 0 {
		return k
	}
	return d
}

// ordMul returns x·y·2⁻²⁵⁶ mod n for x, y < n (Montgomery multiplication,
// one limb of y at a time).
func ordMul(x, y *scalar) scalar {
	var a0, a1, a2, a3, a4, c uint64
	for _, yi := range y {
		m0, m1, m2, m3, m4 := mulLimb((*fe)(x), yi)
		a0, c = bits.Add64(a0, m0, 0)
		a1, c = bits.Add64(a1, m1, c)
		a2, c = bits.Add64(a2, m2, c)
		a3, c = bits.Add64(a3, m3, c)
		a4, c = bits.Add64(a4, m4, c)
		a5 := c
		n0, n1, n2, n3, n4 := mulLimb((*fe)(&ordN), a0*ordNInv)
		_, c = bits.Add64(a0, n0, 0) // 0 by the choice of m
		a0, c = bits.Add64(a1, n1, c)
		a1, c = bits.Add64(a2, n2, c)
		a2, c = bits.Add64(a3, n3, c)
		a3, c = bits.Add64(a4, n4, c)
		a4 = a5 + c
	}
	return ordReduceOnce(scalar{a0, a1, a2, a3}, a4)
}

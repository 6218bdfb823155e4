package p256verify

import (
	"math/big"
	"math/bits"
	"testing"
)

// The scalar arithmetic mod n against math/big.

func TestScalarConstants(t *testing.T) {
	if got := limbsOf((*fe)(&ordN)); got.Cmp(order) != 0 {
		t.Errorf("ordN is %x", got)
	}
	rr := new(big.Int).Lsh(big.NewInt(1), 512)
	if got := limbsOf((*fe)(&ordRR)); got.Cmp(rr.Mod(rr, order)) != 0 {
		t.Errorf("ordRR is %x, want %x", got, rr)
	}
	if _, lo := bits.Mul64(ordN[0], ordNInv); lo != ^uint64(0) {
		t.Errorf("n₀·ordNInv = %x, want −1", lo)
	}
}

func TestOrdMul(t *testing.T) {
	one := big.NewInt(1)
	nm1 := new(big.Int).Sub(order, one)
	vs := []*big.Int{new(big.Int), one, nm1, new(big.Int).Sub(order, big.NewInt(2)),
		new(big.Int).Lsh(one, 255), new(big.Int).Sub(new(big.Int).Lsh(one, 192), one)}
	rnd := newSeeded(14)
	for range 200 {
		b := make([]byte, 32)
		rnd.Read(b)
		vs = append(vs, new(big.Int).Mod(new(big.Int).SetBytes(b), order))
	}
	rinv := new(big.Int).ModInverse(new(big.Int).Lsh(one, 256), order)
	for i, a := range vs {
		for _, b := range vs[max(0, i-10) : i+1] {
			x, y := scalarOfInt(a), scalarOfInt(b)
			got := ordMul(&x, &y)
			want := new(big.Int).Mul(a, b)
			want.Mul(want, rinv).Mod(want, order)
			if g := limbsOf((*fe)(&got)); g.Cmp(want) != 0 {
				t.Fatalf("%x·%x·R⁻¹: %x, want %x", a, b, g, want)
			}
			// the way Verify multiplies: x·(y·R)·R⁻¹ = x·y
			yR := ordMul(&y, &ordRR)
			got = ordMul(&x, &yR)
			want.Mul(a, b).Mod(want, order)
			if g := limbsOf((*fe)(&got)); g.Cmp(want) != 0 {
				t.Fatalf("%x·%x: %x, want %x", a, b, g, want)
			}
		}
	}
}

// TestDigestScalar: crypto/ecdsa's reading of a digest, for lengths 0…40
// and values around n.
func TestDigestScalar(t *testing.T) {
	rnd := newSeeded(15)
	digests := [][]byte{order.Bytes(), new(big.Int).Add(order, big.NewInt(5)).Bytes(),
		new(big.Int).Sub(order, big.NewInt(1)).Bytes(), bytesOf(0xff, 32), bytesOf(0xff, 40)}
	for n := range 41 {
		d := make([]byte, n)
		rnd.Read(d)
		digests = append(digests, d)
	}
	for _, d := range digests {
		want := new(big.Int).SetBytes(d[:min(len(d), 32)])
		want.Mod(want, order)
		got := digestScalar(d)
		if g := limbsOf((*fe)(&got)); g.Cmp(want) != 0 {
			t.Fatalf("digest %x: %x, want %x", d, g, want)
		}
	}
}

package p256verify

import (
	"crypto/elliptic"
	"math/big"
	"math/rand/v2"
	"testing"
)

// The field arithmetic against math/big, on random elements and on the
// edges: 0, 1, p−1, p−2, 2²⁵⁵ and elements with all-ones limbs.

var (
	montR  = new(big.Int).Lsh(big.NewInt(1), 256)
	fieldP = elliptic.P256().Params().P // p, the field's modulus
)

// feOf is v (0 ≤ v < p) in Montgomery form.
func feOf(t *testing.T, v *big.Int) fe {
	t.Helper()
	var b [32]byte
	var z fe
	if !feSetBytes(&z, (*[32]byte)(v.FillBytes(b[:]))) {
		t.Fatalf("feSetBytes refuses %x", v)
	}
	return z
}

// bigOf is x out of Montgomery form, checking it is fully reduced.
func bigOf(t *testing.T, x *fe) *big.Int {
	t.Helper()
	if raw := limbsOf(x); raw.Cmp(fieldP) >= 0 {
		t.Fatalf("limbs %x not reduced", raw)
	}
	b := feBytes(x)
	return new(big.Int).SetBytes(b[:])
}

// limbsOf is x's limbs as one integer.
func limbsOf(x *fe) *big.Int {
	raw := new(big.Int)
	for i := 3; i >= 0; i-- {
		raw.Lsh(raw, 64).Or(raw, new(big.Int).SetUint64(x[i]))
	}
	return raw
}

func fieldSamples() []*big.Int {
	one := big.NewInt(1)
	vs := []*big.Int{
		new(big.Int), one,
		new(big.Int).Sub(fieldP, one), new(big.Int).Sub(fieldP, big.NewInt(2)),
		new(big.Int).Lsh(one, 255), new(big.Int).Lsh(one, 224),
		new(big.Int).Sub(new(big.Int).Lsh(one, 192), one), // three all-ones limbs
		new(big.Int).Sub(new(big.Int).Lsh(one, 64), one),
		new(big.Int).Sub(montR, new(big.Int).Add(fieldP, one)), // R − p − 1
	}
	rnd := rand.New(rand.NewPCG(1, 2))
	for range 300 {
		var b [32]byte
		for i := range b {
			b[i] = byte(rnd.Uint32())
		}
		vs = append(vs, new(big.Int).Mod(new(big.Int).SetBytes(b[:]), fieldP))
	}
	return vs
}

type fieldOp struct {
	name string
	f    func(z, x, y *fe)
	big  func(x, y *big.Int) *big.Int
}

var fieldOps = []fieldOp{
	{"·", feMul, func(x, y *big.Int) *big.Int { return new(big.Int).Mul(x, y) }},
	{"+", feAdd, func(x, y *big.Int) *big.Int { return new(big.Int).Add(x, y) }},
	{"−", feSub, func(x, y *big.Int) *big.Int { return new(big.Int).Sub(x, y) }},
}

func TestFieldArithmetic(t *testing.T) {
	vs := fieldSamples()
	for i, a := range vs {
		fa := feOf(t, a)
		if got := bigOf(t, &fa); got.Cmp(a) != 0 {
			t.Fatalf("round trip of %x: %x", a, got)
		}
		var sq fe
		feSqr(&sq, &fa)
		want := new(big.Int).Mul(a, a)
		if got := bigOf(t, &sq); got.Cmp(want.Mod(want, fieldP)) != 0 {
			t.Fatalf("%x²: %x, want %x", a, got, want)
		}
		var inv fe
		feInvert(&inv, &fa)
		wantInv := new(big.Int).ModInverse(a, fieldP)
		if wantInv == nil { // a = 0
			wantInv = new(big.Int)
		}
		if got := bigOf(t, &inv); got.Cmp(wantInv) != 0 {
			t.Fatalf("1/%x: %x, want %x", a, got, wantInv)
		}
		for _, b := range vs[max(0, i-12) : i+1] { // each with its neighbours and itself
			for _, op := range fieldOps {
				for _, xy := range [][2]*big.Int{{a, b}, {b, a}} {
					var z fe
					fx, fy := feOf(t, xy[0]), feOf(t, xy[1])
					op.f(&z, &fx, &fy)
					want := op.big(xy[0], xy[1])
					want.Mod(want, fieldP)
					if got := bigOf(t, &z); got.Cmp(want) != 0 {
						t.Fatalf("%x %s %x: %x, want %x", xy[0], op.name, xy[1], got, want)
					}
				}
			}
		}
	}
}

func TestFieldConstants(t *testing.T) {
	if got := bigOf(t, &feOne); got.Cmp(big.NewInt(1)) != 0 {
		t.Errorf("feOne is %x", got)
	}
	rr := new(big.Int).Mul(montR, montR)
	if raw := limbsOf(&feRR); raw.Cmp(rr.Mod(rr, fieldP)) != 0 {
		t.Errorf("feRR is %x, want %x", raw, rr)
	}
	if raw := limbsOf(&fe{p0, p1, 0, p3}); raw.Cmp(fieldP) != 0 {
		t.Errorf("p's limbs make %x, want %x", raw, fieldP)
	}
	var b [32]byte
	var z fe
	if feSetBytes(&z, (*[32]byte)(fieldP.FillBytes(b[:]))) {
		t.Error("feSetBytes takes p")
	}
	for _, v := range []*big.Int{new(big.Int).Add(fieldP, big.NewInt(1)), new(big.Int).Sub(montR, big.NewInt(1))} {
		if feSetBytes(&z, (*[32]byte)(v.FillBytes(b[:]))) {
			t.Errorf("feSetBytes takes %x, above p", v)
		}
	}
}

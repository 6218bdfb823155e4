package p256verify

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"errors"
	"math/big"
	"testing"
	"unsafe"

	"filippo.io/nistec"
)

// TestXAtLeastN: a key whose x-coordinate lies in [n, p), signing the zero
// digest with r = s = x − n, so R = 0·G + 1·Q = Q and only reducing x(R)
// mod n makes it verify. crypto/ecdsa accepts it; so must the table.
func TestXAtLeastN(t *testing.T) {
	pub := keyWithXAboveN(t)
	tab, err := NewTable(pub)
	if err != nil {
		t.Fatal(err)
	}
	r := new(big.Int).Sub(pub.X, order)
	zero := make([]byte, 32)
	if !agree(t, tab, pub, zero, r, r, "x ≥ n") {
		t.Fatal("crypto/ecdsa refuses the constructed signature: the test is wrong")
	}
	agree(t, tab, pub, zero, pub.X, pub.X, "r = x, not reduced") // r ≥ n: refused
}

// keyWithXAboveN is the first point with x = n + i on the curve.
func keyWithXAboveN(t testing.TB) *ecdsa.PublicKey {
	t.Helper()
	params := elliptic.P256().Params()
	for i := int64(0); i < 1000; i++ {
		x := new(big.Int).Add(order, big.NewInt(i))
		y2 := new(big.Int).Exp(x, big.NewInt(3), params.P)
		y2.Sub(y2, new(big.Int).Mul(big.NewInt(3), x))
		y2.Add(y2, params.B).Mod(y2, params.P)
		if y := new(big.Int).ModSqrt(y2, params.P); y != nil {
			return &ecdsa.PublicKey{Curve: elliptic.P256(), X: x, Y: y}
		}
	}
	t.Fatal("no point with x just above n")
	return nil
}

// TestSumAtInfinity: a digest chosen so that u₁·G = −u₂·Q, so R is the point
// at infinity: refused by both.
func TestSumAtInfinity(t *testing.T) {
	key := newKey(t, newSeeded(5))
	tab, _ := NewTable(&key.PublicKey)
	r, s := big.NewInt(12345), big.NewInt(67890)
	// u₁ + u₂·q = (e + r·q)/s = 0 when e = −r·q.
	e := new(big.Int).Mul(r, key.D)
	e.Neg(e).Mod(e, order)
	if agree(t, tab, &key.PublicKey, e.FillBytes(make([]byte, 32)), r, s, "R at infinity") {
		t.Fatal("a sum at infinity verifies")
	}
}

// TestSumDoubles: a signature where u₁·G = u₂·Q, so the final addition is a
// doubling: valid for both.
func TestSumDoubles(t *testing.T) {
	key := newKey(t, newSeeded(6))
	tab, _ := NewTable(&key.PublicKey)
	a := big.NewInt(987654321)
	twoA := new(big.Int).Lsh(a, 1).FillBytes(make([]byte, 32))
	p, err := nistec.NewP256Point().ScalarBaseMult(twoA)
	if err != nil {
		t.Fatal(err)
	}
	x, _ := p.BytesX()
	r := new(big.Int).SetBytes(x)
	r.Mod(r, order)
	u2 := new(big.Int).ModInverse(key.D, order)
	u2.Mul(u2, a).Mod(u2, order) // u₂·q = a
	w := new(big.Int).ModInverse(r, order)
	w.Mul(w, u2).Mod(w, order) // r·w = u₂
	s := new(big.Int).ModInverse(w, order)
	e := new(big.Int).Mul(a, s) // e·w = a = u₁
	e.Mod(e, order)
	if !agree(t, tab, &key.PublicKey, e.FillBytes(make([]byte, 32)), r, s, "doubling") {
		t.Fatal("crypto/ecdsa refuses the constructed signature: the test is wrong")
	}
}

// TestNewTableRefuses: keys crypto/ecdsa can never accept a signature by.
func TestNewTableRefuses(t *testing.T) {
	good := newKey(t, newSeeded(7)).PublicKey
	p384, err := ecdsa.GenerateKey(elliptic.P384(), newSeeded(7))
	if err != nil {
		t.Fatal(err)
	}
	params := elliptic.P256().Params()
	cases := map[string]*ecdsa.PublicKey{
		"nil":           nil,
		"P-384":         &p384.PublicKey,
		"off the curve": {Curve: elliptic.P256(), X: good.X, Y: new(big.Int).Add(good.Y, big.NewInt(1))},
		"origin":        {Curve: elliptic.P256(), X: new(big.Int), Y: new(big.Int)},
		"negative x":    {Curve: elliptic.P256(), X: new(big.Int).Neg(good.X), Y: good.Y},
		"x + p":         {Curve: elliptic.P256(), X: new(big.Int).Add(good.X, params.P), Y: good.Y},
	}
	for name, pub := range cases {
		if _, err := NewTable(pub); !errors.Is(err, ErrKey) {
			t.Errorf("%s: %v, want ErrKey", name, err)
		}
	}
}

// TestTableBytes: TableBytes is what a Table takes (affine points, held
// inline on every architecture).
func TestTableBytes(t *testing.T) {
	if got := unsafe.Sizeof(Table{}); got != TableBytes {
		t.Errorf("a Table takes %d bytes, TableBytes says %d", got, TableBytes)
	}
}

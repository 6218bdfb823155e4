package p256verify

import (
	"bytes"
	"math/big"
	"testing"

	"filippo.io/nistec"
)

// The point arithmetic against nistec, with the special cases of an
// addition: the sum at infinity, a point added to itself (a doubling), and
// a point added to its negation (infinity) in the middle of a sum.

// encode is p as SEC 1 bytes, as nistec's Bytes gives them.
func encode(t *testing.T, p *jacobian) []byte {
	t.Helper()
	if p.isInfinity() {
		return []byte{0}
	}
	var a [1]affine
	if err := normalize(a[:], []jacobian{*p}); err != nil {
		t.Fatal(err)
	}
	x, y := feBytes(&a[0].x), feBytes(&a[0].y)
	return append(append([]byte{4}, x[:]...), y[:]...)
}

// multiple is k·G both ways: as an affine point of ours and as nistec's.
func multiple(t *testing.T, k int64) (affine, *nistec.P256Point) {
	t.Helper()
	n, err := nistec.NewP256Point().ScalarBaseMult(new(big.Int).Mod(big.NewInt(k), order).FillBytes(make([]byte, 32)))
	if err != nil {
		t.Fatal(err)
	}
	b := n.Bytes()
	var a affine
	if !feSetBytes(&a.x, (*[32]byte)(b[1:33])) || !feSetBytes(&a.y, (*[32]byte)(b[33:])) {
		t.Fatal("nistec's point out of range")
	}
	return a, n
}

func TestAddAffine(t *testing.T) {
	g3, n3 := multiple(t, 3)
	g5, n5 := multiple(t, 5)
	gm3, _ := multiple(t, -3)
	var p jacobian
	p.addAffine(&g3) // infinity + 3G
	if got := encode(t, &p); !bytes.Equal(got, n3.Bytes()) {
		t.Fatalf("∞ + 3G: %x", got)
	}
	p.double()
	p.addAffine(&g5) // 6G + 5G, Z ≠ 1
	want := nistec.NewP256Point().Double(n3)
	want.Add(want, n5)
	if got := encode(t, &p); !bytes.Equal(got, want.Bytes()) {
		t.Fatalf("6G + 5G: %x, want %x", got, want.Bytes())
	}
	g11, _ := multiple(t, 11)
	p.addAffine(&g11) // 11G + 11G: a doubling
	want.Double(want)
	if got := encode(t, &p); !bytes.Equal(got, want.Bytes()) {
		t.Fatalf("11G + 11G: %x, want %x", got, want.Bytes())
	}
	gm22, _ := multiple(t, -22)
	p.addAffine(&gm22) // 22G − 22G: infinity mid-sum
	if !p.isInfinity() {
		t.Fatalf("22G − 22G is not infinity: %x", encode(t, &p))
	}
	p.double() // 2·∞
	if !p.isInfinity() {
		t.Fatal("2·∞ is not infinity")
	}
	p.addAffine(&g3)
	p.addAffine(&gm3) // 3G − 3G from Z = 1
	if !p.isInfinity() {
		t.Fatal("3G − 3G is not infinity")
	}
	if err := normalize(make([]affine, 1), []jacobian{p}); err != errInfinity {
		t.Fatalf("normalize of infinity: %v", err)
	}
}

// TestSumAgainstNistec: the comb walk gives u₁·G + u₂·Q for edge scalars
// (0, 1, n−1, powers of two, all-ones patterns) and random ones.
func TestSumAgainstNistec(t *testing.T) {
	key := newKey(t, newSeeded(11))
	tab, err := NewTable(&key.PublicKey)
	if err != nil {
		t.Fatal(err)
	}
	q, err := nistec.NewP256Point().SetBytes(append([]byte{4}, append(key.X.FillBytes(make([]byte, 32)), key.Y.FillBytes(make([]byte, 32))...)...))
	if err != nil {
		t.Fatal(err)
	}
	nm1 := new(big.Int).Sub(order, big.NewInt(1))
	scalars := []*big.Int{new(big.Int), big.NewInt(1), nm1, new(big.Int).Lsh(big.NewInt(1), 255),
		new(big.Int).SetBytes(bytes.Repeat([]byte{0xff}, 16))}
	rnd := newSeeded(12)
	for range 20 {
		b := make([]byte, 32)
		rnd.Read(b)
		scalars = append(scalars, new(big.Int).Mod(new(big.Int).SetBytes(b), order))
	}
	for _, u1 := range scalars {
		for _, u2 := range scalars[:8] {
			var b1, b2 [32]byte
			u1.FillBytes(b1[:])
			u2.FillBytes(b2[:])
			s1, s2 := scalarOf(b1[:]), scalarOf(b2[:])
			got := tab.sum(generator(), &s1, &s2)
			want, _ := nistec.NewP256Point().ScalarBaseMult(b1[:])
			qq, _ := nistec.NewP256Point().ScalarMult(q, b2[:])
			want.Add(want, qq)
			if e := encode(t, &got); !bytes.Equal(e, want.Bytes()) {
				t.Fatalf("%x·G + %x·Q: %x, want %x", u1, u2, e, want.Bytes())
			}
		}
	}
}

// TestColumnsOf: bit b of column i is bit 8·b + i of the scalar.
func TestColumnsOf(t *testing.T) {
	rnd := newSeeded(13)
	ks := [][32]byte{{}, {0: 0xff, 31: 0x01}}
	for range 100 {
		var k [32]byte
		rnd.Read(k[:])
		ks = append(ks, k)
	}
	for i := range 256 {
		var k [32]byte
		k[31-i/8] = 1 << (i % 8)
		ks = append(ks, k)
	}
	for _, k := range ks {
		v := new(big.Int).SetBytes(k[:])
		ks := scalarOf(k[:])
		cols := columnsOf(&ks)
		for i := range spacing {
			for b := range bases {
				if got, want := cols[i]>>b&1, v.Bit(8*b+i); uint(got) != want {
					t.Fatalf("%x: column %d bit %d is %d", k, i, b, got)
				}
			}
		}
	}
}

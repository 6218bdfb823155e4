package p256verify

import (
	"crypto/ecdsa"
	"math/big"
	"testing"
)

// FuzzVerify: on any digest and any r and s (either may be negated), a
// table answers as crypto/ecdsa.Verify does. The keys are three random ones
// and one whose x-coordinate is at least n; the seeds are valid signatures
// by each, so mutations explore the neighbourhood of valid ones.
func FuzzVerify(f *testing.F) {
	rnd := newSeeded(9)
	var privs []*ecdsa.PrivateKey
	pubs := []*ecdsa.PublicKey{}
	for range 3 {
		k := newKey(f, rnd)
		privs = append(privs, k)
		pubs = append(pubs, &k.PublicKey)
	}
	above := keyWithXAboveN(f)
	pubs = append(pubs, above)
	tabs := make([]*Table, len(pubs))
	for i, pub := range pubs {
		var err error
		if tabs[i], err = NewTable(pub); err != nil {
			f.Fatal(err)
		}
	}
	for i, k := range privs {
		sg := sign(f, rnd, k, []byte{byte(i)})
		f.Add(uint8(i), sg.digest, sg.r.Bytes(), sg.s.Bytes(), false, false)
	}
	r := new(big.Int).Sub(above.X, order)
	f.Add(uint8(3), make([]byte, 32), r.Bytes(), r.Bytes(), false, false)
	f.Add(uint8(0), []byte{}, []byte{}, []byte{1}, true, false)
	f.Fuzz(func(t *testing.T, key uint8, digest, rb, sb []byte, negR, negS bool) {
		i := int(key) % len(pubs)
		r, s := new(big.Int).SetBytes(rb), new(big.Int).SetBytes(sb)
		if negR {
			r.Neg(r)
		}
		if negS {
			s.Neg(s)
		}
		want := ecdsa.Verify(pubs[i], digest, r, s)
		if got := tabs[i].Verify(digest, r, s); got != want {
			t.Fatalf("key %d: table %v, crypto/ecdsa %v (digest %x, r %x, s %x)", i, got, want, digest, r, s)
		}
	})
}

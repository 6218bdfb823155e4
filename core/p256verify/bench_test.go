package p256verify

import (
	"crypto/ecdsa"
	"testing"
)

func BenchmarkNewTable(b *testing.B) {
	key := newKey(b, newSeeded(1))
	for b.Loop() {
		if _, err := NewTable(&key.PublicKey); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkVerify(b *testing.B) {
	rnd := newSeeded(2)
	key := newKey(b, rnd)
	sigs := make([]signed, 64)
	for i := range sigs {
		sigs[i] = sign(b, rnd, key, []byte{byte(i)})
	}
	tab, err := NewTable(&key.PublicKey)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("table", func(b *testing.B) {
		i := 0
		for b.Loop() {
			s := sigs[i%len(sigs)]
			if !tab.Verify(s.digest, s.r, s.s) {
				b.Fatal("does not verify")
			}
			i++
		}
	})
	b.Run("crypto-ecdsa", func(b *testing.B) {
		i := 0
		for b.Loop() {
			s := sigs[i%len(sigs)]
			if !ecdsa.Verify(&key.PublicKey, s.digest, s.r, s.s) {
				b.Fatal("does not verify")
			}
			i++
		}
	})
}

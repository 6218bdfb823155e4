package identity

import (
	"bytes"
	"crypto"
	"crypto/ecdsa"
	"crypto/sha256"
	"testing"
)

// BenchmarkVerify is one P-256 signature check from a DID string, as a peer
// checks a version whose author it has not seen (DID parse included).
func BenchmarkVerify(b *testing.B) {
	kp := testKey(b, 1)
	msg := bytes.Repeat([]byte("x"), 400) // about a version's signed part
	sig, _ := kp.Sign(msg)
	did := kp.DID()
	for b.Loop() {
		if err := Verify(did, msg, sig); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkVerifyKey is the check alone, with the key already parsed.
func BenchmarkVerifyKey(b *testing.B) {
	kp := testKey(b, 1)
	msg := bytes.Repeat([]byte("x"), 400)
	sig, _ := kp.Sign(msg)
	pub := kp.PublicKey()
	for b.Loop() {
		if err := VerifyKey(pub, msg, sig); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkParseDID(b *testing.B) {
	did := testKey(b, 1).DID()
	for b.Loop() {
		if _, err := ParseDID(did); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkSign(b *testing.B) {
	kp := testKey(b, 1)
	msg := bytes.Repeat([]byte("x"), 400)
	for b.Loop() {
		if _, err := kp.Sign(msg); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDeriveKeyPairFromSeed(b *testing.B) {
	seed := bytes.Repeat([]byte{1}, SeedLen)
	for b.Loop() {
		if _, err := DeriveKeyPairFromSeed(seed); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkVerifyStdlib is the floor: crypto/ecdsa.VerifyASN1 alone, for
// ratios against BenchmarkVerify/BenchmarkVerifyKey taken in the same run.
func BenchmarkVerifyStdlib(b *testing.B) {
	kp := testKey(b, 1)
	msg := bytes.Repeat([]byte("x"), 400)
	digest := sha256.Sum256(msg)
	der, _ := kp.priv.Sign(nil, digest[:], crypto.SHA256)
	pub := kp.PublicKey()
	for b.Loop() {
		d := sha256.Sum256(msg)
		if !ecdsa.VerifyASN1(pub, d[:], der) {
			b.Fatal("no")
		}
	}
}

// BenchmarkVerifyCached is Verify through a DIDCache that has seen the author.
func BenchmarkVerifyCached(b *testing.B) {
	kp := testKey(b, 1)
	msg := bytes.Repeat([]byte("x"), 400)
	sig, _ := kp.Sign(msg)
	var c DIDCache
	for b.Loop() {
		if err := c.Verify(kp.DID(), msg, sig); err != nil {
			b.Fatal(err)
		}
	}
}

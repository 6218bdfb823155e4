package nodetls

import (
	"crypto/ecdsa"
	"crypto/x509"
	"testing"
	"time"

	"minca.dev/desktop/core/identity"
)

// FuzzVerifyPinned: a peer's certificate bytes (outside bytes, 04 "wss://
// without a CA") never panic the pin check, and it accepts only a leaf
// that parses and whose key is the pinned DID's key.
func FuzzVerifyPinned(f *testing.F) {
	pinned, other := newKey(f), newKey(f)
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for _, k := range []*identity.KeyPair{pinned, other} {
		c, err := Certificate(k, now)
		if err != nil {
			f.Fatal(err)
		}
		der := c.Certificate[0]
		f.Add(der)
		f.Add(der[:len(der)/2])
	}
	f.Add([]byte{})
	f.Add([]byte{0x30, 0x82, 0xff, 0xff})
	verify := VerifyPinned(pinned.DID())
	f.Fuzz(func(t *testing.T, der []byte) {
		if verify([][]byte{der}, nil) != nil {
			return
		}
		leaf, err := x509.ParseCertificate(der)
		if err != nil {
			t.Fatalf("accepted a certificate that does not parse: %v", err)
		}
		got, ok := leaf.PublicKey.(*ecdsa.PublicKey)
		if !ok || !got.Equal(pinned.PublicKey()) {
			t.Fatal("accepted a certificate whose key is not the pinned one")
		}
	})
}

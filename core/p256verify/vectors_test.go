package p256verify_test

import (
	"crypto/ecdsa"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"math/big"
	"os"
	"testing"

	"minca.dev/desktop/core/enc"
	"minca.dev/desktop/core/identity"
	"minca.dev/desktop/core/p256verify"
)

// vectors is testdata/vectors.json: signatures from the spec's worked
// example, and the seeds of core/identity's vectors.
type vectors struct {
	Signed []struct {
		Name, DID, Message, Signature string
	}
	SeedDIDs []struct{ Name, Seed, DID string } `json:"seed_dids"`
}

func readVectors(t *testing.T) vectors {
	t.Helper()
	b, err := os.ReadFile("testdata/vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	var v vectors
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	if len(v.Signed) == 0 || len(v.SeedDIDs) == 0 {
		t.Fatal("no vectors")
	}
	return v
}

// check verifies a P1363 signature through a table and crypto/ecdsa, and
// fails when they differ; it returns the answer.
func check(t *testing.T, pub *ecdsa.PublicKey, msg, sig []byte) bool {
	t.Helper()
	tab, err := p256verify.NewTable(pub)
	if err != nil {
		t.Fatal(err)
	}
	d := sha256.Sum256(msg)
	r, s := new(big.Int).SetBytes(sig[:32]), new(big.Int).SetBytes(sig[32:])
	got, want := tab.Verify(d[:], r, s), ecdsa.Verify(pub, d[:], r, s)
	if got != want {
		t.Fatalf("table %v, crypto/ecdsa %v", got, want)
	}
	return got
}

// TestSpecSignature: the worked example's signature verifies, and not over
// a changed message.
func TestSpecSignature(t *testing.T) {
	for _, v := range readVectors(t).Signed {
		pub, err := identity.ParseDID(v.DID)
		if err != nil {
			t.Fatal(err)
		}
		sig, err := enc.DecodeB64URL(v.Signature)
		if err != nil || len(sig) != identity.SignatureLen {
			t.Fatalf("%s: signature %v", v.Name, err)
		}
		if !check(t, pub, []byte(v.Message), sig) {
			t.Errorf("%s: does not verify", v.Name)
		}
		if check(t, pub, []byte(v.Message+" "), sig) {
			t.Errorf("%s: verifies over another message", v.Name)
		}
	}
}

// TestSeedKeys: each vector seed's key (its DID as the vectors say) signs,
// and its signature verifies by its own table and by no other seed's.
func TestSeedKeys(t *testing.T) {
	seeds := readVectors(t).SeedDIDs
	msg := []byte("minca p256verify")
	for i, v := range seeds {
		seed, err := hex.DecodeString(v.Seed)
		if err != nil {
			t.Fatal(err)
		}
		kp, err := identity.DeriveKeyPairFromSeed(seed)
		if err != nil || kp.DID() != v.DID {
			t.Fatalf("%s: derives %v (%v), want %s", v.Name, kp, err, v.DID)
		}
		sig, err := kp.Sign(msg)
		if err != nil {
			t.Fatal(err)
		}
		if !check(t, kp.PublicKey(), msg, sig) {
			t.Errorf("%s: does not verify", v.Name)
		}
		other, err := identity.ParseDID(seeds[(i+1)%len(seeds)].DID)
		if err != nil {
			t.Fatal(err)
		}
		if len(seeds) > 1 && check(t, other, msg, sig) {
			t.Errorf("%s: verifies by another seed's key", v.Name)
		}
	}
}

package account

import (
	"encoding/hex"
	"os"
	"strconv"
	"strings"
	"testing"

	"minca.dev/desktop/core/internal/testkit"
)

// vector is one entry of testdata/vectors.json, copied from the spec's vectors.json.
type vector = testkit.Vector[string]

func loadVectors(t *testing.T) map[string]vector {
	t.Helper()
	return testkit.Vectors[string](t, os.DirFS("testdata"))
}

// derivationOf reads a vector's label, name and bound: a carry space's
// bound "|<did>|<gen>" goes through Carry, so the bound is ours, not copied.
func derivationOf(t *testing.T, in map[string]string) Derivation {
	t.Helper()
	switch in["label"] {
	case Registry.Label:
		return Registry
	case Contacts.Label:
		return Contacts
	}
	parts := strings.Split(in["bound"], "|")
	gen, err := strconv.Atoi(parts[2])
	if err != nil {
		t.Fatal(err)
	}
	return Carry(parts[1], gen)
}

// TestDerivedSpaceVectors reproduces 03 §13.1's four example ids through
// Derive, and checks each vector's name, label and bound are ours.
func TestDerivedSpaceVectors(t *testing.T) {
	for _, name := range []string{"account-registry-id", "contacts-space-id", "carry-space-gen0-id", "carry-space-gen1-id"} {
		t.Run(name, func(t *testing.T) {
			v := loadVectors(t)[name]
			seed, err := hex.DecodeString(v.Inputs["seed_hex"])
			if err != nil {
				t.Fatal(err)
			}
			d := derivationOf(t, v.Inputs)
			if d.Name != v.Inputs["name"] || d.Label != v.Inputs["label"] || d.Bound != v.Inputs["bound"] {
				t.Fatalf("derivation %+v, vector says %v", d, v.Inputs)
			}
			got, err := FromSeed(seed, d)
			if err != nil {
				t.Fatal(err)
			}
			if got.Space.ID != v.Expected["id"] {
				t.Errorf("id %s, want %s", got.Space.ID, v.Expected["id"])
			}
			if got.Key.ID() != got.Space.EncryptionKeyID || got.Key.ReadDID() != got.Space.ReadKey {
				t.Errorf("key %s/%s does not match the constitution", got.Key.ID(), got.Key.ReadDID())
			}
		})
	}
}

// TestRegistryNonceVector is 03 §13.1's registry nonce, as the derived
// constitution holds it.
func TestRegistryNonceVector(t *testing.T) {
	v := loadVectors(t)["account-registry-nonce"]
	seed, _ := hex.DecodeString(v.Inputs["seed_hex"])
	got, err := FromSeed(seed, Registry)
	if err != nil {
		t.Fatal(err)
	}
	if got.Space.Nonce != v.Expected["nonce"] {
		t.Errorf("nonce %q, want %q", got.Space.Nonce, v.Expected["nonce"])
	}
}

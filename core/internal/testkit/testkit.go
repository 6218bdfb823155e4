// Package testkit holds what the tests of core's second-wave packages
// (invite, shortlink, spacekey, account) share: reading the spec's test
// vectors from a package's testdata/vectors.json, a deterministic
// randomness source and the founder key of 03 §1.2's examples. Only _test
// files import it; it takes the testdata directory as an fs.FS, so it reads
// no files itself (core is pure).
package testkit

import (
	"encoding/hex"
	"encoding/json"
	"io/fs"
	"math/rand/v2"
	"testing"

	"minca.dev/desktop/core/identity"
)

// VectorsFile is the name of the copy of the spec's vectors.json in a
// package's testdata directory.
const VectorsFile = "vectors.json"

// Vector is one entry of vectors.json. In is the type of its inputs: any,
// or string where a package's vectors have only string inputs.
type Vector[In any] struct {
	Name     string            `json:"name"`
	Inputs   map[string]In     `json:"inputs"`
	Expected map[string]string `json:"expected"`
}

// Vectors reads every vector of testdata's vectors.json, by name.
func Vectors[In any](t testing.TB, testdata fs.FS) map[string]Vector[In] {
	t.Helper()
	out := map[string]Vector[In]{}
	for _, v := range read[In](t, testdata) {
		out[v.Name] = v
	}
	return out
}

// LoadVector is the first vector of testdata's vectors.json with this
// name; the test fails when there is none.
func LoadVector[In any](t testing.TB, testdata fs.FS, name string) Vector[In] {
	t.Helper()
	for _, v := range read[In](t, testdata) {
		if v.Name == name {
			return v
		}
	}
	t.Fatalf("no vector %q", name)
	return Vector[In]{}
}

func read[In any](t testing.TB, testdata fs.FS) []Vector[In] {
	t.Helper()
	b, err := fs.ReadFile(testdata, VectorsFile)
	if err != nil {
		t.Fatal(err)
	}
	var vs []Vector[In]
	if err := json.Unmarshal(b, &vs); err != nil {
		t.Fatal(err)
	}
	return vs
}

// In is the string input key; the test fails when there is none.
func (v Vector[In]) In(t testing.TB, key string) string {
	t.Helper()
	s, ok := any(v.Inputs[key]).(string)
	if !ok {
		t.Fatalf("vector %s: no string input %q", v.Name, key)
	}
	return s
}

// Hex is the bytes of the hex input key; the test fails when there are none.
func (v Vector[In]) Hex(t testing.TB, key string) []byte {
	t.Helper()
	s, _ := any(v.Inputs[key]).(string)
	b, err := hex.DecodeString(s)
	if err != nil || s == "" {
		t.Fatalf("vector %s: input %s: %v", v.Name, key, err)
	}
	return b
}

// Rand is a deterministic randomness source for tests, one per seed.
func Rand(seed uint64) *rand.ChaCha8 {
	var s [32]byte
	s[0], s[1] = byte(seed), byte(seed>>8)
	return rand.NewChaCha8(s)
}

// FounderSeed is the seed 01 02 … 10 of the account that founds 03 §1.2's
// chess clubs (vector account-did-from-seed).
var FounderSeed = []byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}

// Key is the key pair of a seed; the test fails when it derives none.
func Key(t testing.TB, seed []byte) *identity.KeyPair {
	t.Helper()
	kp, err := identity.DeriveKeyPairFromSeed(seed)
	if err != nil {
		t.Fatal(err)
	}
	return kp
}

// Founder is the account of FounderSeed.
func Founder(t testing.TB) *identity.KeyPair {
	t.Helper()
	return Key(t, FounderSeed)
}

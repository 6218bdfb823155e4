package record

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"minca.dev/desktop/core/identity"
)

// Fixed inputs: the chess club's space id (03 §1.2) and keys derived from
// 16-byte seeds (01 §1.3).
const (
	testSpace   = "blm7z6wkumdjs43sxki3lv27z5x6qtwa345vmlzjco2mxxau3jmhq"
	otherSpace  = "bvvz7u7w4jvlzzbkkaqs4em7ahvxmhnsrjqnupq475wlslsl7uqfa"
	testKey     = "mfrggzdfmztwq2lknnwg23tpoa"
	testCreated = "2026-09-26T12:00:00.000Z"
	// seed07DID is minca's DID for the seed 07×16 (missing-parts brief §1.3).
	seed07DID = "did:key:zDnaemCBstFw5hzNdNggFHZm6GpHoHqNGrwEtrVi9CxGH9V7E"
)

// keyFromSeed derives the key of a 16-byte seed of one repeated byte.
func keyFromSeed(t testing.TB, b byte) *identity.KeyPair {
	t.Helper()
	kp, err := identity.DeriveKeyPairFromSeed(bytes.Repeat([]byte{b}, 16))
	if err != nil {
		t.Fatalf("derive key: %v", err)
	}
	return kp
}

// draftAt is a first version of a to-do in testSpace, at place n of its
// writer's line.
func draftAt(n int64, prev string) *Version {
	return &Version{
		Space: testSpace, Collection: "app.todo.item", CreatedAt: testCreated,
		Key: testKey, Log: &Log{N: n, Prev: prev}, Seen: []string{testSpace},
		Body: map[string]any{"text": "Buy milk", "done": false}, HasBody: true,
	}
}

func mustSign(t testing.TB, d *Version, s Signer) *Version {
	t.Helper()
	v, err := Sign(d, s)
	if err != nil {
		t.Fatalf("sign: %v", err)
	}
	return v
}

// wireCopy is a deep copy of v's wire form, for tests that mangle it.
func wireCopy(t testing.TB, v *Version) map[string]any {
	t.Helper()
	b, err := Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// readJSON reads a testdata file into out.
func readJSON(t testing.TB, name string, out any) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, out); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

// holder is a set of versions held, as a Lookup.
type holder map[string]*Version

func (h holder) add(vs ...*Version) holder {
	for _, v := range vs {
		h[v.ID] = v
	}
	return h
}

func (h holder) lookup(id string) (*Version, bool) {
	v, ok := h[id]
	return v, ok
}

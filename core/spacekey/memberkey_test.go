package spacekey

import (
	"bytes"
	"errors"
	"testing"

	"minca.dev/desktop/core/identity"
	"minca.dev/desktop/core/record"
)

// TestMemberKeyDerivation: the member key is 01 §10.2's, per space, and
// publishes as { key } that parses back to its public half.
func TestMemberKeyDerivation(t *testing.T) {
	ak := bytes.Repeat([]byte{7}, identity.AccountKeyLen)
	a, err := MemberKey(ak, "bspacea")
	must(t, err)
	want, err := identity.MemberKeyPair(ak, "bspacea")
	must(t, err)
	b, err := MemberKey(ak, "bspaceb")
	must(t, err)
	if a.DID() != want.DID() || a.DID() == b.DID() {
		t.Fatal("member keys are not per space")
	}
	pub, err := ParseMemberKey(MemberKeyBody(a))
	if err != nil || !pub.Equal(a.ECDH().PublicKey()) {
		t.Fatalf("round trip: %v", err)
	}
	for name, body := range map[string]any{
		"not an object": "x",
		"extra member":  map[string]any{"key": a.EncodedPublicKey(), "name": "x"},
		"not a point":   map[string]any{"key": "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"},
		"a DID":         map[string]any{"key": a.DID()},
	} {
		if _, err := ParseMemberKey(body); !errors.Is(err, ErrMemberKey) {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// TestMemberKeyOf: among the versions at an account's member-key key, the
// one that wins among those that count (03 §9.1).
func TestMemberKeyOf(t *testing.T) {
	alice, bob := "did:key:zDnaeAlice", "did:key:zDnaeBob"
	k1, err := MemberKey(bytes.Repeat([]byte{1}, 32), "bs")
	must(t, err)
	k2, err := MemberKey(bytes.Repeat([]byte{2}, 32), "bs")
	must(t, err)
	k3, err := MemberKey(bytes.Repeat([]byte{3}, 32), "bs")
	must(t, err)
	at := record.MemberKeyKey(alice)
	ver := func(id string, seq int64, body any) *record.Version {
		return &record.Version{ID: id, Collection: CollectionMemberKey, Key: at, Seq: seq, Body: body, HasBody: body != nil, Deleted: body == nil}
	}
	first := Candidate{Version: ver("bb", 0, MemberKeyBody(k1)), Root: alice, Stands: true}
	second := Candidate{Version: ver("bc", 1, MemberKeyBody(k2)), Root: alice, Stands: true}
	rival := Candidate{Version: ver("ba", 1, MemberKeyBody(k3)), Root: alice, Stands: true}
	cases := []struct {
		name string
		held []Candidate
		want *identity.KeyPair
	}{
		{"one", []Candidate{first}, k1},
		{"highest seq", []Candidate{second, first}, k2},
		{"lowest id at one seq", []Candidate{second, rival, first}, k3},
		{"someone else's is passed over", []Candidate{first, {Version: ver("bd", 2, MemberKeyBody(k3)), Root: bob, Stands: true}}, k1},
		{"one that does not stand", []Candidate{first, {Version: ver("bd", 2, MemberKeyBody(k3)), Root: alice}}, k1},
		{"a delete", []Candidate{first, {Version: ver("bd", 2, nil), Root: alice, Stands: true}}, k1},
		{"not a point", []Candidate{first, {Version: ver("bd", 2, map[string]any{"key": "x"}), Root: alice, Stands: true}}, k1},
		{"none counts", []Candidate{{Version: ver("bd", 2, MemberKeyBody(k3)), Root: bob, Stands: true}}, nil},
	}
	for _, c := range cases {
		pub, _, ok := MemberKeyOf(alice, c.held)
		if c.want == nil {
			if ok {
				t.Errorf("%s: found one", c.name)
			}
			continue
		}
		if !ok || !pub.Equal(c.want.ECDH().PublicKey()) {
			t.Errorf("%s: wrong key", c.name)
		}
	}
}

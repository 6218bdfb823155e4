package identity

import (
	"bytes"
	"crypto/ecdh"
	"crypto/hpke"
	"errors"
	"testing"
)

var testBound = map[string]any{"space": "bexample", "collection": "app.note", "key": "k1", "keyId": "bgk-m-Kq-gEGgJCOOEYNYw"}

func TestEnvelope(t *testing.T) {
	key := bytes.Repeat([]byte{9}, KeyLen)
	pt := []byte(`{"body":{"text":"hi"}}`)
	env, err := Seal(key, LabelRecordBody, testBound, pt, &fixedReader{1})
	if err != nil {
		t.Fatal(err)
	}
	if len(env) != len(pt)+EnvelopeOverhead || env[0] != EnvelopeVersion {
		t.Fatalf("layout: %d bytes, version %d", len(env), env[0])
	}
	got, err := Open(key, LabelRecordBody, testBound, env)
	if err != nil || !bytes.Equal(got, pt) {
		t.Fatalf("Open = %q, %v", got, err)
	}
	// Key order of the bound does not matter: it is canonical JSON.
	reordered := map[string]any{"keyId": "bgk-m-Kq-gEGgJCOOEYNYw", "key": "k1", "collection": "app.note", "space": "bexample"}
	if _, err := Open(key, LabelRecordBody, reordered, env); err != nil {
		t.Errorf("same bound, other map: %v", err)
	}
	otherKey := bytes.Repeat([]byte{8}, KeyLen)
	flipped := func(i int) []byte { e := bytes.Clone(env); e[i] ^= 1; return e }
	refused := []struct {
		name  string
		key   []byte
		label string
		bound any
		env   []byte
	}{
		{"other key", otherKey, LabelRecordBody, testBound, env},
		{"other label", key, LabelEarlierKeys, testBound, env},
		{"other record", key, LabelRecordBody, with(testBound, "key", "k2"), env},
		{"other space", key, LabelRecordBody, with(testBound, "space", "bother"), env},
		{"other collection", key, LabelRecordBody, with(testBound, "collection", "app.x"), env},
		{"other key id", key, LabelRecordBody, with(testBound, "keyId", "x"), env},
		{"version byte", key, LabelRecordBody, testBound, flipped(0)},
		{"nonce", key, LabelRecordBody, testBound, flipped(3)},
		{"ciphertext", key, LabelRecordBody, testBound, flipped(15)},
		{"tag", key, LabelRecordBody, testBound, flipped(len(env) - 1)},
		{"truncated", key, LabelRecordBody, testBound, env[:EnvelopeOverhead-1]},
		{"empty", key, LabelRecordBody, testBound, nil},
	}
	for _, r := range refused {
		if got, err := Open(r.key, r.label, r.bound, r.env); !errors.Is(err, ErrNotOpened) || got != nil {
			t.Errorf("%s: Open = %q, %v; want ErrNotOpened", r.name, got, err)
		}
	}
	if _, err := Seal(key[:16], LabelRecordBody, testBound, pt, &fixedReader{}); !errors.Is(err, ErrKeyLength) {
		t.Errorf("16-byte key: %v", err)
	}
	if _, err := Seal(key, "bad\x00label", testBound, pt, &fixedReader{}); err == nil {
		t.Errorf("NUL in label accepted")
	}
	if _, err := Seal(key, LabelRecordBody, testBound, pt, bytes.NewReader(nil)); !errors.Is(err, ErrRandom) {
		t.Errorf("empty reader: %v", err)
	}
}

func with(m map[string]any, k string, v any) map[string]any {
	out := map[string]any{}
	for a, b := range m {
		out[a] = b
	}
	out[k] = v
	return out
}

func TestSealToOpenFrom(t *testing.T) {
	ak, _ := AccountKey(bytes.Repeat([]byte{1}, SeedLen))
	member, err := MemberKeyPair(ak, "bexample")
	if err != nil {
		t.Fatal(err)
	}
	to, err := ParseECDHPublicKey(member.EncodedPublicKey())
	if err != nil {
		t.Fatal(err)
	}
	bound := map[string]any{"space": "bexample", "keyId": "bgk-m-Kq-gEGgJCOOEYNYw", "to": member.DID()}
	pt := []byte(`{"key":"__79_Pv6-fj39vX08_Lx8O_u7ezr6uno5-bl5OPi4eA"}`)
	box, err := SealTo(to, LabelSpaceKeyBox, bound, pt, &fixedReader{5})
	if err != nil {
		t.Fatal(err)
	}
	if len(box) != len(pt)+BoxOverhead || box[0] != BoxVersion {
		t.Fatalf("layout: %d bytes", len(box))
	}
	again, _ := SealTo(to, LabelSpaceKeyBox, bound, pt, &fixedReader{5})
	if !bytes.Equal(box, again) {
		t.Errorf("SealTo is not a function of its reader")
	}
	got, err := OpenFrom(member.ECDH(), LabelSpaceKeyBox, bound, box)
	if err != nil || !bytes.Equal(got, pt) {
		t.Fatalf("OpenFrom = %q, %v", got, err)
	}
	other, _ := MemberKeyPair(ak, "bother")
	flipped := bytes.Clone(box)
	flipped[5] ^= 1
	refused := []struct {
		name  string
		priv  *ecdh.PrivateKey
		label string
		bound any
		box   []byte
	}{
		{"other key", other.ECDH(), LabelSpaceKeyBox, bound, box},
		{"other label", member.ECDH(), LabelEarlierKeys, bound, box},
		{"other bound", member.ECDH(), LabelSpaceKeyBox, with(bound, "to", "did:key:zother"), box},
		{"tampered enc", member.ECDH(), LabelSpaceKeyBox, bound, flipped},
		{"truncated", member.ECDH(), LabelSpaceKeyBox, bound, box[:BoxOverhead-1]},
		{"version", member.ECDH(), LabelSpaceKeyBox, bound, append([]byte{2}, box[1:]...)},
	}
	for _, r := range refused {
		if got, err := OpenFrom(r.priv, r.label, r.bound, r.box); !errors.Is(err, ErrNotOpened) || got != nil {
			t.Errorf("%s: OpenFrom = %q, %v; want ErrNotOpened", r.name, got, err)
		}
	}
}

// SealTo runs RFC 9180 itself (to take the caller's randomness); check it
// against crypto/hpke both ways.
func TestSealToMatchesCryptoHPKE(t *testing.T) {
	recipient := testKey(t, 9)
	pub := recipient.ECDH().PublicKey()
	aad, _ := AAD(LabelSpaceKeyBox, testBound)
	info := []byte(LabelSpaceKeyBox)
	for i := range 8 {
		pt := bytes.Repeat([]byte{byte(i)}, i*7)
		// Ours → crypto/hpke's recipient.
		box, err := SealTo(pub, LabelSpaceKeyBox, testBound, pt, &fixedReader{byte(i)})
		if err != nil {
			t.Fatal(err)
		}
		k, _ := hpke.NewDHKEMPrivateKey(recipient.ECDH())
		r, err := hpke.NewRecipient(box[1:1+hpkeEncLen], k, hpke.HKDFSHA256(), hpke.AES256GCM(), info)
		if err != nil {
			t.Fatal(err)
		}
		if got, err := r.Open(aad, box[1+hpkeEncLen:]); err != nil || !bytes.Equal(got, pt) {
			t.Fatalf("crypto/hpke could not open our box: %v", err)
		}
		// crypto/hpke's sender → ours.
		hpub, _ := hpke.NewDHKEMPublicKey(pub)
		enc, s, err := hpke.NewSender(hpub, hpke.HKDFSHA256(), hpke.AES256GCM(), info)
		if err != nil {
			t.Fatal(err)
		}
		ct, err := s.Seal(aad, pt)
		if err != nil {
			t.Fatal(err)
		}
		box2 := append(append([]byte{BoxVersion}, enc...), ct...)
		if got, err := OpenFrom(recipient.ECDH(), LabelSpaceKeyBox, testBound, box2); err != nil || !bytes.Equal(got, pt) {
			t.Fatalf("OpenFrom of crypto/hpke's box: %v", err)
		}
	}
}

func TestDerivedKeysDiffer(t *testing.T) {
	seed := bytes.Repeat([]byte{1}, SeedLen)
	ak, _ := AccountKey(seed)
	lk, _ := LocalKey(seed)
	if bytes.Equal(ak, lk) {
		t.Fatal("local key equals account key")
	}
	// 05 §15: the account key does not open what the local key sealed.
	bound := map[string]any{"entry": "space:bexample"}
	env, _ := Seal(lk, LabelAtRest, bound, []byte("v"), &fixedReader{})
	if _, err := Open(ak, LabelAtRest, bound, env); !errors.Is(err, ErrNotOpened) {
		t.Errorf("account key opened an at-rest entry: %v", err)
	}
	if _, err := Open(lk, LabelAtRest, map[string]any{"entry": "space:bother"}, env); !errors.Is(err, ErrNotOpened) {
		t.Errorf("entry moved and still opens: %v", err)
	}
	contact, _ := ContactKeyPair(seed)
	door, _ := DoorKeyPair(contact, "d1")
	doorSign, _ := DoorSignKeyPair(contact, "d1")
	door2, _ := DoorKeyPair(contact, "d2")
	root, _ := DeriveKeyPairFromSeed(seed)
	m1, _ := MemberKeyPair(ak, "b1")
	m2, _ := MemberKeyPair(ak, "b2")
	seen := map[string]string{}
	for name, kp := range map[string]*KeyPair{"root": root, "contact": contact, "door": door, "doorSign": doorSign, "door2": door2, "m1": m1, "m2": m2} {
		if prev, dup := seen[kp.DID()]; dup {
			t.Errorf("%s and %s are the same key", name, prev)
		}
		seen[kp.DID()] = name
	}
	if DoorTopic(doorSign.EncodedPublicKey()) == DoorTopic(door.EncodedPublicKey()) || len(DoorTopic("x")) != 43 {
		t.Errorf("door topics")
	}
	if _, err := MemberKeyPair(ak[:31], "b1"); !errors.Is(err, ErrKeyLength) {
		t.Errorf("short account key: %v", err)
	}
	if _, err := AccountKey(seed[:15]); !errors.Is(err, ErrSeed) {
		t.Errorf("short seed: %v", err)
	}
	if _, err := SpaceSealKey(make([]byte, 16)); !errors.Is(err, ErrKeyLength) {
		t.Errorf("short space key: %v", err)
	}
	if got := string(InviteJoinMessage("bexample", "did:key:zj")); got != "minca/space-invite/v1|bexample|did:key:zj" {
		t.Errorf("join message %q", got)
	}
}

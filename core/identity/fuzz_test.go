package identity

import (
	"bytes"
	"testing"
)

// FuzzParseDID: never panics, and whatever parses is the one spelling of
// its key.
func FuzzParseDID(f *testing.F) {
	for _, s := range []string{"did:key:zDnaerDaTF5BXEavCrfRZEk316dpbLsfPDZ3WJ5hRTPFU2169",
		"did:key:zDnaed8DYZ8Hx21hjLc7fE9TXMkDUV65S3ys8HtLrnPC1piwd", "did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK", "did:key:z"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		pub, err := ParseDID(s)
		if err != nil {
			return
		}
		if did, err := DIDFromPublicKey(pub); err != nil || did != s {
			t.Fatalf("%q parses, but the key's DID is %q (%v)", s, did, err)
		}
	})
}

// FuzzParseRecoveryCode: never panics; an accepted code's seed writes a code
// that reads back to the same seed.
func FuzzParseRecoveryCode(f *testing.F) {
	for _, s := range []string{"008J-4CT4-ANK7-F24S-NAXW-SQFE-ZW", "k7n6 eryp 68tz a7hn vjw3 qwkn cg", "", "Ü"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		seed, err := ParseRecoveryCode(s)
		if err != nil {
			return
		}
		code, err := RecoveryCode(seed)
		if err != nil {
			t.Fatal(err)
		}
		back, err := ParseRecoveryCode(code)
		if err != nil || !bytes.Equal(back, seed) {
			t.Fatalf("%q → %x → %q → %x (%v)", s, seed, code, back, err)
		}
	})
}

// FuzzOpen: envelopes and boxes from outside never panic and never open
// unless sealed under the key.
func FuzzOpen(f *testing.F) {
	key := bytes.Repeat([]byte{7}, KeyLen)
	env, _ := Seal(key, LabelRecordBody, testBound, []byte("x"), &fixedReader{})
	f.Add(env)
	f.Add([]byte{1})
	f.Add([]byte{})
	kp, _ := DeriveKeyPairFromSeed(bytes.Repeat([]byte{7}, SeedLen))
	box, _ := SealTo(kp.ECDH().PublicKey(), LabelSpaceKeyBox, testBound, []byte("x"), &fixedReader{})
	f.Add(box)
	f.Fuzz(func(t *testing.T, b []byte) {
		if pt, err := Open(key, LabelRecordBody, testBound, b); err == nil && !bytes.Equal(b, env) {
			t.Fatalf("forged envelope opened: %x → %q", b, pt)
		}
		if pt, err := OpenFrom(kp.ECDH(), LabelSpaceKeyBox, testBound, b); err == nil && !bytes.Equal(b, box) {
			t.Fatalf("forged box opened: %x → %q", b, pt)
		}
	})
}

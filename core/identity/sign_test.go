package identity

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"testing"

	"minca.dev/desktop/core/enc"
)

// fixedReader is a deterministic byte stream for tests (not random).
type fixedReader struct{ b byte }

func (r *fixedReader) Read(p []byte) (int, error) {
	for i := range p {
		r.b = r.b*31 + 7
		p[i] = r.b
	}
	return len(p), nil
}

func testKey(t testing.TB, b byte) *KeyPair {
	t.Helper()
	kp, err := DeriveKeyPairFromSeed(bytes.Repeat([]byte{b}, SeedLen))
	if err != nil {
		t.Fatal(err)
	}
	return kp
}

func TestSignVerify(t *testing.T) {
	kp, other := testKey(t, 1), testKey(t, 2)
	msg := []byte("minca/space-invite/v1|bexample|did:key:zDnaexample")
	sig, err := kp.Sign(msg)
	if err != nil || len(sig) != SignatureLen {
		t.Fatalf("Sign = %x, %v", sig, err)
	}
	again, _ := kp.Sign(msg)
	if !bytes.Equal(sig, again) {
		t.Errorf("signing is not deterministic")
	}
	if err := Verify(kp.DID(), msg, sig); err != nil {
		t.Fatalf("Verify: %v", err)
	}
	if err := VerifyLowS(kp.DID(), msg, sig); err != nil {
		t.Fatalf("VerifyLowS: %v", err)
	}
	tampered := append([]byte(nil), sig...)
	tampered[10] ^= 1
	refused := []struct {
		name     string
		did      string
		msg, sig []byte
	}{
		{"other message", kp.DID(), []byte("x"), sig},
		{"other key", other.DID(), msg, sig},
		{"tampered", kp.DID(), msg, tampered},
		{"short", kp.DID(), msg, sig[:63]},
		{"long", kp.DID(), msg, append(append([]byte(nil), sig...), 0)},
		{"zero", kp.DID(), msg, make([]byte, 64)},
		{"r = n", kp.DID(), msg, append(p256N.FillBytes(make([]byte, 32)), sig[32:]...)},
		{"s = n", kp.DID(), msg, append(append([]byte(nil), sig[:32]...), p256N.FillBytes(make([]byte, 32))...)},
		{"s + n does not fit", kp.DID(), msg, append(append([]byte(nil), sig[:32]...), bytes.Repeat([]byte{0xff}, 32)...)},
	}
	for _, r := range refused {
		if err := Verify(r.did, r.msg, r.sig); !errors.Is(err, ErrSignature) {
			t.Errorf("%s: Verify = %v, want ErrSignature", r.name, err)
		}
	}
	if err := Verify("did:key:zbad", msg, sig); !errors.Is(err, ErrDID) {
		t.Errorf("bad DID: %v", err)
	}
}

// Our signatures are low-S; Verify accepts the high-S twin (our choice),
// VerifyLowS refuses it.
func TestLowS(t *testing.T) {
	kp := testKey(t, 3)
	highSeen := 0
	for i := range 64 {
		msg := []byte{byte(i)}
		sig, err := kp.Sign(msg)
		if err != nil {
			t.Fatal(err)
		}
		s := new(big.Int).SetBytes(sig[32:])
		if s.Cmp(halfN) > 0 {
			t.Fatalf("message %d: high S", i)
		}
		high := append(append([]byte(nil), sig[:32]...), new(big.Int).Sub(p256N, s).FillBytes(make([]byte, 32))...)
		if err := Verify(kp.DID(), msg, high); err != nil {
			t.Errorf("high-S twin refused by Verify: %v", err)
		} else {
			highSeen++
		}
		if err := VerifyLowS(kp.DID(), msg, high); !errors.Is(err, ErrSignature) {
			t.Errorf("high-S twin accepted by VerifyLowS: %v", err)
		}
	}
	if highSeen != 64 {
		t.Errorf("%d of 64 high-S twins verified", highSeen)
	}
}

// A signature made by the standard library's randomised signer (as a
// WebCrypto peer would make one) verifies once written as P1363.
func TestVerifyForeignSignature(t *testing.T) {
	kp := testKey(t, 4)
	msg := []byte("hello")
	digest := sha256.Sum256(msg)
	for range 16 {
		r, s, err := ecdsa.Sign(&fixedReader{}, kp.priv, digest[:])
		if err != nil {
			t.Fatal(err)
		}
		sig := append(r.FillBytes(make([]byte, 32)), s.FillBytes(make([]byte, 32))...)
		if err := Verify(kp.DID(), msg, sig); err != nil {
			t.Fatalf("Verify: %v", err)
		}
	}
}

func TestParseDIDRefuses(t *testing.T) {
	kp := testKey(t, 5)
	uncompressed, _ := kp.PublicKey().Bytes()
	p := unhex(t, "ffffffff00000001000000000000000000000000ffffffffffffffffffffffff")
	didOf := func(b ...[]byte) string { return DIDPrefix + enc.Base58(bytes.Join(b, nil)) }
	tests := []struct{ name, did string }{
		{"empty", ""},
		{"no prefix", kp.DID()[len("did:key:"):]},
		{"upper case method", strings.Replace(kp.DID(), "did:key", "DID:KEY", 1)},
		{"other multibase", "did:key:f" + kp.DID()[len(DIDPrefix):]},
		{"ed25519", "did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK"},
		{"secp256k1", didOf([]byte{0xe7, 0x01}, kp.CompressedPublicKey())},
		{"no multicodec", didOf(kp.CompressedPublicKey())},
		{"uncompressed", didOf(p256Multicodec, uncompressed)},
		{"trailing byte", didOf(p256Multicodec, kp.CompressedPublicKey(), []byte{0})},
		{"short point", didOf(p256Multicodec, kp.CompressedPublicKey()[:32])},
		{"prefix 04", didOf(p256Multicodec, []byte{4}, kp.CompressedPublicKey()[1:])},
		{"x = p", didOf(p256Multicodec, []byte{2}, p)},
		{"bad base58", kp.DID()[:20] + "0" + kp.DID()[21:]},
		{"only prefix", DIDPrefix},
		{"too long", DIDPrefix + strings.Repeat("2", 300)},
		{"not on curve", didOf(p256Multicodec, []byte{3}, notOnCurveX(t))},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if pub, err := ParseDID(tt.did); !errors.Is(err, ErrDID) {
				t.Fatalf("ParseDID(%q) = %v, %v; want ErrDID", tt.did, pub, err)
			}
			if IsDID(tt.did) {
				t.Fatal("IsDID true")
			}
		})
	}
}

func TestParsePublicKey(t *testing.T) {
	kp := testKey(t, 6)
	s := kp.EncodedPublicKey()
	if len(s) != EncodedPublicKeyLen {
		t.Fatalf("%d characters", len(s))
	}
	pub, err := ParsePublicKey(s)
	if err != nil || !pub.Equal(kp.PublicKey()) {
		t.Fatalf("ParsePublicKey: %v", err)
	}
	uncompressed, _ := kp.PublicKey().Bytes()
	for _, bad := range []string{
		"", s[:43], s + "A", s[:43] + "=",
		enc.B64URL(make([]byte, 33)),
		enc.B64URL(uncompressed),
		enc.B64URL(append([]byte{2}, notOnCurveX(t)...)),
		strings.NewReplacer("-", "+", "_", "/").Replace(enc.B64URL([]byte{0xfb, 0xff})) + s[3:],
	} {
		if _, err := ParsePublicKey(bad); !errors.Is(err, ErrPublicKey) {
			t.Errorf("ParsePublicKey(%q) = %v, want ErrPublicKey", bad, err)
		}
	}
	if _, err := ParseECDHPublicKey(s); err != nil {
		t.Errorf("ParseECDHPublicKey: %v", err)
	}
}

// notOnCurveX finds an x with no point on P-256.
func notOnCurveX(t *testing.T) []byte {
	for i := 1; i < 100; i++ {
		x := big.NewInt(int64(i)).FillBytes(make([]byte, 32))
		if px, _ := elliptic.UnmarshalCompressed(elliptic.P256(), append([]byte{2}, x...)); px == nil {
			return x
		}
	}
	t.Fatal("no x found")
	return nil
}

func TestKeyPairFromScalar(t *testing.T) {
	for _, d := range [][]byte{make([]byte, 32), p256N.FillBytes(make([]byte, 32)), make([]byte, 31)} {
		if _, err := KeyPairFromScalar(d); !errors.Is(err, ErrKeyLength) {
			t.Errorf("KeyPairFromScalar(%x): %v", d, err)
		}
	}
	kp := testKey(t, 7)
	back, err := KeyPairFromScalar(kp.PrivateBytes())
	if err != nil || back.DID() != kp.DID() {
		t.Fatalf("round trip: %v", err)
	}
	// ScalarFrom maps the extremes into [1, n−1].
	zero, _ := ScalarFrom(make([]byte, OKMLen))
	if new(big.Int).SetBytes(zero).Cmp(big.NewInt(1)) != 0 {
		t.Errorf("ScalarFrom(0) = %x, want 1", zero)
	}
	nm1 := append(make([]byte, 16), p256NMinus1.FillBytes(make([]byte, 32))...)
	one, _ := ScalarFrom(nm1)
	if new(big.Int).SetBytes(one).Cmp(big.NewInt(1)) != 0 {
		t.Errorf("ScalarFrom(n−1) = %x, want 1", one)
	}
	if _, err := ScalarFrom(make([]byte, 32)); !errors.Is(err, ErrKeyLength) {
		t.Errorf("ScalarFrom of 32 bytes: %v", err)
	}
	if _, err := DeriveKeyPairFromSeed(make([]byte, 15)); !errors.Is(err, ErrSeed) {
		t.Errorf("15-byte ikm: %v", err)
	}
}

func TestNewKeyPair(t *testing.T) {
	a, err := NewKeyPair(&fixedReader{1})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := NewKeyPair(&fixedReader{1})
	c, _ := NewKeyPair(&fixedReader{2})
	if a.DID() != b.DID() || a.DID() == c.DID() {
		t.Errorf("NewKeyPair is not a function of its reader")
	}
	if _, err := NewKeyPair(bytes.NewReader(make([]byte, 47))); !errors.Is(err, ErrRandom) {
		t.Errorf("short reader: %v", err)
	}
	if _, err := NewSeed(bytes.NewReader(make([]byte, 15))); !errors.Is(err, ErrRandom) {
		t.Errorf("short seed reader: %v", err)
	}
	seed, err := NewSeed(&fixedReader{3})
	if err != nil || len(seed) != SeedLen {
		t.Errorf("NewSeed = %x, %v", seed, err)
	}
}

func TestRecoveryCodeRefuses(t *testing.T) {
	for _, code := range []string{"", "008J-4CT4-ANK7-F24S-NAXW-SQFE-Z", "008J-4CT4-ANK7-F24S-NAXW-SQFE-ZWW",
		"008J-4CT4-ANK7-F24S-NAXW-SQFE-Z*", "008J_4CT4_ANK7_F24S_NAXW_SQFE_ZW", "008J-4CT4-ANK7-F24S-NAXW-SQFE-ZÉ",
		strings.Repeat("0", 300)} {
		if seed, err := ParseRecoveryCode(code); !errors.Is(err, ErrRecoveryCode) {
			t.Errorf("ParseRecoveryCode(%q) = %x, %v", code, seed, err)
		}
	}
	if _, err := RecoveryCode(make([]byte, 15)); !errors.Is(err, ErrSeed) {
		t.Errorf("15-byte seed: %v", err)
	}
	for i := range 200 {
		seed, _ := NewSeed(&fixedReader{byte(i)})
		code, _ := RecoveryCode(seed)
		back, err := ParseRecoveryCode(code)
		if err != nil || !bytes.Equal(back, seed) || len(code) != 32 {
			t.Fatalf("round trip of %x via %q: %x, %v", seed, code, back, err)
		}
	}
}

func TestDIDCache(t *testing.T) {
	var c DIDCache
	kp := testKey(t, 8)
	msg := []byte("m")
	sig, _ := kp.Sign(msg)
	for range 3 {
		if err := c.Verify(kp.DID(), msg, sig); err != nil {
			t.Fatal(err)
		}
	}
	if err := c.Verify(kp.DID(), []byte("other"), sig); !errors.Is(err, ErrSignature) {
		t.Errorf("cached key verified another message: %v", err)
	}
	if err := c.Verify("did:key:zbad", msg, sig); !errors.Is(err, ErrDID) {
		t.Errorf("bad DID: %v", err)
	}
	for i := range DIDCacheSize + 10 { // overflow starts again, still correct
		seed := bytes.Repeat([]byte{byte(i)}, SeedLen)
		seed[0], seed[1] = byte(i>>8), byte(i)
		k, _ := DeriveKeyPairFromSeed(seed)
		if i%1000 == 0 {
			s, _ := k.Sign(msg)
			if err := c.Verify(k.DID(), msg, s); err != nil {
				t.Fatal(err)
			}
		} else if _, err := c.Key(k.DID()); err != nil {
			t.Fatal(err)
		}
	}
	if len(c.keys) > DIDCacheSize {
		t.Errorf("cache holds %d keys", len(c.keys))
	}
}

func TestKeyPairPrintsNoSecret(t *testing.T) {
	kp := testKey(t, 9)
	for _, s := range []string{fmt.Sprint(kp), fmt.Sprintf("%v %+v %#v %s", kp, kp, kp, kp)} {
		if strings.Contains(s, hex.EncodeToString(kp.PrivateBytes())) || !strings.Contains(s, kp.DID()) {
			t.Errorf("printed as %q", s)
		}
	}
}

func TestRecoveryCodeWhiteSpace(t *testing.T) {
	want, _ := ParseRecoveryCode("008J-4CT4-ANK7-F24S-NAXW-SQFE-ZW")
	for _, code := range []string{"008J\t4CT4\vANK7\fF24S\u1680NAXW\u202fSQFE\u2029ZW", "\ufeff008J 4CT4\u00a0ANK7\u2003F24S\u3000NAXW\u2028SQFE\r\nZW"} {
		if got, err := ParseRecoveryCode(code); err != nil || !bytes.Equal(got, want) {
			t.Errorf("ParseRecoveryCode(%q) = %x, %v", code, got, err)
		}
	}
	// U+0085 is space to Go but not to JavaScript's \s: refused, as there.
	if _, err := ParseRecoveryCode("008J\u00854CT4-ANK7-F24S-NAXW-SQFE-ZW"); !errors.Is(err, ErrRecoveryCode) {
		t.Errorf("U+0085 accepted: %v", err)
	}
}

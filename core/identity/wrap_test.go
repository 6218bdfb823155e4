package identity

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/pbkdf2"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"testing"

	"minca.dev/desktop/core/enc"
)

// The passphrase wrap of an account vault (docs/spec/01-identity.md §12)
// is a later issue's; this checks the documented construction against
// Weave's vector, so the document is right when that issue starts.
func TestPassphraseWrapVector(t *testing.T) {
	if testing.Short() {
		t.Skip("600,000 PBKDF2 rounds")
	}
	b, err := os.ReadFile("testdata/vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	var v struct {
		W struct {
			Passphrase, Salt, IV, Ciphertext, Seed, DID string
			Iterations                                  int
		} `json:"passphrase_wrap"`
	}
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	w := v.W
	salt, err1 := enc.DecodeB64URL(w.Salt)
	iv, err2 := enc.DecodeB64URL(w.IV)
	ct, err3 := enc.DecodeB64URL(w.Ciphertext)
	if err1 != nil || err2 != nil || err3 != nil || len(salt) != 16 || len(iv) != 12 || len(ct) != 32 {
		t.Fatalf("wrap fields: %v %v %v", err1, err2, err3)
	}
	// NFKC leaves this ASCII passphrase as it is.
	key, err := pbkdf2.Key(sha256.New, w.Passphrase, salt, w.Iterations, 32)
	if err != nil {
		t.Fatal(err)
	}
	block, _ := aes.NewCipher(key)
	gcm, _ := cipher.NewGCM(block)
	seed, err := gcm.Open(nil, iv, ct, nil) // no AAD in Weave's wraps
	if err != nil || hex.EncodeToString(seed) != w.Seed {
		t.Fatalf("unwrap = %x, %v; want %s", seed, err, w.Seed)
	}
	kp, err := DeriveKeyPairFromSeed(seed)
	if err != nil || kp.DID() != w.DID {
		t.Fatalf("DID %v, %v; want %s", kp, err, w.DID)
	}
}

package vault

import (
	"bytes"
	"crypto/rand"
	"errors"
	"strings"
	"testing"

	"minca.dev/desktop/core/enc"
)

func TestNewPassphraseRule(t *testing.T) {
	for _, pass := range []string{"", "short", "1234567", "ﬁﬁﬁﬁﬁﬁﬁ"} {
		if err := CheckNewPassphrase(pass); !errors.Is(err, ErrShortPassphrase) {
			t.Errorf("%q: %v, want ErrShortPassphrase", pass, err)
		}
	}
	// Counted in characters, not bytes: seven é are 14 bytes and too short.
	if err := CheckNewPassphrase(strings.Repeat("é", MinPassphraseLen-1)); !errors.Is(err, ErrShortPassphrase) {
		t.Errorf("seven é: %v", err)
	}
	for _, pass := range []string{"12345678", strings.Repeat("é", MinPassphraseLen), "correct horse"} {
		if err := CheckNewPassphrase(pass); err != nil {
			t.Errorf("%q refused: %v", pass, err)
		}
	}
}

func TestAddPassphraseRefusesShort(t *testing.T) {
	seed := seedOf(1)
	v, err := NewVault(seed, "Ada", now)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := v.AddPassphrase(seed, "hunter2", "P", now, rand.Reader); !errors.Is(err, ErrShortPassphrase) {
		t.Fatalf("short passphrase: %v", err)
	}
	if len(v.Wraps) != 0 || v.HasPassphrase() {
		t.Fatalf("a refused passphrase added a wrap: %+v", v.Wraps)
	}
	if _, err := v.AddPassphrase(seed, "hunter2 hunter2", "P", now, rand.Reader); err != nil || !v.HasPassphrase() {
		t.Fatalf("long enough: %v", err)
	}
}

// An account locked before the rule, with a short passphrase, still opens
// with it: the rule is for setting one, not for opening.
func TestShortPassphraseOfOldVaultOpens(t *testing.T) {
	seed := seedOf(3)
	v, err := NewVault(seed, "Old", now)
	if err != nil {
		t.Fatal(err)
	}
	salt := bytes.Repeat([]byte{7}, saltLen)
	key, err := passphraseKey("pw", salt, MinIterations)
	if err != nil {
		t.Fatal(err)
	}
	iv, ct, err := seal(key, seed, rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	v.Wraps = append(v.Wraps, Wrap{Kind: KindPassphrase, ID: "b2xkLXdyYXA", Label: "P", AddedAt: now,
		Salt: enc.B64URL(salt), Iterations: MinIterations, IV: iv, Ciphertext: ct})
	b, err := v.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	back, err := ParseVault(b)
	if err != nil || back.Skipped != 0 {
		t.Fatalf("parse: %v skipped %d", err, back.Skipped)
	}
	if s, err := back.OpenPassphrase("pw"); err != nil || !bytes.Equal(s, seed) {
		t.Fatalf("old short passphrase: %v", err)
	}
}

package runtime

import (
	"context"
	"crypto/aes"
	"crypto/cipher"
	"crypto/pbkdf2"
	"crypto/rand"
	"crypto/sha256"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"minca.dev/desktop/core/enc"
	"minca.dev/desktop/keychain"
	"minca.dev/desktop/node/api"
	"minca.dev/desktop/node/folder"
	"minca.dev/desktop/node/vault"
)

const (
	shortPass = "seven!!"                  // one character short of vault.MinPassphraseLen
	longPass  = "a passphrase long enough" // well over it
)

// tree is every file under dirs with its bytes: what a refused call must
// leave as it was.
func tree(t *testing.T, dirs ...string) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, d := range dirs {
		err := filepath.WalkDir(d, func(p string, e fs.DirEntry, err error) error {
			if err != nil || e.IsDir() {
				return err
			}
			b, err := os.ReadFile(p)
			out[p] = string(b)
			return err
		})
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			t.Fatal(err)
		}
	}
	return out
}

func sameTree(t *testing.T, what string, before, after map[string]string) {
	t.Helper()
	for p, b := range after {
		if a, ok := before[p]; !ok || a != b {
			t.Errorf("%s wrote %s", what, p)
		}
	}
	for p := range before {
		if _, ok := after[p]; !ok {
			t.Errorf("%s removed %s", what, p)
		}
	}
}

func wantShortRefused(t *testing.T, what string, err error) {
	t.Helper()
	if api.CodeOf(err) != api.CodeInvalid || !errors.Is(err, vault.ErrShortPassphrase) {
		t.Fatalf("%s: %v, want invalid wrapping ErrShortPassphrase", what, err)
	}
	if msg := err.Error(); !strings.Contains(msg, "at least 8 characters") || strings.Contains(msg, "vault:") {
		t.Fatalf("%s: message %q is not a person's", what, msg)
	}
}

// nodeIn is a node without a usable keychain whose data folder is dir.
func nodeIn(t *testing.T, home, dir string) *Node {
	t.Helper()
	kc := keychain.NewMemory()
	kc.SetUnavailable("test: no keychain")
	n := openWith(t, home, kc)
	if dir != "" {
		n.mu.Lock()
		n.st.Folder = dir
		n.mu.Unlock()
	}
	return n
}

func TestCreateRefusesShortPassphrase(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	home, data := filepath.Join(dir, "home"), filepath.Join(dir, "Data")
	n := nodeIn(t, home, data)
	before := tree(t, home, data)
	_, err := n.CreateAccount(ctx, api.CreateAccount{ProfileName: "Ana", Passphrase: shortPass})
	wantShortRefused(t, "create", err)
	sameTree(t, "a refused create", before, tree(t, home, data))
	if _, err := n.Account(ctx); api.CodeOf(err) != api.CodeNoAccount {
		t.Fatalf("after the refusal: %v, want no account", err)
	}
	if _, err := n.CreateAccount(ctx, api.CreateAccount{ProfileName: "Ana", Passphrase: "eight ch"}); err != nil {
		t.Fatalf("eight characters: %v", err)
	}
}

// A recovery code into a folder that holds no account makes a new vault:
// its passphrase is new, so the rule applies.
func TestRestoreByCodeRefusesShortPassphrase(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	a := nodeIn(t, filepath.Join(dir, "a"), filepath.Join(dir, "A"))
	acc, err := a.CreateAccount(ctx, api.CreateAccount{ProfileName: "Ana", Passphrase: longPass})
	if err != nil {
		t.Fatal(err)
	}
	home, data := filepath.Join(dir, "b"), filepath.Join(dir, "B")
	b := nodeIn(t, home, data)
	before := tree(t, home, data)
	_, err = b.RestoreAccount(ctx, api.RestoreAccount{RecoveryCode: acc.RecoveryCode, Passphrase: shortPass})
	wantShortRefused(t, "restore by recovery code", err)
	sameTree(t, "a refused restore", before, tree(t, home, data))
	if got, err := b.RestoreAccount(ctx, api.RestoreAccount{RecoveryCode: acc.RecoveryCode, Passphrase: longPass}); err != nil || got.DID != acc.Account.DID {
		t.Fatalf("restore with a long passphrase: %+v %v", got, err)
	}
}

// A folder holding an account whose key only a keychain kept (no passphrase
// wrap), restored with its recovery code on a computer with no keychain: a
// passphrase is asked, a short one refused with the vault untouched, and a
// good one added, so the account opens with it after a restart.
func TestRestoreFromFolderSetsPassphrase(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	shared := filepath.Join(dir, "Shared")
	a := openWith(t, filepath.Join(dir, "a"), keychain.NewMemory())
	if _, err := a.SetFolder(ctx, api.SetFolder{Path: shared, Mode: "use"}); err != nil {
		t.Fatal(err)
	}
	acc, err := a.CreateAccount(ctx, api.CreateAccount{ProfileName: "Ana"})
	if err != nil || acc.Account.KeyStore != KeyStoreKeychain {
		t.Fatalf("create with keychain: %+v %v", acc, err)
	}
	a.Close()

	home := filepath.Join(dir, "b")
	b := nodeIn(t, home, "")
	req := api.RestoreAccount{Folder: shared, RecoveryCode: acc.RecoveryCode}
	before := tree(t, home, shared)
	if _, err := b.RestoreAccount(ctx, req); api.CodeOf(err) != api.CodeUnavailable {
		t.Fatalf("no keychain, no passphrase: %v, want unavailable", err)
	}
	req.Passphrase = shortPass
	_, err = b.RestoreAccount(ctx, req)
	wantShortRefused(t, "restore from folder", err)
	sameTree(t, "a refused restore from the folder", before, tree(t, home, shared))
	req.Passphrase = longPass
	if got, err := b.RestoreAccount(ctx, req); err != nil || got.DID != acc.Account.DID || got.KeyStore != KeyStorePassphrase {
		t.Fatalf("restore from folder with a passphrase: %+v %v", got, err)
	}
	b.Close()

	b = nodeIn(t, home, "")
	if _, err := b.Spaces(ctx); api.CodeOf(err) != api.CodeLocked {
		t.Fatalf("after restart: %v, want locked", err)
	}
	if _, err := b.RestoreAccount(ctx, api.RestoreAccount{Passphrase: longPass}); err != nil {
		t.Fatalf("the added passphrase unlocks: %v", err)
	}
}

// A vault locked before the rule with a short passphrase still unlocks with
// it: opening never applies the rule.
func TestUnlockWithOldShortPassphrase(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	home, data := filepath.Join(dir, "home"), filepath.Join(dir, "Data")
	n := nodeIn(t, home, data)
	acc, err := n.CreateAccount(ctx, api.CreateAccount{ProfileName: "Ana", Passphrase: longPass})
	if err != nil {
		t.Fatal(err)
	}
	n.Close()
	replaceWithShortWrap(t, data, n.st.AccountID, acc.RecoveryCode, "pw")

	n = nodeIn(t, home, "")
	if _, err := n.RestoreAccount(ctx, api.RestoreAccount{Passphrase: longPass}); api.CodeOf(err) != api.CodeLocked {
		t.Fatalf("the replaced passphrase: %v, want locked", err)
	}
	if _, err := n.RestoreAccount(ctx, api.RestoreAccount{Passphrase: "pw"}); err != nil {
		t.Fatalf("old short passphrase: %v", err)
	}
}

// replaceWithShortWrap makes the account's vault one an older Minca could
// have written: its only passphrase wrap is for pass, however short, sealed
// as 01 §12 says (PBKDF2-HMAC-SHA256, 600,000 rounds, AES-256-GCM).
func replaceWithShortWrap(t *testing.T, dir, id, code, pass string) {
	t.Helper()
	root, err := folder.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	v, err := vault.ReadVault(root, id)
	if err != nil {
		t.Fatal(err)
	}
	seed, err := v.OpenRecovery(code)
	if err != nil {
		t.Fatal(err)
	}
	salt, iv := make([]byte, 16), make([]byte, 12)
	rand.Read(salt)
	rand.Read(iv)
	key, err := pbkdf2.Key(sha256.New, pass, salt, vault.MinIterations, 32)
	if err != nil {
		t.Fatal(err)
	}
	blk, _ := aes.NewCipher(key)
	g, _ := cipher.NewGCM(blk)
	var old []string
	for _, w := range v.Wraps {
		old = append(old, w.ID)
	}
	v.Wraps = []vault.Wrap{{Kind: vault.KindPassphrase, ID: "b2xkLXdyYXA", Label: "Old", AddedAt: v.CreatedAt,
		Salt: enc.B64URL(salt), Iterations: vault.MinIterations, IV: enc.B64URL(iv), Ciphertext: enc.B64URL(g.Seal(nil, iv, seed, nil))}}
	if err := vault.WriteVault(root, id, v, old...); err != nil {
		t.Fatal(err)
	}
}

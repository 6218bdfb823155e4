package runtime

import (
	"context"
	"path/filepath"
	"testing"

	"minca.dev/desktop/keychain"
	"minca.dev/desktop/node/api"
	"minca.dev/desktop/node/paths"
)

func openWith(t *testing.T, home string, kc *keychain.Memory) *Node {
	t.Helper()
	cfg := Config{Env: paths.Env{GOOS: "linux", Home: home}}
	if kc != nil {
		cfg.Keychain = kc
	}
	n, err := Open(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { n.Close() })
	return n
}

// With a usable keychain the account needs no passphrase and opens by
// itself after a restart; when the keychain goes away it is locked, never
// opened some other way, until the passphrase is given.
func TestKeychainAccount(t *testing.T) {
	ctx := context.Background()
	home := filepath.Join(t.TempDir(), "home")
	kc := keychain.NewMemory()
	n := openWith(t, home, kc)
	acc, err := n.CreateAccount(ctx, api.CreateAccount{ProfileName: "Alice", Passphrase: "spare passphrase"})
	if err != nil {
		t.Fatal(err)
	}
	if acc.Account.KeyStore != KeyStoreKeychain {
		t.Fatalf("key store %q", acc.Account.KeyStore)
	}
	if _, err := n.CreateSpace(ctx, api.CreateSpace{Name: "S", Template: "notebook"}); err != nil {
		t.Fatal(err)
	}
	n.Close()

	n = openWith(t, home, kc)
	if got, err := n.Spaces(ctx); err != nil || len(got) != 1 {
		t.Fatalf("after restart with keychain: %v %v", got, err)
	}
	n.Close()

	kc.SetUnavailable("test: no session bus")
	n = openWith(t, home, kc)
	_, err = n.Spaces(ctx)
	if api.CodeOf(err) != api.CodeLocked {
		t.Fatalf("without keychain: %v, want locked", err)
	}
	if _, err := n.RestoreAccount(ctx, api.RestoreAccount{Passphrase: "wrong"}); api.CodeOf(err) != api.CodeLocked {
		t.Fatalf("wrong passphrase: %v", err)
	}
	if _, err := n.RestoreAccount(ctx, api.RestoreAccount{Passphrase: "spare passphrase"}); err != nil {
		t.Fatalf("passphrase: %v", err)
	}
	if got, err := n.Spaces(ctx); err != nil || len(got) != 1 {
		t.Fatalf("after unlocking: %v %v", got, err)
	}
}

// No keychain and no passphrase: creating says so (CodeUnavailable) and
// writes nothing.
func TestNoKeychainNeedsPassphrase(t *testing.T) {
	ctx := context.Background()
	kc := keychain.NewMemory()
	kc.SetUnavailable("test")
	n := openWith(t, filepath.Join(t.TempDir(), "home"), kc)
	_, err := n.CreateAccount(ctx, api.CreateAccount{ProfileName: "Alice"})
	if api.CodeOf(err) != api.CodeUnavailable {
		t.Fatalf("create without keychain or passphrase: %v", err)
	}
	if _, err := n.Account(ctx); api.CodeOf(err) != api.CodeNoAccount {
		t.Fatalf("after the refusal: %v", err)
	}
	a, err := n.CreateAccount(ctx, api.CreateAccount{ProfileName: "Alice", Passphrase: "pass phrase"})
	if err != nil || a.Account.KeyStore != KeyStorePassphrase {
		t.Fatalf("with a passphrase: %+v %v", a, err)
	}
}

// A second node restores the account from a data folder that holds it,
// with its passphrase; the seed never lies in the clear in the folder.
func TestRestoreFromFolder(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	folderDir := filepath.Join(dir, "Shared")
	n := openWith(t, filepath.Join(dir, "h1"), nil)
	if _, err := n.SetFolder(ctx, api.SetFolder{Path: folderDir, Mode: "use"}); err != nil {
		t.Fatal(err)
	}
	acc, err := n.CreateAccount(ctx, api.CreateAccount{ProfileName: "Alice", Passphrase: "pass phrase"})
	if err != nil {
		t.Fatal(err)
	}
	f, err := n.Folder(ctx)
	if err != nil || !f.HoldsThis || f.Accounts != 1 || f.Path != folderDir {
		t.Fatalf("folder %+v %v", f, err)
	}
	m := openWith(t, filepath.Join(dir, "h2"), nil)
	if _, err := m.RestoreAccount(ctx, api.RestoreAccount{Folder: folderDir, Passphrase: "wrong"}); api.CodeOf(err) != api.CodeLocked {
		t.Fatalf("wrong passphrase: %v", err)
	}
	got, err := m.RestoreAccount(ctx, api.RestoreAccount{Folder: folderDir, Passphrase: "pass phrase"})
	if err != nil || got.DID != acc.Account.DID {
		t.Fatalf("restore from folder: %+v %v", got, err)
	}
}

package runtime

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"minca.dev/desktop/keychain"
	"minca.dev/desktop/node/api"
)

// keychainAccount makes an account whose key only a keychain keeps (no
// passphrase wrap) in the data folder shared; it returns the recovery code.
func keychainAccount(t *testing.T, home, shared string) api.NewAccount {
	t.Helper()
	ctx := context.Background()
	a := openWith(t, home, keychain.NewMemory())
	if _, err := a.SetFolder(ctx, api.SetFolder{Path: shared, Mode: "use"}); err != nil {
		t.Fatal(err)
	}
	acc, err := a.CreateAccount(ctx, api.CreateAccount{ProfileName: "Ana"})
	if err != nil || acc.Account.KeyStore != KeyStoreKeychain {
		t.Fatalf("create with keychain: %+v %v", acc, err)
	}
	a.Close()
	return acc
}

func wantKeychainOnly(t *testing.T, what string, err error) {
	t.Helper()
	if api.CodeOf(err) != api.CodeKeychainOnly || !errors.Is(err, ErrKeychainOnly) {
		t.Fatalf("%s: %v, want keychain_only wrapping ErrKeychainOnly", what, err)
	}
	if !strings.Contains(err.Error(), "use your recovery code") {
		t.Fatalf("%s: message %q does not say what to do", what, err.Error())
	}
}

// A passphrase given for a folder's account whose vault has no passphrase
// wrap is refused with ErrKeychainOnly, with or without a keychain here;
// the refusal changes nothing, so the recovery code then opens it.
func TestRestoreFromFolderKeychainOnly(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	shared := filepath.Join(dir, "Shared")
	acc := keychainAccount(t, filepath.Join(dir, "a"), shared)

	other := openWith(t, filepath.Join(dir, "c"), keychain.NewMemory()) // another computer's keychain
	_, err := other.RestoreAccount(ctx, api.RestoreAccount{Folder: shared, Passphrase: longPass})
	wantKeychainOnly(t, "with a keychain", err)
	other.Close()

	home := filepath.Join(dir, "b")
	b := nodeIn(t, home, "")
	before := tree(t, home, shared)
	_, err = b.RestoreAccount(ctx, api.RestoreAccount{Folder: shared, Passphrase: longPass})
	wantKeychainOnly(t, "without a keychain", err)
	sameTree(t, "a refused restore from the folder", before, tree(t, home, shared))
	if _, err := b.Account(ctx); api.CodeOf(err) != api.CodeNoAccount {
		t.Fatalf("after the refusal: %v, want no account", err)
	}
	got, err := b.RestoreAccount(ctx, api.RestoreAccount{Folder: shared, RecoveryCode: acc.RecoveryCode, Passphrase: longPass})
	if err != nil || got.DID != acc.Account.DID {
		t.Fatalf("the recovery code then: %+v %v", got, err)
	}
}

// A keychain account on a computer whose keychain went away is locked: the
// keychain is not tried for a passphrase it never had (ErrKeychainOnly), the
// hint names the recovery code, and the recovery code with a new passphrase
// opens it.
func TestUnlockKeychainAccountWithoutKeychain(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	home := filepath.Join(dir, "a")
	acc := keychainAccount(t, home, filepath.Join(dir, "Shared"))

	n := nodeIn(t, home, "")
	if _, err := n.Spaces(ctx); api.CodeOf(err) != api.CodeLocked {
		t.Fatalf("without keychain: %v, want locked", err)
	}
	var e *api.Error
	if _, err := n.RestoreAccount(ctx, api.RestoreAccount{}); !errors.As(err, &e) || e.Code != api.CodeLocked || e.Hint != "give the recovery code" {
		t.Fatalf("nothing given: %#v, want locked with the recovery code's hint", err)
	}
	_, err := n.RestoreAccount(ctx, api.RestoreAccount{Passphrase: longPass})
	wantKeychainOnly(t, "a passphrase never set", err)
	if _, err := n.Spaces(ctx); api.CodeOf(err) != api.CodeLocked {
		t.Fatalf("after the refusals: %v, want still locked", err)
	}
	got, err := n.RestoreAccount(ctx, api.RestoreAccount{RecoveryCode: acc.RecoveryCode, Passphrase: longPass})
	if err != nil || got.DID != acc.Account.DID || got.KeyStore != KeyStorePassphrase {
		t.Fatalf("the recovery code: %+v %v", got, err)
	}
}

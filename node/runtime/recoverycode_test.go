package runtime

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"minca.dev/desktop/keychain"
	"minca.dev/desktop/node/api"
)

// An account made with CheckCode keeps the mark across restarts, in the
// node's state and not in the data folder; RecoveryCode gives the same
// code again (after the passphrase unlocks a locked node) until
// ConfirmRecoveryCode, then never again. Without CheckCode there is no mark.
func TestRecoveryCodeUncheckedSurvivesRestart(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	home, data := filepath.Join(dir, "home"), filepath.Join(dir, "Minca")
	a := nodeIn(t, home, data)
	acc, err := a.CreateAccount(ctx, api.CreateAccount{ProfileName: "Ana", Passphrase: longPass, CheckCode: true})
	if err != nil || !acc.Account.CodeUnchecked {
		t.Fatalf("create with CheckCode: %+v %v, want the mark", acc.Account, err)
	}
	a.Close()
	if b, err := os.ReadFile(filepath.Join(data, "accounts.json")); err != nil || strings.Contains(string(b), "codeUnchecked") {
		t.Fatalf("accounts.json %s %v: the mark is the node's, not the folder's", b, err)
	}

	b := nodeIn(t, home, "")
	got, err := b.Account(ctx)
	if err != nil || !got.CodeUnchecked {
		t.Fatalf("after a restart: %+v %v, want the mark kept", got, err)
	}
	_, err = b.RecoveryCode(ctx)
	wantAPICode(t, "RecoveryCode while locked", err, api.CodeLocked)
	if _, err := b.RestoreAccount(ctx, api.RestoreAccount{Passphrase: longPass}); err != nil {
		t.Fatalf("unlock: %v", err)
	}
	if code, err := b.RecoveryCode(ctx); err != nil || code != acc.RecoveryCode {
		t.Fatalf("RecoveryCode %q %v, want the code made: %q", code, err, acc.RecoveryCode)
	}
	if err := b.ConfirmRecoveryCode(ctx); err != nil {
		t.Fatalf("confirm: %v", err)
	}
	b.Close()

	c := nodeIn(t, home, "")
	if _, err := c.RestoreAccount(ctx, api.RestoreAccount{Passphrase: longPass}); err != nil {
		t.Fatalf("unlock: %v", err)
	}
	if got, err := c.Account(ctx); err != nil || got.CodeUnchecked {
		t.Fatalf("after the check and a restart: %+v %v, want no mark", got, err)
	}
	_, err = c.RecoveryCode(ctx)
	wantAPICode(t, "RecoveryCode once checked", err, api.CodeNotFound)
	if err := c.ConfirmRecoveryCode(ctx); err != nil {
		t.Fatalf("confirm again: %v, want nothing changed", err)
	}

	d := nodeIn(t, filepath.Join(dir, "other"), filepath.Join(dir, "Other"))
	plain, err := d.CreateAccount(ctx, api.CreateAccount{ProfileName: "Ben", Passphrase: longPass})
	if err != nil || plain.Account.CodeUnchecked {
		t.Fatalf("create without CheckCode: %+v %v, want no mark", plain.Account, err)
	}
	_, err = d.RecoveryCode(ctx)
	wantAPICode(t, "RecoveryCode never asked back", err, api.CodeNotFound)
}

// FolderAccount reads what opens a folder's account before any restore:
// a keychain-only account says so (no passphrase), and this computer's
// keychain, when it holds the key, opens it with nothing typed; another
// keychain does not, and that refusal changes nothing.
func TestFolderAccountSaysWhatOpensIt(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	shared := filepath.Join(dir, "Shared")
	kc := keychain.NewMemory()
	a := openWith(t, filepath.Join(dir, "a"), kc)
	if _, err := a.SetFolder(ctx, api.SetFolder{Path: shared, Mode: "use"}); err != nil {
		t.Fatal(err)
	}
	acc, err := a.CreateAccount(ctx, api.CreateAccount{ProfileName: "Ana"})
	if err != nil {
		t.Fatal(err)
	}
	a.Close()

	other := openWith(t, filepath.Join(dir, "c"), keychain.NewMemory())
	fa, err := other.FolderAccount(ctx, shared)
	if err != nil || fa.DID != acc.Account.DID || fa.ProfileName != "Ana" || fa.Passphrase || fa.Keychain {
		t.Fatalf("another computer: %+v %v, want Ana's, neither passphrase nor keychain", fa, err)
	}
	before := tree(t, filepath.Join(dir, "c"), shared)
	_, err = other.RestoreAccount(ctx, api.RestoreAccount{Folder: shared})
	var e *api.Error
	if !errors.As(err, &e) || e.Code != api.CodeLocked || e.Reason != api.ReasonKeychainRefused || e.Hint != "give the recovery code" {
		t.Fatalf("restore with another keychain: %#v, want locked, the recovery code's hint", err)
	}
	sameTree(t, "a refused restore with nothing typed", before, tree(t, filepath.Join(dir, "c"), shared))

	// The same computer, its node's own state gone: the keychain opens it.
	same := openWith(t, filepath.Join(dir, "a2"), kc)
	if fa, err := same.FolderAccount(ctx, shared); err != nil || !fa.Keychain || fa.Passphrase {
		t.Fatalf("this computer: %+v %v, want the keychain", fa, err)
	}
	if got, err := same.RestoreAccount(ctx, api.RestoreAccount{Folder: shared}); err != nil || got.DID != acc.Account.DID {
		t.Fatalf("restore with this keychain: %+v %v", got, err)
	}

	b := nodeIn(t, filepath.Join(dir, "b"), filepath.Join(dir, "B"))
	if _, err := b.CreateAccount(ctx, api.CreateAccount{ProfileName: "Ben", Passphrase: longPass}); err != nil {
		t.Fatal(err)
	}
	if fa, err := b.FolderAccount(ctx, ""); err != nil || !fa.Passphrase || fa.ProfileName != "Ben" {
		t.Fatalf("the node's own folder: %+v %v, want its passphrase", fa, err)
	}
	missing := filepath.Join(dir, "nowhere")
	_, err = b.FolderAccount(ctx, missing)
	wantAPICode(t, "a folder that does not exist", err, api.CodeNotFound)
	if _, err := os.Stat(missing); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("FolderAccount made %s: %v", missing, err)
	}
	_, err = b.FolderAccount(ctx, "relative/path")
	wantAPICode(t, "a relative path", err, api.CodeInvalid)
}

func wantAPICode(t *testing.T, what string, err error, code api.Code) {
	t.Helper()
	if api.CodeOf(err) != code {
		t.Fatalf("%s: %v, want %s", what, err, code)
	}
}

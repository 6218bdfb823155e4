package runtime

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"minca.dev/desktop/keychain"
	"minca.dev/desktop/node/api"
)

// Before there is an account, Status says whether a new one's key needs a
// passphrase (no keychain usable), so the first run asks for it from the
// start (issue 8); once an account exists it no longer looks.
func TestStatusNoKeychain(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	kc := keychain.NewMemory()
	n := openWith(t, filepath.Join(dir, "home"), kc)
	if st, _ := n.Status(ctx); st.NoKeychain {
		t.Fatal("a usable keychain reads as none")
	}
	kc.SetUnavailable("no Secret Service")
	if st, _ := n.Status(ctx); !st.NoKeychain {
		t.Fatal("no keychain, and Status does not say so")
	}
	if _, err := n.SetFolder(ctx, api.SetFolder{Path: filepath.Join(dir, "A"), Mode: api.FolderUse}); err != nil {
		t.Fatal(err)
	}
	if _, err := n.CreateAccount(ctx, api.CreateAccount{ProfileName: "Alice", Passphrase: "pass phrase"}); err != nil {
		t.Fatal(err)
	}
	if st, _ := n.Status(ctx); st.NoKeychain {
		t.Fatal("Status still looks at the keychain once the account exists")
	}
	none := openWith(t, filepath.Join(dir, "none"), nil)
	if st, _ := none.Status(ctx); !st.NoKeychain {
		t.Fatal("a node given no keychain reads as having one")
	}
}

// A restore given text that is no recovery code says so, and what one looks
// like, in words; nothing is restored.
func TestRestoreNotARecoveryCode(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	n := openWith(t, filepath.Join(dir, "home"), keychain.NewMemory())
	_, err := n.RestoreAccount(ctx, api.RestoreAccount{RecoveryCode: "hello"})
	if api.CodeOf(err) != api.CodeInvalid {
		t.Fatalf("want invalid, got %v", err)
	}
	shown := api.Explain(err)
	if !strings.HasPrefix(shown.Message, "That is not a recovery code") || !strings.Contains(shown.Message, "26 letters and digits") || shown.Detail == "" {
		t.Fatalf("shown as %q (detail %q)", shown.Message, shown.Detail)
	}
	if st, _ := n.Status(ctx); st.Account != "" {
		t.Fatalf("an account after a refused code: %s", st.Account)
	}
}

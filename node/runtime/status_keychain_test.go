package runtime

import (
	"context"
	"path/filepath"
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

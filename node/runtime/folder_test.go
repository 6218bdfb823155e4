package runtime

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"minca.dev/desktop/node/api"
)

// The data folder (05 §14): "use" on an empty folder writes the account's
// vault there; "move" copies and verifies, leaving the old copy; the node
// reopens from the folder it switched to; its own stores may not be in it.
func TestSetFolder(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	home := filepath.Join(dir, "home")
	n := openWith(t, home, nil)
	if _, err := n.SetFolder(ctx, api.SetFolder{Path: filepath.Join(dir, "A"), Mode: "use"}); err != nil {
		t.Fatal(err)
	}
	if _, err := n.CreateAccount(ctx, api.CreateAccount{ProfileName: "Alice", Passphrase: "pass phrase"}); err != nil {
		t.Fatal(err)
	}
	b, err := n.SetFolder(ctx, api.SetFolder{Path: filepath.Join(dir, "B"), Mode: "use"})
	if err != nil || !b.HoldsThis || !b.Chosen {
		t.Fatalf("use B: %+v %v", b, err)
	}
	c, err := n.SetFolder(ctx, api.SetFolder{Path: filepath.Join(dir, "C"), Mode: "move"})
	if err != nil || !c.HoldsThis {
		t.Fatalf("move to C: %+v %v", c, err)
	}
	if _, err := os.Stat(filepath.Join(dir, "B", "accounts.json")); err != nil {
		t.Fatalf("the old copy is gone: %v", err)
	}
	if _, err := n.SetFolder(ctx, api.SetFolder{Path: filepath.Join(dir, "C"), Mode: "move"}); api.CodeOf(err) != api.CodeConflict {
		t.Fatalf("move onto a non-empty folder: %v", err)
	}
	if _, err := n.SetFolder(ctx, api.SetFolder{Path: n.dir, Mode: "use"}); api.CodeOf(err) != api.CodeInvalid {
		t.Fatalf("folder = the node's own store dir: %v", err)
	}
	n.Close()
	m := openWith(t, home, nil)
	if _, err := m.RestoreAccount(ctx, api.RestoreAccount{Passphrase: "pass phrase"}); err != nil {
		t.Fatalf("unlock from C: %v", err)
	}
	if f, _ := m.Folder(ctx); f.Path != filepath.Join(dir, "C") || !f.HoldsThis {
		t.Fatalf("folder after restart %+v", f)
	}
}

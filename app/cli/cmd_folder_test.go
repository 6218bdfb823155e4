package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"minca.dev/desktop/node/api"
)

// `folder set --move` leaves the old copy, `folder show` names it, and
// `folder remove-old` deletes what the move copied and says what stayed;
// asked again, there is nothing left to remove.
func TestFolderRemoveOld(t *testing.T) {
	m := newMachine(t)
	m.ok(t, nil, "account", "create", "--name", "Ana")
	old := filepath.Join(m.home, "Minca")
	moved := filepath.Join(m.home, "Dropbox", "Minca")
	var f api.Folder
	m.ok(t, &f, "folder", "set", moved, "--move", "--json")
	if f.Path != moved || f.Previous != old {
		t.Fatalf("folder set --move: %+v", f)
	}
	if code, out, _ := m.minca(t, "folder", "show"); code != 0 || !strings.Contains(out, "Old copy: "+old) {
		t.Fatalf("folder show: exit %d\n%s", code, out)
	}
	if err := os.WriteFile(filepath.Join(old, "later.txt"), []byte("mine"), 0o600); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := m.minca(t, "folder", "remove-old")
	if code != 0 || !strings.Contains(out, "Removed ") || !strings.Contains(out, "later.txt  (added after the move)") {
		t.Fatalf("folder remove-old: exit %d\n%s%s", code, out, errOut)
	}
	if ents, _ := os.ReadDir(old); len(ents) != 1 {
		t.Fatalf("the old copy holds %v", ents)
	}
	if _, err := os.Stat(filepath.Join(moved, "accounts.json")); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut := m.minca(t, "folder", "remove-old", "--keep"); code == 0 || !strings.Contains(errOut, "no old copy") {
		t.Fatalf("with no old copy: exit %d %s", code, errOut)
	}
}

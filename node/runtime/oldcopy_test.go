package runtime

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"minca.dev/desktop/node/api"
)

func writeFile(t *testing.T, root, rel, body string) {
	t.Helper()
	p := filepath.Join(root, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
}

func exists(p string) bool {
	_, err := os.Lstat(p)
	return err == nil
}

// Removing the old copy deletes only what the move copied and what is still
// the same in both folders; added, changed, differing files and links stay
// (listed, with why); links are not followed; emptied directories the move
// walked go, the folder stays while anything is left in it.
func TestRemoveOldCopy(t *testing.T) {
	dir := t.TempDir()
	from, to, outside := filepath.Join(dir, "old"), filepath.Join(dir, "new"), filepath.Join(dir, "outside")
	for rel, body := range map[string]string{
		"accounts.json": "{}", "spaces/s1/w/1.seg": "one", "spaces/s1/w/2.seg": "two",
		"spaces/s1/w/3.seg": "three", "spaces/s1/w/4.seg": "four",
	} {
		writeFile(t, from, rel, body)
	}
	os.MkdirAll(filepath.Join(from, "registry", "versions"), 0o700)
	writeFile(t, outside, "secret.txt", "keep me")
	os.Symlink(filepath.Join(outside, "secret.txt"), filepath.Join(from, "link.txt"))
	os.Symlink(outside, filepath.Join(from, "linkdir"))

	oc, err := moveFolder(from, to)
	if err != nil {
		t.Fatal(err)
	}
	if len(oc.Files) != 5 || oc.Files["spaces/s1/w/1.seg"] != sum([]byte("one")) {
		t.Fatalf("the move's list: %+v", oc)
	}
	if exists(filepath.Join(to, "link.txt")) || exists(filepath.Join(to, "linkdir")) {
		t.Fatal("the move copied a link")
	}
	writeFile(t, from, "spaces/s1/w/later.seg", "added after the move")
	writeFile(t, from, "spaces/s1/w/2.seg", "changed in the old copy")
	writeFile(t, to, "spaces/s1/w/3.seg", "changed in the new folder")
	os.Remove(filepath.Join(to, "spaces/s1/w/4.seg"))

	c, err := removeOldCopy(oc, to)
	if err != nil {
		t.Fatal(err)
	}
	want := []api.KeptFile{
		{Path: "link.txt", Why: api.KeptNotFile}, {Path: "linkdir", Why: api.KeptNotFile},
		{Path: "spaces/s1/w/2.seg", Why: api.KeptChanged}, {Path: "spaces/s1/w/3.seg", Why: api.KeptDiffers},
		{Path: "spaces/s1/w/4.seg", Why: api.KeptDiffers}, {Path: "spaces/s1/w/later.seg", Why: api.KeptAdded},
	}
	if c.Removed != 2 || !slices.Equal(c.Kept, want) || c.KeptTotal != len(want) || c.Gone {
		t.Fatalf("cleaned %+v", c)
	}
	for _, rel := range []string{"accounts.json", "spaces/s1/w/1.seg", "registry"} {
		if exists(filepath.Join(from, rel)) {
			t.Errorf("%s is still in the old copy", rel)
		}
	}
	for _, p := range []string{filepath.Join(outside, "secret.txt"), filepath.Join(from, "link.txt"), filepath.Join(to, "accounts.json"), filepath.Join(to, "spaces/s1/w/1.seg")} {
		if !exists(p) {
			t.Errorf("%s is gone", p)
		}
	}

	// A clean old copy goes whole.
	from2, to2 := filepath.Join(dir, "old2"), filepath.Join(dir, "new2")
	writeFile(t, from2, "a/b/c", "x")
	oc2, err := moveFolder(from2, to2)
	if err != nil {
		t.Fatal(err)
	}
	if c, err := removeOldCopy(oc2, to2); err != nil || !c.Gone || c.Removed != 1 || c.KeptTotal != 0 || exists(from2) {
		t.Fatalf("clean copy: %+v %v", c, err)
	}

	// The old folder replaced by a link: nothing is removed through it.
	from3, to3 := filepath.Join(dir, "old3"), filepath.Join(dir, "new3")
	writeFile(t, from3, "x", "x")
	oc3, _ := moveFolder(from3, to3)
	os.Rename(from3, from3+".real")
	os.Symlink(from3+".real", from3)
	if _, err := removeOldCopy(oc3, to3); err == nil || !exists(filepath.Join(from3+".real", "x")) {
		t.Fatalf("through a link: %v", err)
	}
}

// A folder cannot be moved into itself, nor onto one that holds it.
func TestMoveFolderNested(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "A/x", "x")
	for _, to := range []string{filepath.Join(dir, "A", "in"), dir} {
		if _, err := moveFolder(filepath.Join(dir, "A"), to); api.CodeOf(err) != api.CodeConflict {
			t.Fatalf("move into %s: %v", to, err)
		}
	}
}

// The old copy is remembered across a restart; "use" of the old copy itself
// forgets it (it is the data folder again); a wrong path is refused.
func TestOldCopyKept(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	home := filepath.Join(dir, "home")
	n := openWith(t, home, nil)
	a, b := filepath.Join(dir, "A"), filepath.Join(dir, "B")
	if _, err := n.SetFolder(ctx, api.SetFolder{Path: a, Mode: "use"}); err != nil {
		t.Fatal(err)
	}
	if _, err := n.CreateAccount(ctx, api.CreateAccount{ProfileName: "Alice", Passphrase: "pass phrase"}); err != nil {
		t.Fatal(err)
	}
	if f, err := n.SetFolder(ctx, api.SetFolder{Path: b, Mode: "move"}); err != nil || f.Previous != a {
		t.Fatalf("move: %+v %v", f, err)
	}
	n.Close()
	m := openWith(t, home, nil)
	if f, _ := m.Folder(ctx); f.Previous != a || f.Path != b {
		t.Fatalf("after restart: %+v", f)
	}
	if _, err := m.SetFolder(ctx, api.SetFolder{Path: b, Mode: api.FolderRemovePrevious}); api.CodeOf(err) != api.CodeInvalid {
		t.Fatalf("remove naming the current folder: %v", err)
	}
	if _, err := m.SetFolder(ctx, api.SetFolder{Path: a, Mode: "use"}); err != nil {
		t.Fatal(err)
	}
	if f, _ := m.Folder(ctx); f.Previous != "" || !exists(filepath.Join(a, "accounts.json")) {
		t.Fatalf("back in the old copy: %+v", f)
	}
	if _, err := m.SetFolder(ctx, api.SetFolder{Path: a, Mode: api.FolderKeepPrevious}); api.CodeOf(err) != api.CodeNotFound {
		t.Fatalf("keep with no old copy: %v", err)
	}

	// An old copy the user deleted is no longer offered, and removing it is done.
	c := filepath.Join(dir, "C")
	if _, err := m.SetFolder(ctx, api.SetFolder{Path: c, Mode: "move"}); err != nil {
		t.Fatal(err)
	}
	os.RemoveAll(a)
	if f, _ := m.Folder(ctx); f.Previous != "" {
		t.Fatalf("a deleted old copy is offered: %+v", f)
	}
	if f, err := m.SetFolder(ctx, api.SetFolder{Path: a, Mode: api.FolderRemovePrevious}); err != nil || f.Cleaned == nil || !f.Cleaned.Gone {
		t.Fatalf("remove a deleted old copy: %+v %v", f, err)
	}
}

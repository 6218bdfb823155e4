package runtime

import (
	"context"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"minca.dev/desktop/node/api"
)

// listing is every path under dir with its content ("/" for a folder).
func listing(t *testing.T, dir string) map[string]string {
	t.Helper()
	got := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		if d.IsDir() {
			got[rel] = "/"
			return nil
		}
		b, err := os.ReadFile(p)
		got[rel] = string(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// A move into a folder that holds other files (a Dropbox folder) lands in
// <chosen>/Minca, then Minca 2 when Minca is taken; what was there stays
// as it was. A folder that holds the account is to be used, not moved into.
func TestMoveIntoFolderNotEmpty(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	n := openWith(t, filepath.Join(dir, "home"), nil)
	a, box := filepath.Join(dir, "A"), filepath.Join(dir, "Dropbox")
	if _, err := n.SetFolder(ctx, api.SetFolder{Path: a, Mode: "use"}); err != nil {
		t.Fatal(err)
	}
	if _, err := n.CreateAccount(ctx, api.CreateAccount{ProfileName: "Alice", Passphrase: "pass phrase"}); err != nil {
		t.Fatal(err)
	}
	writeFile(t, box, "notes.txt", "mine")
	writeFile(t, box, "Photos/1.jpg", "jpeg")
	writeFile(t, box, "Minca/other.txt", "someone else's Minca")
	before := listing(t, box)

	f, err := n.SetFolder(ctx, api.SetFolder{Path: box, Mode: "move"})
	want := filepath.Join(box, "Minca 2")
	if err != nil || f.Path != want || !f.HoldsThis || f.Previous != a {
		t.Fatalf("move into %s: %+v %v", box, f, err)
	}
	for rel, body := range before {
		p := filepath.Join(box, rel)
		if b, err := os.ReadFile(p); body != "/" && (err != nil || string(b) != body) {
			t.Errorf("%s changed: %q %v", rel, b, err)
		}
	}
	if !exists(filepath.Join(want, "accounts.json")) {
		t.Fatal("the account is not in Minca 2")
	}

	// Back in A: Minca 2, holding the account, is refused as a target, and
	// so is the folder it is in.
	if _, err := n.SetFolder(ctx, api.SetFolder{Path: a, Mode: "use"}); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{want, box} {
		_, err := n.SetFolder(ctx, api.SetFolder{Path: p, Mode: "move"})
		if api.CodeOf(err) != api.CodeConflict || !strings.Contains(err.Error(), "already holds your account") {
			t.Fatalf("move into %s: %v", p, err)
		}
	}
}

// A copy that fails half-way removes what it created, and only that: the
// target is as it was, and once the cause is gone a retry works. The
// failure is real: a name too long under the target (ENAMETOOLONG), not
// under the source.
func TestMoveFailsHalfWay(t *testing.T) {
	dir := t.TempDir()
	from := filepath.Join(dir, "old")
	writeFile(t, from, "a.txt", "first")
	writeFile(t, from, "b/c.txt", "second")
	long := strings.Repeat("x", 200)
	writeFile(t, from, "z/"+long+"/"+long+"/d.txt", "too deep under the target")
	deep := dir
	for len(deep) < 3900 {
		deep = filepath.Join(deep, strings.Repeat("t", 200))
	}
	chosen := filepath.Dir(deep)
	if err := os.MkdirAll(chosen, 0o700); err != nil {
		t.Fatal(err)
	}
	writeFile(t, chosen, "was-here.txt", "keep")
	before := listing(t, chosen)

	for _, to := range []string{deep, filepath.Join(deep, "new", "er")} {
		if _, err := moveFolder(from, to); err == nil {
			t.Fatalf("the move into %s did not fail", to)
		}
		if got := listing(t, chosen); !maps.Equal(got, before) {
			t.Fatalf("after a failed move into …/%s: %d entries, want %d", filepath.Base(to), len(got), len(before))
		}
	}
	os.MkdirAll(deep, 0o700) // an empty target that was there: it stays
	if _, err := moveFolder(from, deep); err == nil || !exists(deep) || !free(deep, false) {
		t.Fatalf("failed move into an empty folder: %v", err)
	}
	os.RemoveAll(filepath.Join(from, "z"))
	oc, err := moveFolder(from, deep)
	if err != nil || len(oc.Files) != 2 {
		t.Fatalf("retry: %+v %v", oc, err)
	}
	got := slices.Sorted(maps.Keys(listing(t, deep)))
	if !slices.Equal(got, []string{".", "a.txt", "b", "b/c.txt"}) {
		t.Fatalf("after the retry: %v", got)
	}
}

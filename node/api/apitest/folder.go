package apitest

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"minca.dev/desktop/node/api"
)

// testOldCopy: after a "move", Folder.Previous names the old copy;
// "remove-previous" deletes what the move copied and leaves what came later
// (and says so); "keep-previous" forgets the old copy and touches nothing;
// a request that does not name the old copy changes nothing (05 §14).
func testOldCopy(t *testing.T, cfg Config) {
	ctx := ctxOf(t)
	n, _ := withAccount(t, cfg, "Mover")
	old := must[api.Folder](t, "folder")(n.Folder(ctx)).Path
	if err := os.WriteFile(filepath.Join(old, "notes.txt"), []byte("copied with the rest"), 0o600); err != nil {
		t.Fatal(err)
	}
	moved := filepath.Join(t.TempDir(), "moved")
	f := must[api.Folder](t, "move")(n.SetFolder(ctx, api.SetFolder{Path: moved, Mode: api.FolderMove}))
	if f.Path != moved || f.Previous != old || !f.HoldsThis {
		t.Fatalf("after the move: %+v", f)
	}
	if f := must[api.Folder](t, "folder")(n.Folder(ctx)); f.Previous != old {
		t.Fatalf("Folder after the move: %+v", f)
	}
	if err := os.WriteFile(filepath.Join(old, "later.txt"), []byte("added after"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []api.SetFolder{
		{Path: moved, Mode: api.FolderRemovePrevious}, {Path: filepath.Join(old, "x"), Mode: api.FolderRemovePrevious},
		{Path: "", Mode: api.FolderRemovePrevious}, {Path: old, Mode: "remove"},
	} {
		_, err := n.SetFolder(ctx, bad)
		wantCode(t, "SetFolder "+bad.Mode+" "+bad.Path, err, api.CodeInvalid)
	}
	if _, err := os.Stat(filepath.Join(old, "accounts.json")); err != nil {
		t.Fatalf("a refused request touched the old copy: %v", err)
	}

	f = must[api.Folder](t, "remove-previous")(n.SetFolder(ctx, api.SetFolder{Path: old, Mode: api.FolderRemovePrevious}))
	c := f.Cleaned
	if c == nil || c.Path != old || c.Removed < 3 || c.Gone || c.KeptTotal != 1 ||
		!slices.Equal(c.Kept, []api.KeptFile{{Path: "later.txt", Why: api.KeptAdded}}) {
		t.Fatalf("cleaned %+v", c)
	}
	if f.Previous != "" || f.Path != moved || !f.HoldsThis {
		t.Fatalf("folder after removing the old copy: %+v", f)
	}
	if ents, _ := os.ReadDir(old); len(ents) != 1 || ents[0].Name() != "later.txt" {
		t.Fatalf("the old copy holds %v, want only later.txt", ents)
	}
	if _, err := os.Stat(filepath.Join(moved, "notes.txt")); err != nil {
		t.Fatalf("the new folder lost a file: %v", err)
	}
	_, err := n.SetFolder(ctx, api.SetFolder{Path: old, Mode: api.FolderRemovePrevious})
	wantCode(t, "remove twice", err, api.CodeNotFound)

	again := filepath.Join(t.TempDir(), "again")
	if f := must[api.Folder](t, "move again")(n.SetFolder(ctx, api.SetFolder{Path: again, Mode: api.FolderMove})); f.Previous != moved {
		t.Fatalf("second move: %+v", f)
	}
	f = must[api.Folder](t, "keep-previous")(n.SetFolder(ctx, api.SetFolder{Path: moved, Mode: api.FolderKeepPrevious}))
	if f.Previous != "" || f.Cleaned != nil || f.Path != again {
		t.Fatalf("after keep-previous: %+v", f)
	}
	if _, err := os.Stat(filepath.Join(moved, "notes.txt")); err != nil {
		t.Fatalf("keep-previous touched the old copy: %v", err)
	}
}

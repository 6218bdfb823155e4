package runtime

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"minca.dev/desktop/node/api"
)

// refusedWith checks err is a folder refusal of code whose words (as a
// page shows them, api.Explain) name the path and say want.
func refusedWith(t *testing.T, err error, code api.Code, path, want string) {
	t.Helper()
	var e *api.Error
	if !errors.As(err, &e) || e.Code != code {
		t.Fatalf("want %s, got %v", code, err)
	}
	shown := api.Explain(err)
	if !strings.Contains(shown.Message, path) || !strings.Contains(shown.Message, want) || shown.Detail == "" {
		t.Fatalf("shown as %q (hint %q, detail %q): want it to name %s and say %q", shown.Message, shown.Hint, shown.Detail, path, want)
	}
}

// A data folder that cannot be one is refused in words, before an account
// exists as after, and nothing is saved: a file, a folder under a file, a
// folder inside another data folder (05 §14; issue 8).
func TestSetFolderRefusesNoFolder(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	n := openWith(t, filepath.Join(dir, "home"), nil)
	file := filepath.Join(dir, "passwd")
	if err := os.WriteFile(file, []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	before, _ := n.Folder(ctx)
	_, err := n.SetFolder(ctx, api.SetFolder{Path: file, Mode: api.FolderUse})
	refusedWith(t, err, api.CodeInvalid, file, "is a file, not a folder")
	_, err = n.SetFolder(ctx, api.SetFolder{Path: filepath.Join(file, "Minca"), Mode: api.FolderUse})
	refusedWith(t, err, api.CodeInvalid, file, "is a file, not a folder")
	if f, _ := n.Folder(ctx); f.Path != before.Path || f.Chosen {
		t.Fatalf("a refused folder was saved: %+v", f)
	}

	if _, err := n.SetFolder(ctx, api.SetFolder{Path: filepath.Join(dir, "A"), Mode: api.FolderUse}); err != nil {
		t.Fatal(err)
	}
	if _, err := n.CreateAccount(ctx, api.CreateAccount{ProfileName: "Alice", Passphrase: "pass phrase"}); err != nil {
		t.Fatal(err)
	}
	inner := filepath.Join(dir, "A", "inner")
	_, err = n.SetFolder(ctx, api.SetFolder{Path: inner, Mode: api.FolderUse})
	refusedWith(t, err, api.CodeInvalid, inner, "inside another Minca data folder")
	_, err = n.SetFolder(ctx, api.SetFolder{Path: file, Mode: api.FolderMove})
	refusedWith(t, err, api.CodeInvalid, file, "is a file, not a folder")
	if _, err := os.Stat(inner); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("a refused folder was made: %v", err)
	}
	if f, _ := n.Folder(ctx); f.Path != filepath.Join(dir, "A") {
		t.Fatalf("folder after refusals: %+v", f)
	}
}

// A folder Minca may not write in is refused, naming it.
func TestSetFolderRefusesReadOnly(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root writes anywhere")
	}
	ctx := context.Background()
	dir := t.TempDir()
	n := openWith(t, filepath.Join(dir, "home"), nil)
	ro := filepath.Join(dir, "ro")
	if err := os.Mkdir(ro, 0o500); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(ro, 0o700) })
	_, err := n.SetFolder(ctx, api.SetFolder{Path: ro, Mode: api.FolderUse})
	refusedWith(t, err, api.CodeInvalid, ro, "may not write in")
	_, err = n.SetFolder(ctx, api.SetFolder{Path: filepath.Join(ro, "new"), Mode: api.FolderUse})
	refusedWith(t, err, api.CodeInvalid, ro, "may not create folders in")
}

// A folder holding someone else's account says whose, not "already done"
// (issue 8); a move into the data folder itself or the folder holding the
// account says so too.
func TestSetFolderOtherAccount(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	ben := openWith(t, filepath.Join(dir, "ben"), nil)
	benFolder := filepath.Join(dir, "B")
	if _, err := ben.SetFolder(ctx, api.SetFolder{Path: benFolder, Mode: api.FolderUse}); err != nil {
		t.Fatal(err)
	}
	if _, err := ben.CreateAccount(ctx, api.CreateAccount{ProfileName: "Ben", Passphrase: "pass phrase"}); err != nil {
		t.Fatal(err)
	}
	alice := openWith(t, filepath.Join(dir, "alice"), nil)
	aliceFolder := filepath.Join(dir, "A")
	if _, err := alice.SetFolder(ctx, api.SetFolder{Path: aliceFolder, Mode: api.FolderUse}); err != nil {
		t.Fatal(err)
	}
	if _, err := alice.CreateAccount(ctx, api.CreateAccount{ProfileName: "Alice", Passphrase: "pass phrase"}); err != nil {
		t.Fatal(err)
	}
	_, err := alice.SetFolder(ctx, api.SetFolder{Path: benFolder, Mode: api.FolderUse})
	refusedWith(t, err, api.CodeConflict, benFolder, "holds another account (Ben), not yours")
	_, err = alice.SetFolder(ctx, api.SetFolder{Path: aliceFolder, Mode: api.FolderMove})
	refusedWith(t, err, api.CodeConflict, aliceFolder, "already holds your account")
	if f, _ := alice.Folder(ctx); f.Path != aliceFolder || !f.HoldsThis {
		t.Fatalf("folder after refusals: %+v", f)
	}
}

// An account restored from its recovery code alone has no name and an id of
// its own; using the data folder that holds it (under another id) takes that
// folder's id and brings its name back (accounts.json, 01 §13), and this
// computer's own passphrase still opens it (issue 8).
func TestUseFolderBringsName(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	ana := openWith(t, filepath.Join(dir, "ana"), nil)
	folderA := filepath.Join(dir, "A")
	if _, err := ana.SetFolder(ctx, api.SetFolder{Path: folderA, Mode: api.FolderUse}); err != nil {
		t.Fatal(err)
	}
	na, err := ana.CreateAccount(ctx, api.CreateAccount{ProfileName: "Ana", Passphrase: "pass phrase"})
	if err != nil {
		t.Fatal(err)
	}
	ana.Close()

	other := openWith(t, filepath.Join(dir, "other"), nil)
	if _, err := other.SetFolder(ctx, api.SetFolder{Path: filepath.Join(dir, "B"), Mode: api.FolderUse}); err != nil {
		t.Fatal(err)
	}
	a, err := other.RestoreAccount(ctx, api.RestoreAccount{RecoveryCode: na.RecoveryCode, Passphrase: "another phrase"})
	if err != nil || a.ProfileName != "" {
		t.Fatalf("restored from the code alone: %+v %v", a, err)
	}
	if _, err := other.SetFolder(ctx, api.SetFolder{Path: folderA, Mode: api.FolderUse}); err != nil {
		t.Fatal(err)
	}
	if a, err := other.Account(ctx); err != nil || a.ProfileName != "Ana" {
		t.Fatalf("after using Ana's folder: %+v %v", a, err)
	}
	if f, _ := other.Folder(ctx); !f.HoldsThis || f.Accounts != 1 {
		t.Fatalf("Ana's folder, taken as this account's: %+v", f)
	}
	// Its own passphrase still opens it after a restart: its wraps went into the folder's vault.
	other.Close()
	again := openWith(t, filepath.Join(dir, "other"), nil)
	if a, err := again.RestoreAccount(ctx, api.RestoreAccount{Passphrase: "another phrase"}); err != nil || a.ProfileName != "Ana" {
		t.Fatalf("unlock after the restart: %+v %v", a, err)
	}
}

// A folder typed as a relative path is refused in words that say to type
// the whole path; one starting with ~ is read as under the home folder,
// as a shell reads it (an audit of the real app: "~/Dropbox/Minca" was
// refused with the node's own text only).
func TestSetFolderTypedPaths(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	n := openWith(t, filepath.Join(dir, "home"), nil)
	before, _ := n.Folder(ctx)
	_, err := n.SetFolder(ctx, api.SetFolder{Path: "Dropbox/Minca", Mode: api.FolderUse})
	refusedWith(t, err, api.CodeInvalid, "Dropbox/Minca", "is not a whole path")
	if e := api.Explain(err); !strings.Contains(e.Hint, "starting with /") {
		t.Fatalf("hint %q", e.Hint)
	}
	if f, _ := n.Folder(ctx); f.Path != before.Path {
		t.Fatalf("a refused folder was saved: %+v", f)
	}
	person := filepath.Join(dir, "person")
	t.Setenv("HOME", person)
	f, err := n.SetFolder(ctx, api.SetFolder{Path: "~/Dropbox/Minca", Mode: api.FolderUse})
	if err != nil || f.Path != filepath.Join(person, "Dropbox", "Minca") {
		t.Fatalf("~/Dropbox/Minca: %+v, %v", f, err)
	}
	if fa, err := n.FolderAccount(ctx, "~/Dropbox/Minca"); api.CodeOf(err) != api.CodeNotFound {
		t.Fatalf("FolderAccount(~/…) = %+v, %v: want no account there", fa, err)
	}
}

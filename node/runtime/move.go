package runtime

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"

	"minca.dev/desktop/node/api"
	"minca.dev/desktop/node/paths"
	"minca.dev/desktop/node/vault"
)

// moveSubfolders is how many of <chosen>/Minca, Minca 2, … a move tries
// before it gives up on a folder that is not empty.
const moveSubfolders = 100

// copyVaultLocked writes the account's vault and its accounts.json row into
// the folder at dir (SetFolder "use" on a folder that does not hold it).
func (n *Node) copyVaultLocked(dir string) error {
	v, err := n.readVaultLocked()
	if err != nil {
		return err
	}
	root, err := n.openFolderAt(dir)
	if err != nil {
		return err
	}
	defer root.Close()
	if err := vault.Create(root, n.st.AccountID, n.st.ProfileName, v); err != nil {
		return api.Errorf(api.CodeUnavailable, "write the account into %s: %w", dir, err)
	}
	return nil
}

// moveTargetLocked is where a "move" into the folder the user chose lands
// (05 §14, issue 8): the folder itself when it is new or empty; when it
// holds other files (a Dropbox or home folder), the first of
// <chosen>/Minca, <chosen>/Minca 2, … that is new or empty, so that nothing
// already there is mixed in or touched. A candidate that already holds
// this account is refused: it is to be used, not moved into.
func (n *Node) moveTargetLocked(from, chosen string) (string, error) {
	if err := apart(from, chosen); err != nil {
		return "", err
	}
	if fi, err := os.Stat(chosen); err == nil && !fi.IsDir() {
		return "", api.Errorf(api.CodeInvalid, "%s is a file, not a folder", chosen)
	}
	for i := 0; i <= moveSubfolders; i++ {
		c := chosen
		switch {
		case i == 1:
			c = filepath.Join(chosen, paths.DataFolderName)
		case i > 1:
			c = filepath.Join(chosen, paths.DataFolderName+" "+strconv.Itoa(i))
		}
		if n.st.AccountID != "" && n.folderInfoLocked(c).HoldsThis {
			return "", folderRefusal(api.CodeConflict, fmt.Errorf("%s already holds this account", c),
				"Choose \"Use a folder that already holds my account\" and pick it instead.", "%s already holds your account: use it rather than move into it.", c)
		}
		if free(c, i == 0) {
			return c, nil
		}
	}
	return "", api.Errorf(api.CodeConflict, "%s and the folders %s … %s %d in it are all in use", chosen, paths.DataFolderName, paths.DataFolderName, moveSubfolders)
}

// free reports whether nothing is at p, or an empty folder; a link counts
// only when followLink (the folder the user chose may be one).
func free(p string, followLink bool) bool {
	stat := os.Lstat
	if followLink {
		stat = os.Stat
	}
	fi, err := stat(p)
	if errors.Is(err, os.ErrNotExist) {
		return true
	}
	if err != nil || !fi.IsDir() {
		return false
	}
	ents, err := os.ReadDir(p)
	return err == nil && len(ents) == 0
}

// moveFolder copies every regular file of the folder from into to (which
// must be absent or empty, and neither inside from nor holding it), reads
// each copy back and compares it (05 §14: "move" copies, verifies, then
// switches; the old copy stays for the user). Symbolic links are not
// followed nor copied (05 §14.4). It returns what it copied and verified:
// the old copy's list (oldcopy.go). A move that fails removes what it
// created, files then folders, and nothing else: to is as it was, and
// trying again works.
func moveFolder(from, to string) (oldCopy, error) {
	oc := oldCopy{Path: from, Files: map[string]string{}}
	if err := apart(from, to); err != nil {
		return oc, err
	}
	if ents, err := os.ReadDir(to); err == nil && len(ents) > 0 {
		return oc, api.Errorf(api.CodeConflict, "%s is not empty", to)
	}
	cp := copier{from: from, to: to, oc: &oc}
	if err := cp.mkdirs(to); err != nil {
		cp.undo()
		return oc, err
	}
	if err := filepath.WalkDir(from, cp.step); err != nil {
		cp.undo()
		return oc, err
	}
	return oc, nil
}

// copier is one move under way, with what it created.
type copier struct {
	from, to string
	oc       *oldCopy
	files    []string // created, in order
	dirs     []string // created, parents first
}

// step copies one entry of the walk of from.
func (c *copier) step(p string, d fs.DirEntry, err error) error {
	if err != nil {
		return err
	}
	rel, err := filepath.Rel(c.from, p)
	if err != nil {
		return err
	}
	dst := filepath.Join(c.to, rel)
	switch {
	case d.IsDir():
		c.oc.Dirs = append(c.oc.Dirs, filepath.ToSlash(rel))
		return c.mkdirs(dst)
	case !d.Type().IsRegular():
		return nil
	}
	b, err := os.ReadFile(p)
	if err != nil {
		return err
	}
	if err := c.create(dst, b); err != nil {
		return err
	}
	back, err := os.ReadFile(dst)
	if err != nil || !bytes.Equal(back, b) {
		return fmt.Errorf("copy of %s does not read back the same", rel)
	}
	c.oc.Files[filepath.ToSlash(rel)] = sum(b)
	return nil
}

// create writes a new file at dst; a file already there is an error, and
// is left alone.
func (c *copier) create(dst string, b []byte) error {
	f, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	c.files = append(c.files, dst)
	_, err = f.Write(b)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// mkdirs makes the folder p and any missing parents, noting each it made.
func (c *copier) mkdirs(p string) error {
	var missing []string
	for q := p; ; q = filepath.Dir(q) {
		if _, err := os.Lstat(q); err == nil || filepath.Dir(q) == q {
			break
		}
		missing = append(missing, q)
	}
	for _, q := range slices.Backward(missing) {
		if err := os.Mkdir(q, 0o700); err != nil {
			if errors.Is(err, os.ErrExist) {
				continue
			}
			return err
		}
		c.dirs = append(c.dirs, q)
	}
	return nil
}

// undo removes what the move created: its files, then its folders, deepest
// first, each only while empty.
func (c *copier) undo() {
	for _, f := range c.files {
		os.Remove(f)
	}
	for _, d := range slices.Backward(c.dirs) {
		os.Remove(d)
	}
}

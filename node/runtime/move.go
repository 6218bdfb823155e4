package runtime

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"minca.dev/desktop/node/api"
	"minca.dev/desktop/node/vault"
)

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

// moveFolder copies every regular file of the folder from into to (which
// must be absent or empty, and neither inside from nor holding it), reads
// each copy back and compares it (05 §14: "move" copies, verifies, then
// switches; the old copy stays for the user). Symbolic links are not
// followed nor copied (05 §14.4). It returns what it copied and verified:
// the old copy's list (oldcopy.go).
func moveFolder(from, to string) (oldCopy, error) {
	oc := oldCopy{Path: from, Files: map[string]string{}}
	if err := apart(from, to); err != nil {
		return oc, err
	}
	if ents, err := os.ReadDir(to); err == nil && len(ents) > 0 {
		return oc, api.Errorf(api.CodeConflict, "%s is not empty", to)
	}
	err := filepath.WalkDir(from, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(from, p)
		if err != nil {
			return err
		}
		dst := filepath.Join(to, rel)
		switch {
		case d.IsDir():
			oc.Dirs = append(oc.Dirs, filepath.ToSlash(rel))
			return os.MkdirAll(dst, 0o700)
		case !d.Type().IsRegular():
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if err := os.WriteFile(dst, b, 0o600); err != nil {
			return err
		}
		back, err := os.ReadFile(dst)
		if err != nil || !bytes.Equal(back, b) {
			return fmt.Errorf("copy of %s does not read back the same", rel)
		}
		oc.Files[filepath.ToSlash(rel)] = sum(b)
		return nil
	})
	return oc, err
}

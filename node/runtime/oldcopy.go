package runtime

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"minca.dev/desktop/node/api"
	"minca.dev/desktop/node/folder"
)

// The old copy a "move" leaves behind (05 §14; issue 8: copy, verify every
// file, switch, then offer to remove the old copy). The list of what the
// move copied and verified is kept in the profile directory until the user
// removes the old copy or keeps it; removing deletes only those files, and
// only while they are still the same in both folders.

// oldCopyFile is the list of the last move, in the profile directory.
const oldCopyFile = "oldcopy.json"

// oldCopy is what a move copied and verified.
type oldCopy struct {
	Path  string            `json:"path"`  // the folder moved from
	Files map[string]string `json:"files"` // '/'-separated path → SHA-256 (hex) of what was copied
	Dirs  []string          `json:"dirs"`  // directories the move walked ("." is the folder)
}

// sum is the hex SHA-256 of b.
func sum(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

// apart refuses two folders of which one is the other or inside it.
func apart(a, b string) error {
	if folder.CheckOutside(a, b) != nil || folder.CheckOutside(b, a) != nil {
		return api.Errorf(api.CodeConflict, "%s and %s overlap: one is inside the other", a, b)
	}
	return nil
}

// readOldCopy reads the profile's old copy list; false when there is none.
func readOldCopy(dir string) (oldCopy, bool, error) {
	var oc oldCopy
	b, err := os.ReadFile(filepath.Join(dir, oldCopyFile))
	if errors.Is(err, os.ErrNotExist) {
		return oc, false, nil
	}
	if err != nil {
		return oc, false, fmt.Errorf("read the old copy's list: %w", err)
	}
	if err := json.Unmarshal(b, &oc); err != nil || !filepath.IsAbs(oc.Path) {
		return oc, false, fmt.Errorf("the old copy's list %s is damaged", filepath.Join(dir, oldCopyFile))
	}
	return oc, true, nil
}

// writeOldCopy replaces the profile's old copy list through a temporary file.
func writeOldCopy(dir string, oc oldCopy) error {
	b, err := json.Marshal(oc)
	if err != nil {
		return err
	}
	tmp := filepath.Join(dir, oldCopyFile+".tmp")
	if err := os.WriteFile(tmp, b, 0o600); err != nil {
		return fmt.Errorf("keep the old copy's list: %w", err)
	}
	return os.Rename(tmp, filepath.Join(dir, oldCopyFile))
}

// forgetOldCopy removes the profile's old copy list, if any.
func forgetOldCopy(dir string) error {
	err := os.Remove(filepath.Join(dir, oldCopyFile))
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("forget the old copy: %w", err)
	}
	return nil
}

// previousLocked is the old copy's path beside the data folder current, ""
// when there is none (or its list cannot be read, or it overlaps current:
// then there is nothing it could safely remove; or the user deleted it).
func (n *Node) previousLocked(current string) string {
	oc, ok, err := readOldCopy(n.dir)
	if !ok || err != nil || apart(oc.Path, current) != nil || gone(oc.Path) {
		return ""
	}
	return oc.Path
}

// gone reports whether nothing is at p any more.
func gone(p string) bool {
	_, err := os.Lstat(p)
	return errors.Is(err, os.ErrNotExist)
}

// noteOldCopyLocked keeps the list of a move that is about to switch to
// dir; without a move (nil), it forgets an old copy dir is in or holds.
func (n *Node) noteOldCopyLocked(moved *oldCopy, dir string) error {
	if moved == nil {
		return n.settleOldCopyLocked(dir)
	}
	if err := writeOldCopy(n.dir, *moved); err != nil {
		return api.Errorf(api.CodeUnavailable, "move the data folder: %w", err)
	}
	return nil
}

// settleOldCopyLocked forgets the old copy when the data folder is now in
// it or holds it (the user went back to it): it is no longer old.
func (n *Node) settleOldCopyLocked(current string) error {
	oc, ok, err := readOldCopy(n.dir)
	if !ok || err != nil || apart(oc.Path, current) == nil {
		return nil
	}
	return forgetOldCopy(n.dir)
}

// oldCopyLocked answers SetFolder "remove-previous" and "keep-previous".
func (n *Node) oldCopyLocked(req api.SetFolder) (api.Folder, error) {
	oc, ok, err := readOldCopy(n.dir)
	if err != nil {
		return api.Folder{}, api.Errorf(api.CodeUnavailable, "%w", err)
	}
	if !ok {
		return api.Folder{}, api.Errorf(api.CodeNotFound, "no old copy of the data folder is waiting to be removed")
	}
	if filepath.Clean(req.Path) != oc.Path {
		return api.Folder{}, api.Errorf(api.CodeInvalid, "%q is not the old copy (%s)", req.Path, oc.Path)
	}
	current := n.folderPathLocked()
	var cleaned *api.Cleaned
	switch {
	case req.Mode == api.FolderRemovePrevious && gone(oc.Path): // deleted by the user already
		cleaned = &api.Cleaned{Path: oc.Path, Kept: []api.KeptFile{}, Gone: true}
	case req.Mode == api.FolderRemovePrevious:
		if err := apart(oc.Path, current); err != nil {
			return api.Folder{}, err
		}
		if err := folderOutside(oc.Path, n.dir); err != nil {
			return api.Folder{}, err
		}
		c, err := removeOldCopy(oc, current)
		if err != nil {
			return api.Folder{}, api.Errorf(api.CodeUnavailable, "remove the old copy: %w", err)
		}
		cleaned = &c
	}
	if err := forgetOldCopy(n.dir); err != nil {
		return api.Folder{}, api.Errorf(api.CodeUnavailable, "%w", err)
	}
	f := n.folderInfoLocked(current)
	f.Cleaned = cleaned
	return f, nil
}

// removeOldCopy deletes from oc.Path each regular file the move copied
// that is still what it copied, here and in the folder current; then the
// directories the move walked that are now empty. Everything else stays
// and is listed. Symbolic links are neither followed nor removed, and
// nothing outside oc.Path is touched: names are opened through os.Root.
func removeOldCopy(oc oldCopy, current string) (api.Cleaned, error) {
	c := cleaner{Cleaned: api.Cleaned{Path: oc.Path, Kept: []api.KeptFile{}}, files: oc.Files}
	if fi, err := os.Lstat(oc.Path); err != nil || !fi.IsDir() {
		return c.Cleaned, fmt.Errorf("%s is no longer a folder (a link, a file, or gone)", oc.Path)
	}
	var err error
	if c.old, err = os.OpenRoot(oc.Path); err != nil {
		return c.Cleaned, err
	}
	defer c.old.Close()
	if c.cur, err = os.OpenRoot(current); err != nil {
		return c.Cleaned, err
	}
	defer c.cur.Close()
	var dirs []string
	err = fs.WalkDir(c.old.FS(), ".", func(rel string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			c.keep(rel, api.KeptChanged) // unreadable: it stays
			if d != nil && d.IsDir() {
				return fs.SkipDir
			}
		case d.IsDir():
			dirs = append(dirs, rel)
		case !d.Type().IsRegular():
			c.keep(rel, api.KeptNotFile)
		default:
			c.settle(rel)
		}
		return nil
	})
	if err != nil {
		return c.Cleaned, err
	}
	c.removeEmptied(dirs, oc.Dirs)
	c.old.Close()
	if os.Remove(oc.Path) == nil { // only when empty; a link is never a folder here
		c.Gone = true
	}
	return c.Cleaned, nil
}

// cleaner is one removal of an old copy under way.
type cleaner struct {
	api.Cleaned
	files    map[string]string // what the move copied (oldCopy.Files)
	old, cur *os.Root          // the old copy; the data folder now
}

// settle removes the old file rel if the move copied it and it is still the
// same in both folders; otherwise it keeps it and says why.
func (c *cleaner) settle(rel string) {
	want, ok := c.files[rel]
	if !ok {
		c.keep(rel, api.KeptAdded)
		return
	}
	if got, err := sumAt(c.old, rel); err != nil || got != want {
		c.keep(rel, api.KeptChanged)
		return
	}
	if got, err := sumAt(c.cur, rel); err != nil || got != want {
		c.keep(rel, api.KeptDiffers)
		return
	}
	if err := c.old.Remove(rel); err != nil {
		c.keep(rel, api.KeptChanged)
		return
	}
	c.Removed++
}

// keep lists rel as staying, up to api.MaxKeptListed.
func (c *cleaner) keep(rel, why string) {
	c.KeptTotal++
	if len(c.Kept) < api.MaxKeptListed {
		c.Kept = append(c.Kept, api.KeptFile{Path: rel, Why: why})
	}
}

// removeEmptied removes, deepest first, the directories of walked that the
// move walked too and that are empty now. The folder itself is the
// caller's.
func (c *cleaner) removeEmptied(walked, moved []string) {
	slices.SortFunc(walked, func(a, b string) int { return strings.Count(b, "/") - strings.Count(a, "/") })
	for _, d := range walked {
		if d != "." && slices.Contains(moved, d) {
			c.old.Remove(d) // fails, as it should, on a directory not empty
		}
	}
}

// sumAt is the hex SHA-256 of the regular file rel of root. A name that is
// not a regular file, or that changed between looking and opening, fails.
func sumAt(root *os.Root, rel string) (string, error) {
	fi, err := root.Lstat(rel)
	if err != nil {
		return "", err
	}
	if !fi.Mode().IsRegular() {
		return "", fmt.Errorf("%s is not a regular file", rel)
	}
	f, err := root.Open(rel)
	if err != nil {
		return "", err
	}
	defer f.Close()
	if st, err := f.Stat(); err != nil || !os.SameFile(fi, st) {
		return "", fmt.Errorf("%s changed while it was read", rel)
	}
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

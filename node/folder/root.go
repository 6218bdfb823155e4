package folder

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"strings"
	"syscall"
)

// MaxFileSize caps what one read takes from the folder.
const MaxFileSize = 64 << 20

// ErrTooLarge: a file in the folder larger than MaxFileSize.
var ErrTooLarge = errors.New("folder: file too large")

// Root is an opened data folder (or a directory inside one). Every path it
// takes is a list of segments, each checked (CheckSegment) and each step
// checked not to be a symbolic link; the final open uses O_NOFOLLOW through
// an os.Root, so nothing resolves outside the folder (05 §14.4).
type Root struct {
	dir  string
	root *os.Root
}

// Open opens the folder at dir, creating it if absent. dir itself may be a
// link the user made; nothing inside it is followed.
func Open(dir string) (*Root, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("open folder %s: %w", dir, err)
	}
	r, err := os.OpenRoot(dir)
	if err != nil {
		return nil, fmt.Errorf("open folder %s: %w", dir, err)
	}
	return &Root{dir: dir, root: r}, nil
}

// Dir is the folder's path on disk.
func (r *Root) Dir() string { return r.dir }

// Close releases the folder.
func (r *Root) Close() error { return r.root.Close() }

// rel checks every segment and joins them.
func rel(parts []string) (string, error) {
	for _, p := range parts {
		if err := CheckSegment(p); err != nil {
			return "", err
		}
	}
	return path.Join(parts...), nil
}

// checkDirs refuses a symbolic link anywhere among the first n segments
// (the directories on the way). A missing one is fs.ErrNotExist.
func (r *Root) checkDirs(parts []string, n int) error {
	for i := 1; i <= n; i++ {
		fi, err := r.root.Lstat(path.Join(parts[:i]...))
		if err != nil {
			return err
		}
		if fi.Mode()&fs.ModeSymlink != 0 || !fi.IsDir() {
			return fmt.Errorf("%s: not a plain directory: %w", path.Join(parts[:i]...), ErrUnsafe)
		}
	}
	return nil
}

// ReadFile reads a regular file. A link, a directory, or a path through a
// link is refused with ErrUnsafe; a missing file is fs.ErrNotExist.
func (r *Root) ReadFile(parts ...string) ([]byte, error) {
	p, err := rel(parts)
	if err != nil {
		return nil, err
	}
	if err := r.checkDirs(parts, len(parts)-1); err != nil {
		return nil, fmt.Errorf("read %s: %w", p, err)
	}
	if fi, err := r.root.Lstat(p); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
		return nil, fmt.Errorf("read %s: symbolic link: %w", p, ErrUnsafe)
	}
	f, err := r.root.OpenFile(p, os.O_RDONLY|syscall.O_NOFOLLOW|syscall.O_NONBLOCK, 0)
	if err != nil {
		if errors.Is(err, syscall.ELOOP) || strings.Contains(err.Error(), "escapes") {
			return nil, fmt.Errorf("read %s: symbolic link: %w", p, ErrUnsafe)
		}
		return nil, fmt.Errorf("read %s: %w", p, err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", p, err)
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("read %s: not a regular file: %w", p, ErrUnsafe)
	}
	b, err := io.ReadAll(io.LimitReader(f, MaxFileSize+1))
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", p, err)
	}
	if len(b) > MaxFileSize {
		return nil, fmt.Errorf("read %s: %w", p, ErrTooLarge)
	}
	return b, nil
}

// MkdirAll creates the directories of parts, refusing to pass a link.
func (r *Root) MkdirAll(parts ...string) error {
	if _, err := rel(parts); err != nil {
		return err
	}
	for i := 1; i <= len(parts); i++ {
		p := path.Join(parts[:i]...)
		fi, err := r.root.Lstat(p)
		if errors.Is(err, fs.ErrNotExist) {
			if err := r.root.Mkdir(p, 0o700); err != nil && !errors.Is(err, fs.ErrExist) {
				return fmt.Errorf("mkdir %s: %w", p, err)
			}
			continue
		}
		if err != nil {
			return fmt.Errorf("mkdir %s: %w", p, err)
		}
		if fi.Mode()&fs.ModeSymlink != 0 || !fi.IsDir() {
			return fmt.Errorf("mkdir %s: not a plain directory: %w", p, ErrUnsafe)
		}
	}
	return nil
}

// WriteFile replaces a file atomically (05 §14.3): it writes a .tmp file
// beside it, syncs it, and renames it into place. The directories on the
// way are created.
func (r *Root) WriteFile(data []byte, parts ...string) error {
	p, err := rel(parts)
	if err != nil {
		return err
	}
	if err := r.MkdirAll(parts[:len(parts)-1]...); err != nil {
		return err
	}
	if fi, err := r.root.Lstat(p); err == nil && !fi.Mode().IsRegular() {
		return fmt.Errorf("write %s: not a regular file: %w", p, ErrUnsafe)
	}
	var nonce [6]byte
	if _, err := rand.Read(nonce[:]); err != nil {
		return fmt.Errorf("write %s: %w", p, err)
	}
	tmp := p + "." + hex.EncodeToString(nonce[:]) + TmpSuffix
	f, err := r.root.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL|syscall.O_NOFOLLOW, 0o600)
	if err != nil {
		return fmt.Errorf("write %s: %w", p, err)
	}
	_, werr := f.Write(data)
	if werr == nil {
		werr = f.Sync()
	}
	if cerr := f.Close(); werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = r.root.Rename(tmp, p)
	}
	if werr != nil {
		_ = r.root.Remove(tmp)
		return fmt.Errorf("write %s: %w", p, werr)
	}
	return nil
}

// Remove deletes a file; a missing one is not an error. A link is removed
// as itself, never followed.
func (r *Root) Remove(parts ...string) error {
	p, err := rel(parts)
	if err != nil {
		return err
	}
	if err := r.checkDirs(parts, len(parts)-1); err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		return fmt.Errorf("remove %s: %w", p, err)
	}
	if err := r.root.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("remove %s: %w", p, err)
	}
	return nil
}

// Entry is one name in a listed directory.
type Entry struct {
	Name  string // the file name as on disk (still encoded)
	IsDir bool
}

// Listing is what List found: the entries, and how many names it skipped
// (symbolic links, other special files, unsafe names).
type Listing struct {
	Entries []Entry
	Skipped int
}

// List lists a directory: plain files and directories only, never a link,
// never a .tmp name (05 §14.3, §14.4). A missing directory lists empty.
func (r *Root) List(parts ...string) (Listing, error) {
	var out Listing
	p := "."
	if len(parts) > 0 {
		var err error
		if p, err = rel(parts); err != nil {
			return out, err
		}
		if err := r.checkDirs(parts, len(parts)); err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return out, nil
			}
			return out, fmt.Errorf("list %s: %w", p, err)
		}
	}
	f, err := r.root.Open(p)
	if err != nil {
		return out, fmt.Errorf("list %s: %w", p, err)
	}
	defer f.Close()
	des, err := f.ReadDir(-1)
	if err != nil {
		return out, fmt.Errorf("list %s: %w", p, err)
	}
	for _, de := range des {
		name := de.Name()
		switch {
		case strings.HasSuffix(name, TmpSuffix):
			continue
		case CheckSegment(name) != nil, de.Type()&fs.ModeSymlink != 0:
			out.Skipped++
		case de.IsDir():
			out.Entries = append(out.Entries, Entry{Name: name, IsDir: true})
		case de.Type().IsRegular():
			out.Entries = append(out.Entries, Entry{Name: name})
		default:
			out.Skipped++
		}
	}
	return out, nil
}

package folder

import (
	"errors"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
)

// Names of the layout (05 §14.1).
const (
	AccountsFile = "accounts.json"
	AccountsDir  = "accounts"
	AccountFile  = "account.json"
	StoresDir    = "stores"
	RegistryDir  = "registry"
	KVDir        = "kv"
	VersionsDir  = "versions"
	SpacesDir    = "spaces"
	FilesDir     = "files"
)

var accountIDRe = regexp.MustCompile(`^[a-z0-9]{1,12}$`)

// ValidAccountID says whether id is an account id (05 §14.1: ^[a-z0-9]{1,12}$).
func ValidAccountID(id string) bool { return accountIDRe.MatchString(id) }

// DataPath is the only data path an account may have (05 §14.1).
func DataPath(id string) string { return AccountsDir + "/" + id + "/" + StoresDir }

// DataParts is DataPath as path segments, for an id already checked.
func DataParts(id string) ([]string, error) {
	if !ValidAccountID(id) {
		return nil, fmt.Errorf("account id %q: %w", id, ErrUnsafe)
	}
	return []string{AccountsDir, id, StoresDir}, nil
}

// Sub returns a Root-bound view of a directory inside r, created if absent.
// Every path given to the view is relative to it.
func (r *Root) Sub(parts ...string) (*Dir, error) {
	if err := r.MkdirAll(parts...); err != nil {
		return nil, err
	}
	return &Dir{root: r, base: append([]string(nil), parts...)}, nil
}

// Dir is a directory inside a folder: the same safe operations, relative to it.
type Dir struct {
	root *Root
	base []string
}

func (d *Dir) join(parts []string) []string {
	return append(append([]string(nil), d.base...), parts...)
}

// ReadFile reads a file under d (Root.ReadFile).
func (d *Dir) ReadFile(parts ...string) ([]byte, error) { return d.root.ReadFile(d.join(parts)...) }

// WriteFile replaces a file under d atomically (Root.WriteFile).
func (d *Dir) WriteFile(data []byte, parts ...string) error {
	return d.root.WriteFile(data, d.join(parts)...)
}

// Remove deletes a file under d (Root.Remove).
func (d *Dir) Remove(parts ...string) error { return d.root.Remove(d.join(parts)...) }

// List lists a directory under d (Root.List).
func (d *Dir) List(parts ...string) (Listing, error) { return d.root.List(d.join(parts)...) }

// MkdirAll creates directories under d (Root.MkdirAll).
func (d *Dir) MkdirAll(parts ...string) error { return d.root.MkdirAll(d.join(parts)...) }

// OpenRegistry creates the registry store's directory with exactly its two
// subdirectories, kv and versions (05 §14.1), and returns its kv directory.
func OpenRegistry(r *Root, accountID string) (*Dir, error) {
	base, err := DataParts(accountID)
	if err != nil {
		return nil, err
	}
	reg := append(base, RegistryDir)
	if err := r.MkdirAll(append(reg, VersionsDir)...); err != nil {
		return nil, err
	}
	return r.Sub(append(reg, KVDir)...)
}

// SpacesParts is <dataPath>/spaces, the blob store of an account's spaces.
func SpacesParts(accountID string) ([]string, error) {
	base, err := DataParts(accountID)
	if err != nil {
		return nil, err
	}
	return append(base, SpacesDir), nil
}

// ErrInside: a client's own store placed inside the data folder (05 §14.5
// forbids it: it would be copied to other machines with the folder, which
// would then share its store writer id).
var ErrInside = errors.New("folder: own store inside the data folder")

// CheckOutside refuses a path for a client's own stores that is the folder
// or inside it, following links the user made on either side.
func CheckOutside(folderDir, own string) error {
	f, err := resolve(folderDir)
	if err != nil {
		return err
	}
	o, err := resolve(own)
	if err != nil {
		return err
	}
	if rel, err := filepath.Rel(f, o); err == nil && rel != ".." && !strings.HasPrefix(rel, "../") {
		return fmt.Errorf("%s is in %s: %w", own, folderDir, ErrInside)
	}
	return nil
}

// resolve makes p absolute with links resolved as far as it exists.
func resolve(p string) (string, error) {
	abs, err := filepath.Abs(p)
	if err != nil {
		return "", err
	}
	rest := ""
	for cur := abs; ; {
		if r, err := filepath.EvalSymlinks(cur); err == nil {
			return filepath.Join(r, rest), nil
		}
		parent := filepath.Dir(cur)
		if parent == cur {
			return abs, nil
		}
		rest = filepath.Join(filepath.Base(cur), rest)
		cur = parent
	}
}

package folder

import (
	"fmt"
	"regexp"
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

package vault

import (
	"fmt"
	"io"
	"strings"

	"minca.dev/desktop/core/enc"
	"minca.dev/desktop/node/folder"
)

// NewAccountID makes an account id (01 §13): base64url of 8 random bytes,
// non-alphanumerics removed, lower-cased, the first 12 characters.
func NewAccountID(rnd io.Reader) (string, error) {
	for range 8 {
		b, err := random(rnd, 8)
		if err != nil {
			return "", err
		}
		id := strings.ToLower(strings.Map(func(r rune) rune {
			if r == '-' || r == '_' {
				return -1
			}
			return r
		}, enc.B64URL(b)))
		if len(id) > 12 {
			id = id[:12]
		}
		if folder.ValidAccountID(id) {
			return id, nil
		}
	}
	return "", fmt.Errorf("account id: no usable random id")
}

// Create writes a new account into a folder: its vault (with the wraps
// already added to v), its row in accounts.json, and its registry store's
// directories (05 §14.1).
func Create(root *folder.Root, id, name string, v *Vault) error {
	if !folder.ValidAccountID(id) {
		return fmt.Errorf("create account %q: %w", id, folder.ErrUnsafe)
	}
	if err := WriteVault(root, id, v); err != nil {
		return fmt.Errorf("create account: %w", err)
	}
	if _, err := folder.OpenRegistry(root, id); err != nil {
		return fmt.Errorf("create account: %w", err)
	}
	row := Summary{ID: id, Name: name, DID: v.DID, CreatedAt: v.CreatedAt, LastUsedAt: v.CreatedAt}
	if err := PutAccount(root, row); err != nil {
		return fmt.Errorf("create account: %w", err)
	}
	return nil
}

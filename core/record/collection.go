package record

import (
	"fmt"
	"strings"
)

// SysPrefix starts the names of the protocol's own collections (§6.1).
const SysPrefix = "sys."

// Collections whose names 03 uses outside the access history.
const (
	CollectionInvitation = "sys.invitation" // loose invitations (03 §7.4)
	CollectionFork       = "sys.fork"       // fork proofs (03 §6.5)
)

// ValidCollectionName checks a collection name (§6.1): lower case, two or
// more dot-separated parts, each a letter then letters, digits or '-', at
// most 128 characters.
func ValidCollectionName(name string) error {
	if len(name) > MaxCollectionLen || !isCollectionName(name) {
		return fmt.Errorf("%q is not a collection name (like app.todo.item, at most %d characters)", name, MaxCollectionLen)
	}
	return nil
}

// IsSys reports whether a collection belongs to the protocol (§6.1).
func IsSys(name string) bool { return strings.HasPrefix(name, SysPrefix) }

// ValidDefinableName checks a name a definition may give (§6.1): a
// collection name not starting with "sys.".
func ValidDefinableName(name string) error {
	if err := ValidCollectionName(name); err != nil {
		return err
	}
	if IsSys(name) {
		return fmt.Errorf("%q: sys.* collections are the protocol's", name)
	}
	return nil
}

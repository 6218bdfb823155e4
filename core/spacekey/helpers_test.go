package spacekey

import (
	"minca.dev/desktop/core/access"
)

// ringOf is the keyring of a reader holding only the first key k of a space
// whose history names no change.
func ringOf(spaceID string, k *Key) *Keyring {
	return NewKeyring(Input{Space: spaceID, Keys: []access.KeyEntry{{KeyID: k.ID(), ReadKey: k.ReadDID(), Event: spaceID}}, Held: []*Key{k}})
}

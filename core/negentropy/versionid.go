package negentropy

import (
	"encoding/base32"
	"fmt"
)

// A version id is "b" followed by the lower-case, unpadded base32 (RFC 4648)
// of the version's 32-byte SHA-256 digest: 53 characters (05 §2, 02).
const (
	versionIDPrefix = 'b'
	versionIDLen    = 53
)

var lowerBase32 = base32.NewEncoding("abcdefghijklmnopqrstuvwxyz234567").WithPadding(base32.NoPadding)

// IDFromVersionID is the item id of a version: the digest its id names
// (05 §2). Only the canonical spelling is accepted, so one version has one id.
func IDFromVersionID(versionID string) (ID, error) {
	var id ID
	if len(versionID) != versionIDLen || versionID[0] != versionIDPrefix {
		return id, fmt.Errorf("item id of %q: not \"b\" and 52 base32 characters", versionID)
	}
	n, err := lowerBase32.Decode(id[:], []byte(versionID[1:]))
	if err != nil || n != IDSize || lowerBase32.EncodeToString(id[:]) != versionID[1:] {
		return ID{}, fmt.Errorf("item id of %q: not canonical base32", versionID)
	}
	return id, nil
}

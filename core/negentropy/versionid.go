package negentropy

import (
	"fmt"

	"minca.dev/desktop/core/enc"
)

// IDFromVersionID is the item id of a version: the digest its id names
// (05 §2). A version id is a CID, "b" and the lower-case unpadded base32 of
// the version's SHA-256 digest; only the canonical spelling is accepted
// (enc.ParseCID), so one version has one id.
func IDFromVersionID(versionID string) (ID, error) {
	sum, err := enc.ParseCID(versionID)
	if err != nil {
		return ID{}, fmt.Errorf("item id of %q: %w", versionID, err)
	}
	return ID(sum), nil
}

package record

import (
	"fmt"
	"io"
	"strings"

	"minca.dev/desktop/core/enc"
)

// ownedPrefix starts every owned key (§4.1, our choice).
const ownedPrefix = "own:"

// ownerPartLen is len("own:") + 40 hex + len(":").
const ownerPartLen = len(ownedPrefix) + 40 + 1

// OwnerPart is the start of every key an account owns (§4.1, our choice):
// "own:" + hex40(accountDID) + ":".
func OwnerPart(accountDID string) string {
	return ownedPrefix + enc.Hex40(accountDID) + ":"
}

// OwnedKey is rest at the account's owner part. rest must itself be usable in
// a key and the whole at most 128 characters.
func OwnedKey(accountDID, rest string) (string, error) {
	k := OwnerPart(accountDID) + rest
	if rest == "" {
		return "", fmt.Errorf("%w: an owned key needs something after its owner part", ErrKey)
	}
	if err := ValidKey(k); err != nil {
		return "", err
	}
	return k, nil
}

// NewOwnedKey is a fresh key (§4.1) owned by the account.
func NewOwnedKey(accountDID string, rnd io.Reader) (string, error) {
	fresh, err := NewKey(rnd)
	if err != nil {
		return "", err
	}
	return OwnedKey(accountDID, fresh)
}

// KeyOwner returns the owner part of an owned key, and whether the key is
// owned at all; every other key is shared (§4.1).
func KeyOwner(key string) (ownerPart string, owned bool) {
	if len(key) <= ownerPartLen || !strings.HasPrefix(key, ownedPrefix) || key[ownerPartLen-1] != ':' {
		return "", false
	}
	hex := key[len(ownedPrefix) : ownerPartLen-1]
	for i := 0; i < len(hex); i++ {
		if c := hex[i]; (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return "", false
		}
	}
	return key[:ownerPartLen], true
}

// OwnedBy reports whether key is owned by the account (§4.1).
func OwnedBy(key, accountDID string) bool {
	part, owned := KeyOwner(key)
	return owned && part == OwnerPart(accountDID)
}

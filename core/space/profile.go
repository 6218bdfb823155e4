package space

import (
	"errors"
	"fmt"

	"minca.dev/desktop/core/identity"
)

// ProfilePrefix starts a sys.profile record key (03 §11).
const ProfilePrefix = "profile:"

// ErrProfile is wrapped by every error about a profile body.
var ErrProfile = errors.New("malformed profile")

// Profile is what an account tells a space about itself (03 §11).
type Profile struct {
	Name       string
	ContactKey string // compressed P-256 point, base64url; "" when absent
}

// ProfileKey is the record key of an account's profile:
// profile:<hex40(account DID)> (03 §11).
func ProfileKey(account string) string { return ProfilePrefix + hex40(account) }

// ProfileCounts says whether a version at recordKey whose root is root may
// be taken as a profile at all: the root's hex40 is the record key (03 §11).
// (That it verifies and stands is the caller's to check.)
func ProfileCounts(recordKey, root string) bool { return recordKey == ProfileKey(root) }

// ParseProfile reads a sys.profile body: { name: string, contactKey?:
// compressed P-256 point, base64url } (03 §11). Other members are the
// library's and peers judge none of them: they are ignored.
func ParseProfile(body any) (Profile, error) {
	m, ok := body.(map[string]any)
	if !ok {
		return Profile{}, fmt.Errorf("%w: body is not an object", ErrProfile)
	}
	name, ok := m["name"].(string)
	if !ok {
		return Profile{}, fmt.Errorf("%w: name %s is not a string", ErrProfile, show(m["name"]))
	}
	p := Profile{Name: name}
	if ck, present := m["contactKey"]; present {
		s, ok := ck.(string)
		if !ok || !IsCompressedPoint(s) {
			return Profile{}, fmt.Errorf("%w: contactKey %s is not a compressed P-256 point", ErrProfile, show(ck))
		}
		p.ContactKey = s
	}
	return p, nil
}

// IsCompressedPoint says whether s is base64url of a 33-byte compressed
// P-256 point on the curve (contact keys 03 §11, member keys §9.1).
func IsCompressedPoint(s string) bool {
	_, err := identity.ParsePublicKey(s)
	return err == nil
}

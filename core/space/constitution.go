package space

import (
	"fmt"
	"maps"

	"minca.dev/desktop/core/cjson"
)

// Names and values of the constitution (03 §1.1, §1.2).
const (
	Format          = "constitution/1"  // the value of minca (rule 1)
	ResolverStrong  = "strong-remove/1" // the one resolver this version knows (rule 2)
	VisibilityPub   = "public"
	VisibilityPriv  = "private"
	TopNone         = "none"
	MaxFounders     = 16
	MaxRoles        = 64
	MaxName         = 200 // Choice: 03 names no limit; 200 characters (UTF-16).
	NonceBytes      = 12  // the constitution nonce: 12 random bytes, base64url
	KeyIDBytes      = 16  // encryptionKeyId: 22 base64url characters (§8.1)
	didKeyPrefix    = "did:key:"
	memberID        = "id"
	memberMinca     = "minca"
	memberName      = "name"
	memberVis       = "visibility"
	memberResolver  = "resolver"
	memberTop       = "top"
	memberRoles     = "roles"
	memberAssigned  = "assigned"
	memberSucceeds  = "succeeds"
	memberCreatedAt = "createdAt"
	memberNonce     = "nonce"
	memberReadKey   = "readKey"
	memberKeyID     = "encryptionKeyId"
)

// constitutionMembers are the members of 03 §1.1 (the table was lost;
// reconstructed from §1.2's rules and examples and §13.1).
var constitutionMembers = map[string]bool{
	memberMinca: true, memberName: true, memberVis: true, memberResolver: true,
	memberTop: true, memberRoles: true, memberAssigned: true, memberSucceeds: true,
	memberCreatedAt: true, memberNonce: true, memberReadKey: true, memberKeyID: true,
}

// Constitution is a space's founding document (03 §1.1): what the space is
// and how it is run. It never changes; its canonical JSON's cid is the
// space id. Read one with ParseConstitution or CheckSpace.
type Constitution struct {
	Name            string
	Visibility      string              // VisibilityPub or VisibilityPriv
	Founders        []string            // top.founders; nil under top: "none"
	Roles           []FoundingRole      // the founding roles, in order
	Assigned        map[string][]string // account → founding role names; nil when absent
	Succeeds        string              // the space id it succeeds, or ""
	CreatedAt       string
	Nonce           string
	ReadKey         string // private spaces only
	EncryptionKeyID string // private spaces only

	raw map[string]any // exactly as given, without id
}

// Space is a constitution as it is handed around: with its id (03 §1.1).
type Space struct {
	ID string
	*Constitution
}

// Private says whether the space encrypts its bodies (03 §8).
func (c *Constitution) Private() bool { return c.Visibility == VisibilityPriv }

// HasTop says whether the space has founders (top is not "none").
func (c *Constitution) HasTop() bool { return c.Founders != nil }

// Role gives the founding role of that name.
func (c *Constitution) Role(name string) (FoundingRole, bool) {
	for _, r := range c.Roles {
		if r.Name == name {
			return r, true
		}
	}
	return FoundingRole{}, false
}

// Raw gives a copy of the constitution's JSON form exactly as given.
func (c *Constitution) Raw() map[string]any { return maps.Clone(c.raw) }

// Canonical is the canonical JSON the id is the cid of (03 §1.2): the
// constitution hashed exactly as given, nothing dropped or filled in.
func (c *Constitution) Canonical() ([]byte, error) { return cjson.Marshal(c.raw) }

// ID is cid(canonical(constitution)) (03 §1.2).
func (c *Constitution) ID() (string, error) {
	b, err := c.Canonical()
	if err != nil {
		return "", fmt.Errorf("space id: %w", err)
	}
	return cidOf(b), nil
}

// JSON gives the space as it is handed around: the constitution with id.
func (s *Space) JSON() map[string]any {
	m := s.Raw()
	m[memberID] = s.ID
	return m
}

package account

import (
	"fmt"
	"strconv"
	"time"

	"minca.dev/desktop/core/enc"
	"minca.dev/desktop/core/identity"
	"minca.dev/desktop/core/space"
	"minca.dev/desktop/core/spacekey"
)

// Names of the derived account spaces (03 §13.1; the table was lost in our
// copy, and these names reproduce its four example ids).
const (
	NameRegistry = "Account registry"
	NameContacts = "Contacts"
	NameCarry    = "Carry space"
)

// derivedCreatedAt is every derived space's createdAt: 1970-01-01T00:00:00.000Z.
var derivedCreatedAt = time.Unix(0, 0).UTC()

// Derivation names one derived account space (03 §13.1): the label its
// nonce and key are derived under, its name, and what it is bound to.
type Derivation struct {
	Label string
	Name  string
	Bound string // "" or, for a carry space, "|<carrier DID>|<gen>"
}

// Registry is the account registry (03 §13).
var Registry = Derivation{Label: identity.LabelAccountRegistry, Name: NameRegistry}

// Contacts is the contacts space (03 §13.1, §16).
var Contacts = Derivation{Label: identity.LabelContacts, Name: NameContacts}

// Carry is the carry space for a carrier's DID and gen, the number of
// sys.carrier records for that DID before this one (03 §14).
func Carry(carrierDID string, gen int) Derivation {
	return Derivation{Label: identity.LabelCarry, Name: NameCarry, Bound: identity.CarryBound(carrierDID, gen)}
}

// Derived is a derived account space: its constitution with id, and its
// space key.
type Derived struct {
	Space *space.Space
	Key   *spacekey.Key
}

// Derive makes the account's space d names (03 §13.1): K and the nonce
// from the account key (identity.AccountSpaceKey, AccountSpaceNonce), the
// account its one founder, no roles, createdAt the epoch, private with K's
// id and read key; its id is cid(canonical(space)) (core/space.Create).
func Derive(accountKey []byte, accountDID string, d Derivation) (*Derived, error) {
	k, err := identity.AccountSpaceKey(accountKey, d.Label, d.Bound)
	if err != nil {
		return nil, fmt.Errorf("derive %s: %w", d.Name, err)
	}
	key, err := spacekey.FromRaw(k)
	if err != nil {
		return nil, fmt.Errorf("derive %s: %w", d.Name, err)
	}
	n, err := identity.AccountSpaceNonce(accountKey, d.Label, d.Bound)
	if err != nil {
		return nil, fmt.Errorf("derive %s: %w", d.Name, err)
	}
	nonce, err := enc.DecodeB64URL(n)
	if err != nil {
		return nil, fmt.Errorf("derive %s: nonce: %w", d.Name, err)
	}
	sp, err := space.Create(space.Draft{
		Name: d.Name, Visibility: space.VisibilityPriv, Founders: []string{accountDID},
		CreatedAt: derivedCreatedAt, Nonce: nonce, SpaceKey: k,
	})
	if err != nil {
		return nil, fmt.Errorf("derive %s: %w", d.Name, err)
	}
	return &Derived{Space: sp, Key: key}, nil
}

// FromSeed derives a space straight from an account seed: the account key
// (identity.AccountKey) and DID (identity.DeriveKeyPairFromSeed) first.
func FromSeed(seed []byte, d Derivation) (*Derived, error) {
	ak, err := identity.AccountKey(seed)
	if err != nil {
		return nil, fmt.Errorf("derive %s: %w", d.Name, err)
	}
	kp, err := identity.DeriveKeyPairFromSeed(seed)
	if err != nil {
		return nil, fmt.Errorf("derive %s: %w", d.Name, err)
	}
	return Derive(ak, kp.DID(), d)
}

// String names the derivation for messages.
func (d Derivation) String() string {
	if d.Bound == "" {
		return d.Name
	}
	return d.Name + " " + strconv.Quote(d.Bound)
}

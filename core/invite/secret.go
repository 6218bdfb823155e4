package invite

import (
	"fmt"
	"io"

	"minca.dev/desktop/core/enc"
	"minca.dev/desktop/core/identity"
	"minca.dev/desktop/core/record"
)

// SecretLen is the size of an invite secret (03 §7.1): 32 random bytes.
const SecretLen = 32

// SecretTextLen is the length of base64url(secret): 43 characters (§7.6).
const SecretTextLen = 43

// NewSecret reads a fresh invite secret from rnd, which must be a CSPRNG.
func NewSecret(rnd io.Reader) ([]byte, error) {
	s := make([]byte, SecretLen)
	if _, err := io.ReadFull(rnd, s); err != nil {
		return nil, fmt.Errorf("invite secret: %w: %w", identity.ErrRandom, err)
	}
	return s, nil
}

// CheckSecret refuses a secret of any length but 32 bytes (03 §7.1: MUST).
func CheckSecret(secret []byte) error {
	if len(secret) != SecretLen {
		return refuse(ReasonSecret, "§7.1", "the invite secret is %d bytes, not %d", len(secret), SecretLen)
	}
	return nil
}

// KeyPair is the invite key a secret stands for (03 §7.1):
// deriveKeyPairFromSeed(HKDF-SHA256(secret, "minca/space-invite/v1", 32)).
func KeyPair(secret []byte) (*identity.KeyPair, error) {
	if err := CheckSecret(secret); err != nil {
		return nil, err
	}
	kp, err := identity.InviteKeyPair(secret)
	if err != nil {
		return nil, fmt.Errorf("invite key: %w", err)
	}
	return kp, nil
}

// DID is the invite DID of a secret: the did:key of its invite key (§7.1).
func DID(secret []byte) (string, error) {
	kp, err := KeyPair(secret)
	if err != nil {
		return "", err
	}
	return kp.DID(), nil
}

// RecordKey is where an invite's sys.invite record sits:
// invite:<hex40(inviteDid)> (03 §7.2).
func RecordKey(inviteDID string) string { return record.InviteKey(inviteDID) }

// EncodeSecret is base64url(secret), as an invite carries it (§7.4).
func EncodeSecret(secret []byte) string { return enc.B64URL(secret) }

// DIDOfInvite is the invite DID a role invite's secret stands for, read
// from the invite string (bare or in a link) without checking the
// invitation: closing an invite by its link derives this DID and closes
// that record (§7.6). A view-only invite has none (ReasonNoSecret).
func DIDOfInvite(s string) (string, error) {
	p, err := Parse(s)
	if err != nil {
		return "", err
	}
	if p.Secret == nil {
		return "", refuse(ReasonNoSecret, "§7.6", "a view-only invite opens no invite record")
	}
	return DID(p.Secret)
}

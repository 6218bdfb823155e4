package identity

import (
	"crypto/sha256"
	"fmt"

	"minca.dev/desktop/core/enc"
)

// Keys derived from the seed and from the account key (01 §10–§11).

// AccountKeyLen is the size of the account key.
const AccountKeyLen = 32

// AccountKey is HKDF(seed, LabelAccountKey, 32) (01 §11.1, deriveAccountKey):
// the input of member keys and of the account's derived spaces. Apps granted
// the whole account receive it; it does not open the registry at rest.
func AccountKey(seed []byte) ([]byte, error) {
	if len(seed) != SeedLen {
		return nil, fmt.Errorf("%w: %d bytes, want %d", ErrSeed, len(seed), SeedLen)
	}
	return HKDF(seed, LabelAccountKey, AccountKeyLen)
}

// LocalKey is HKDF(seed, LabelLocalKey, 32): the key of the data folder's
// registry at rest (01 §11.1, 05 §15), kept by the account home and never
// given to apps. Our choice: no source fixes its label or input.
func LocalKey(seed []byte) ([]byte, error) {
	if len(seed) != SeedLen {
		return nil, fmt.Errorf("%w: %d bytes, want %d", ErrSeed, len(seed), SeedLen)
	}
	return HKDF(seed, LabelLocalKey, KeyLen)
}

// ContactKeyPair is ScalarFrom(HKDF(seed, LabelContactKey, 48)): the
// account's contact key, used for key agreement only (01 §10.1).
func ContactKeyPair(seed []byte) (*KeyPair, error) {
	if len(seed) != SeedLen {
		return nil, fmt.Errorf("%w: %d bytes, want %d", ErrSeed, len(seed), SeedLen)
	}
	return keyFrom(seed, LabelContactKey)
}

// MemberKeyPair is ScalarFrom(HKDF(account key, LabelMemberKey+spaceID, 48))
// (01 §10.2 deriveMemberKeyBytes; 03 §9.1): the account's ECDH key in one
// space, published as EncodedPublicKey and the recipient of space-key boxes.
func MemberKeyPair(accountKey []byte, spaceID string) (*KeyPair, error) {
	if len(accountKey) != AccountKeyLen {
		return nil, fmt.Errorf("%w: account key is %d bytes, want %d", ErrKeyLength, len(accountKey), AccountKeyLen)
	}
	return keyFrom(accountKey, LabelMemberKey+spaceID)
}

// DoorKeyPair and DoorSignKeyPair derive a door's ECDH key and its signing
// key from the contact key's 32-byte scalar (part 07).
func DoorKeyPair(contact *KeyPair, doorID string) (*KeyPair, error) {
	return keyFrom(contact.PrivateBytes(), LabelDoorKey+doorID)
}

// DoorSignKeyPair: see DoorKeyPair.
func DoorSignKeyPair(contact *KeyPair, doorID string) (*KeyPair, error) {
	return keyFrom(contact.PrivateBytes(), LabelDoorSignKey+doorID)
}

// DoorTopic is base64url(SHA-256(LabelDoorTopic + signKey)), a door's
// mailbox topic, where signKey is the door signing key as EncodedPublicKey.
func DoorTopic(signKey string) string {
	sum := sha256.Sum256([]byte(LabelDoorTopic + signKey))
	return enc.B64URL(sum[:])
}

// Keys derived from a space key K (03 §7–§8). K is only ever HKDF input.

// SpaceKeyLen is the size of a space key K.
const SpaceKeyLen = 32

// SpaceSealKey is HKDF(K, LabelSpaceSeal, 32): the key of every envelope
// under K (03 §8.1).
func SpaceSealKey(k []byte) ([]byte, error) {
	if err := checkSpaceKey(k); err != nil {
		return nil, err
	}
	return HKDF(k, LabelSpaceSeal, KeyLen)
}

// SpaceKeyID is base64url(HKDF(K, LabelSpaceKeyID, 16)), 22 characters
// (03 §8.1).
func SpaceKeyID(k []byte) (string, error) {
	if err := checkSpaceKey(k); err != nil {
		return "", err
	}
	id, err := HKDF(k, LabelSpaceKeyID, 16)
	if err != nil {
		return "", err
	}
	return enc.B64URL(id), nil
}

// ReadSeed is HKDF(K, LabelSpaceRead, 32), which a pass carries (03 §8.4, §14).
func ReadSeed(k []byte) ([]byte, error) {
	if err := checkSpaceKey(k); err != nil {
		return nil, err
	}
	return HKDF(k, LabelSpaceRead, 32)
}

// ReadKeyPair is DeriveKeyPairFromSeed(ReadSeed(K)): the space's read key
// (03 §8.4).
func ReadKeyPair(k []byte) (*KeyPair, error) {
	seed, err := ReadSeed(k)
	if err != nil {
		return nil, err
	}
	return DeriveKeyPairFromSeed(seed)
}

func checkSpaceKey(k []byte) error {
	if len(k) != SpaceKeyLen {
		return fmt.Errorf("%w: space key is %d bytes, want %d", ErrKeyLength, len(k), SpaceKeyLen)
	}
	return nil
}

// InviteKeyPair is DeriveKeyPairFromSeed(HKDF(secret, LabelSpaceInvite, 32))
// (03 §7.1), for the invite secret a link carries.
func InviteKeyPair(secret []byte) (*KeyPair, error) {
	if len(secret) < MinIKMLen {
		return nil, fmt.Errorf("%w: invite secret is %d bytes", ErrKeyLength, len(secret))
	}
	seed, err := HKDF(secret, LabelSpaceInvite, 32)
	if err != nil {
		return nil, err
	}
	return DeriveKeyPairFromSeed(seed)
}

// InviteJoinMessage is what an invite key signs to let joinerDID in
// (03 §7.3): UTF-8 "minca/space-invite/v1|<spaceId>|<joinerDid>".
func InviteJoinMessage(spaceID, joinerDID string) []byte {
	return []byte(LabelSpaceInvite + "|" + spaceID + "|" + joinerDID)
}

// InviteLinkSecret and InviteLinkSealKey are HKDF(S, ·, 32) of a short
// link's random S (03 §7.7).
func InviteLinkSecret(s []byte) ([]byte, error) { return HKDF(s, LabelInviteLinkSecret, 32) }

// InviteLinkSealKey: see InviteLinkSecret.
func InviteLinkSealKey(s []byte) ([]byte, error) { return HKDF(s, LabelInviteLinkSeal, 32) }

// InviteTopic is base64url(SHA-256(LabelInviteTopic + base64url(pin)))
// (03 §7.7).
func InviteTopic(pin []byte) string {
	sum := sha256.Sum256([]byte(LabelInviteTopic + enc.B64URL(pin)))
	return enc.B64URL(sum[:])
}

// AccountSpaceKey is K = HKDF(account key, label+"/key/v1"+bound, 32) of a
// derived account space (03 §13.1); bound is "" or, for a carry space,
// "|<carrier DID>|<gen>".
func AccountSpaceKey(accountKey []byte, label, bound string) ([]byte, error) {
	if len(accountKey) != AccountKeyLen {
		return nil, fmt.Errorf("%w: account key is %d bytes, want %d", ErrKeyLength, len(accountKey), AccountKeyLen)
	}
	return HKDF(accountKey, label+"/key/v1"+bound, SpaceKeyLen)
}

// AccountSpaceNonce is base64url(HKDF(account key, label+"/nonce/v1"+bound,
// 32)[:12]), the constitution nonce of a derived account space (03 §13.1).
func AccountSpaceNonce(accountKey []byte, label, bound string) (string, error) {
	if len(accountKey) != AccountKeyLen {
		return "", fmt.Errorf("%w: account key is %d bytes, want %d", ErrKeyLength, len(accountKey), AccountKeyLen)
	}
	okm, err := HKDF(accountKey, label+"/nonce/v1"+bound, 32)
	if err != nil {
		return "", err
	}
	return enc.B64URL(okm[:12]), nil
}

// CarryBound is the bound of a carry space for a carrier and generation.
func CarryBound(carrierDID string, gen int) string {
	return fmt.Sprintf("|%s|%d", carrierDID, gen)
}

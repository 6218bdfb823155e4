package record

import (
	"fmt"
	"io"
	"strings"

	"minca.dev/desktop/core/enc"
)

// ValidKey checks a record key (§4.1): 1–128 of [a-z0-9:._-].
func ValidKey(k string) error {
	if !isKey(k) {
		return fmt.Errorf("%w: %q must be 1 to %d of a-z 0-9 : . _ -", ErrKey, k, MaxKeyLen)
	}
	return nil
}

// NewKey returns a fresh record key: 16 bytes from rnd in lower-case base32,
// 26 characters (§4.1).
func NewKey(rnd io.Reader) (string, error) {
	b := make([]byte, FreshKeyBytes)
	if _, err := io.ReadFull(rnd, b); err != nil {
		return "", fmt.Errorf("new record key: %w", err)
	}
	return enc.Base32(b), nil
}

// Prefixes of the keys the access history uses (03 §3.1, §3.3).
const (
	PrefixRole       = "role:"
	PrefixAssign     = "assign:"
	PrefixRemove     = "remove:"
	PrefixInvite     = "invite:"
	PrefixRevoke     = "revoke:"
	PrefixCollection = "collection:"
	PrefixKey        = "key:"
	PrefixRelays     = "relays:"
	PrefixKeepers    = "keepers:"
	PrefixFork       = "fork:"
	PrefixStepdown   = "stepdown:"
	PrefixSucceed    = "succeed:"
)

// Other derived-key prefixes (03 §9, §11, §13, §14, §15).
const (
	PrefixMemberKey = "memberkey:"
	PrefixBox       = "box:"
	PrefixProfile   = "profile:"
	PrefixPass      = "pass:"
	PrefixWake      = "wake:"
	PrefixSpace     = "space:"
)

// Fixed keys (03 §9.3, §10, §14).
const (
	KeySpaceKey    = "key:space"
	KeyRelays      = "relays:space"
	KeyKeepers     = "keepers:space"
	KeyCarryClosed = "carry:closed"
)

// AssignKey is the sys.assign key of role for did (03 §2.5): assign:hex40(did|role).
func AssignKey(did, role string) string { return PrefixAssign + enc.Hex40(did+"|"+role) }

// RemoveKey is the sys.remove key of an account (03 §6.1).
func RemoveKey(did string) string { return PrefixRemove + enc.Hex40(did) }

// InviteKey is the sys.invite key of an invite DID (03 §7.2).
func InviteKey(inviteDID string) string { return PrefixInvite + enc.Hex40(inviteDID) }

// RevokeKey is the sys.revoke key of a key revoked by an account (03 §6.4).
func RevokeKey(keyDID, accountDID string) string {
	return PrefixRevoke + enc.Hex40(keyDID+"|"+accountDID)
}

// ForkKey is the sys.fork key of a writer key (03 §6.5).
func ForkKey(writerDID string) string { return PrefixFork + enc.Hex40(writerDID) }

// StepdownKey is the sys.stepdown key of an account (03 §2.5).
func StepdownKey(did string) string { return PrefixStepdown + enc.Hex40(did) }

// SucceedKey is the sys.succeed key naming a successor space (03 §2.7).
func SucceedKey(successorID string) string { return PrefixSucceed + enc.Hex40(successorID) }

// MemberKeyKey is the sys.memberkey key of an account (03 §9.1).
func MemberKeyKey(accountDID string) string { return PrefixMemberKey + enc.Hex40(accountDID) }

// BoxKey is the sys.box key of a space key boxed to one account by another (03 §9.4).
func BoxKey(keyID, toDID, fromDID string) string {
	return PrefixBox + enc.Hex40(keyID+"|"+toDID+"|"+fromDID)
}

// ProfileKey is the sys.profile key of an account (03 §11).
func ProfileKey(accountDID string) string { return PrefixProfile + enc.Hex40(accountDID) }

// PassKey is the sys.pass key of a space in a carry space (03 §14).
func PassKey(spaceID string) string { return PrefixPass + enc.Hex40(spaceID) }

// RoleKey is the sys.role key of a role name (03 §2.4).
func RoleKey(name string) string { return PrefixRole + name }

// CollectionKey is the sys.collection key of a definition (§6).
func CollectionKey(name string) string { return PrefixCollection + name }

// SpaceKey is the registry membership key of a space (03 §13.2).
func SpaceKey(spaceID string) string { return PrefixSpace + spaceID }

// WakeKey is a sys.wake key (03 §15); collection may be "".
func WakeKey(id, collection string) string {
	if collection == "" {
		return PrefixWake + id
	}
	return PrefixWake + id + ":" + collection
}

// accessPrefixes maps each access-key prefix to its own collection (03 §3.3).
var accessPrefixes = []struct{ prefix, collection string }{
	{PrefixRole, "sys.role"}, {PrefixAssign, "sys.assign"}, {PrefixRemove, "sys.remove"},
	{PrefixInvite, "sys.invite"}, {PrefixRevoke, "sys.revoke"},
	{PrefixCollection, "sys.collection"}, {PrefixKey, "sys.key"},
	{PrefixRelays, "sys.relays"}, {PrefixKeepers, "sys.keepers"}, {PrefixFork, "sys.fork"},
	{PrefixStepdown, "sys.stepdown"}, {PrefixSucceed, "sys.succeed"},
}

// AccessCollectionOf returns the access collection a key's prefix belongs
// to (03 §3.3); ok is false for a key outside the access history.
func AccessCollectionOf(key string) (collection string, ok bool) {
	for _, p := range accessPrefixes {
		if strings.HasPrefix(key, p.prefix) {
			return p.collection, true
		}
	}
	return "", false
}

// IsAccessCollection reports whether a collection is one of the access
// history's (03 §3.1); their versions must carry retain (§4.5).
func IsAccessCollection(collection string) bool {
	for _, p := range accessPrefixes {
		if p.collection == collection {
			return true
		}
	}
	return false
}

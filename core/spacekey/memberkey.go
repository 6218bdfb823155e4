package spacekey

import (
	"crypto/ecdh"
	"errors"
	"fmt"

	"minca.dev/desktop/core/identity"
	"minca.dev/desktop/core/record"
)

// CollectionMemberKey holds member keys: sys.memberkey at
// memberkey:<hex40(accountDid)>, { key: <compressed point, base64url> } (03 §9.1).
const CollectionMemberKey = "sys.memberkey"

// ErrMemberKey is a sys.memberkey body that is not { key } naming a point.
var ErrMemberKey = errors.New("spacekey: malformed member key")

// MemberKey is an account's member key in a space: ScalarFrom(HKDF(account
// key, "minca/p256-member-key/v1|<spaceId>", 48)) (01 §10.2, 03 §9.1).
func MemberKey(accountKey []byte, spaceID string) (*identity.KeyPair, error) {
	kp, err := identity.MemberKeyPair(accountKey, spaceID)
	if err != nil {
		return nil, fmt.Errorf("member key in %s: %w", spaceID, err)
	}
	return kp, nil
}

// MemberKeyBody is what a member publishes, in the clear, at
// record.MemberKeyKey(account): { key }.
func MemberKeyBody(member *identity.KeyPair) map[string]any {
	return map[string]any{memberKey: member.EncodedPublicKey()}
}

// ParseMemberKey reads a sys.memberkey body: exactly { key }, key a valid
// compressed point in base64url.
func ParseMemberKey(body any) (*ecdh.PublicKey, error) {
	m, ok := body.(map[string]any)
	if !ok || len(m) != 1 {
		return nil, fmt.Errorf("%w: want { key }", ErrMemberKey)
	}
	s, _ := m[memberKey].(string)
	pub, err := identity.ParseECDHPublicKey(s)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrMemberKey, err)
	}
	return pub, nil
}

// Candidate is a version held at an account's member-key record key
// (current, first or retained), with what the caller judged of it: its
// root (02, 01 §8) and whether it stands (03 §5.2).
type Candidate struct {
	Version *record.Version
	Root    string
	Stands  bool
}

// MemberKeyOf is an account's member key in a space (03 §9.1): among the
// versions at memberkey:<hex40(account)> that count — not a delete,
// standing, root's hex40 matching the record key, key a valid point — the
// one with the highest seq, then the lowest id. ok is false when none counts.
func MemberKeyOf(account string, held []Candidate) (pub *ecdh.PublicKey, from *record.Version, ok bool) {
	want := record.MemberKeyKey(account)
	for _, c := range held {
		v := c.Version
		if v == nil || v.Deleted || !c.Stands || v.Collection != CollectionMemberKey ||
			v.Key != want || record.MemberKeyKey(c.Root) != want {
			continue
		}
		p, err := ParseMemberKey(v.Body)
		if err != nil {
			continue
		}
		if from == nil || record.Supersedes(v, from) {
			pub, from = p, v
		}
	}
	return pub, from, from != nil
}

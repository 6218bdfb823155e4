package spacekey

import (
	"crypto/ecdh"
	"errors"
	"fmt"
	"io"

	"minca.dev/desktop/core/cjson"
	"minca.dev/desktop/core/enc"
	"minca.dev/desktop/core/identity"
	"minca.dev/desktop/core/record"
)

// Boxes (03 §9.4): sys.box at box:<hex40("<keyId>|<toDid>|<fromDid>")>,
// { keyId, to, sealed }, sealed = HPKE(member key, "minca/space-key-box/v1",
// { space, keyId, to }, JSON { key: base64url(K) }).
const (
	CollectionBox = "sys.box"
	memberTo      = "to"
	memberKey     = "key"
)

// ErrBox is a sys.box body that is not { keyId, to, sealed }.
var ErrBox = errors.New("spacekey: malformed box")

// ErrBoxNotOpened is a box that does not open for this account, or opens to
// something other than the key its keyId names.
var ErrBoxNotOpened = errors.New("spacekey: box does not open")

// Box is the body of a sys.box version.
type Box struct {
	KeyID  string // the boxed key's id
	To     string // the recipient account's DID
	Sealed string // base64url of the HPKE box
}

// Body is the sys.box body.
func (b Box) Body() map[string]any {
	return map[string]any{memberKeyID: b.KeyID, memberTo: b.To, memberSealed: b.Sealed}
}

// RecordKey is where a box from an account sits (03 §9.4).
func (b Box) RecordKey(from string) string { return record.BoxKey(b.KeyID, b.To, from) }

// ParseBox reads a sys.box body: exactly keyId, to and sealed, all strings.
func ParseBox(body any) (Box, error) {
	m, ok := body.(map[string]any)
	if !ok || len(m) != 3 {
		return Box{}, fmt.Errorf("%w: want an object of keyId, to and sealed", ErrBox)
	}
	id, okI := m[memberKeyID].(string)
	to, okT := m[memberTo].(string)
	s, okS := m[memberSealed].(string)
	if !okI || !okT || !okS {
		return Box{}, fmt.Errorf("%w: keyId, to and sealed must be strings", ErrBox)
	}
	return Box{KeyID: id, To: to, Sealed: s}, nil
}

func boxBound(spaceID, keyID, to string) map[string]any {
	return map[string]any{"space": spaceID, "keyId": keyID, "to": to}
}

// SealBox seals k to the account to, whose published member key in the
// space is toKey (03 §9.4).
func SealBox(k *Key, spaceID, to string, toKey *ecdh.PublicKey, rnd io.Reader) (Box, error) {
	pt, err := cjson.Marshal(map[string]any{memberKey: k.Encoded()})
	if err != nil {
		return Box{}, fmt.Errorf("box key %s to %s: %w", k.id, to, err)
	}
	sealed, err := identity.SealTo(toKey, identity.LabelSpaceKeyBox, boxBound(spaceID, k.id, to), pt, rnd)
	if err != nil {
		return Box{}, fmt.Errorf("box key %s to %s: %w", k.id, to, err)
	}
	return Box{KeyID: k.id, To: to, Sealed: enc.B64URL(sealed)}, nil
}

// OpenBox opens a box addressed to account with its member key in the
// space, the bound built from the space, the box's keyId and the account
// itself, and checks the key inside derives the keyId the box names. The
// caller still checks the read DID against the history (Keyring does).
func OpenBox(b Box, spaceID, account string, member *identity.KeyPair) (*Key, error) {
	if b.To != account {
		return nil, fmt.Errorf("%w: addressed to %s", ErrBoxNotOpened, b.To)
	}
	sealed, err := enc.DecodeB64URL(b.Sealed)
	if err != nil {
		return nil, fmt.Errorf("%w: sealed is not base64url", ErrBoxNotOpened)
	}
	pt, err := identity.OpenFrom(member.ECDH(), identity.LabelSpaceKeyBox, boxBound(spaceID, b.KeyID, account), sealed)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrBoxNotOpened, err)
	}
	x, err := cjson.Parse(pt)
	m, ok := x.(map[string]any)
	if err != nil || !ok || len(m) != 1 {
		return nil, fmt.Errorf("%w: plaintext is not { key }", ErrBoxNotOpened)
	}
	s, _ := m[memberKey].(string)
	k, err := Parse(s)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrBoxNotOpened, err)
	}
	if k.id != b.KeyID {
		return nil, fmt.Errorf("%w: holds key %s, not %s", ErrBoxNotOpened, k.id, b.KeyID)
	}
	return k, nil
}

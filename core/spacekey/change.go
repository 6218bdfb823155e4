package spacekey

import (
	"errors"
	"fmt"
	"io"

	"minca.dev/desktop/core/cjson"
	"minca.dev/desktop/core/enc"
	"minca.dev/desktop/core/identity"
	"minca.dev/desktop/core/record"
)

// Key changes (03 §9.3): sys.key at key:space, { keyId, readKey, earlier }.
const (
	CollectionKey = "sys.key"
	// MaxEarlier is how many raw keys a reader takes from one earlier (03 §9.3).
	MaxEarlier = 1000
	keyIDLen   = 22 // 16 bytes in base64url (03 §8.1)
)

// Members of a sys.key body.
const (
	memberReadKey = "readKey"
	memberEarlier = "earlier"
	memberCutoff  = "cutoff"
)

// ErrKeyChange is a sys.key body that is not { keyId, readKey, earlier? };
// it yields no event (core/judge reads the same shape).
var ErrKeyChange = errors.New("spacekey: malformed key change")

// ErrMalformed is a key change whose earlier does not open, is not a list
// of keys, or leaves out the first key K₀: a reader takes no key from it,
// though it still counts in the access history (03 §9.3).
var ErrMalformed = errors.New("spacekey: key change gives no key")

// KeyChange is the body of a sys.key version (03 §9.3).
type KeyChange struct {
	KeyID   string // the new key's id
	ReadKey string // its read DID
	Earlier string // base64url envelope of the keys held before; "" when absent
}

// ParseKeyChange reads a sys.key body as core/judge does (so both agree on
// which versions are key events): only keyId, readKey, earlier and cutoff;
// keyId 22 base64url characters of 16 bytes; readKey a P-256 did:key;
// earlier, when present, a non-empty string.
//
// Choice: a change without earlier still counts (judge's reading) and is
// malformed for every reader, as one whose earlier does not open.
func ParseKeyChange(body any) (KeyChange, error) {
	m, ok := body.(map[string]any)
	if !ok {
		return KeyChange{}, fmt.Errorf("%w: body is not an object", ErrKeyChange)
	}
	for k := range m {
		if k != memberKeyID && k != memberReadKey && k != memberEarlier && k != memberCutoff {
			return KeyChange{}, fmt.Errorf("%w: unknown member %q", ErrKeyChange, k)
		}
	}
	id, _ := m[memberKeyID].(string)
	if b, err := enc.DecodeB64URL(id); err != nil || len(id) != keyIDLen || len(b) != 16 {
		return KeyChange{}, fmt.Errorf("%w: keyId %q is not %d base64url characters", ErrKeyChange, id, keyIDLen)
	}
	rk, _ := m[memberReadKey].(string)
	if _, err := identity.ParseDID(rk); err != nil {
		return KeyChange{}, fmt.Errorf("%w: readKey: %w", ErrKeyChange, err)
	}
	c := KeyChange{KeyID: id, ReadKey: rk}
	if e, present := m[memberEarlier]; present {
		s, ok := e.(string)
		if !ok || s == "" {
			return KeyChange{}, fmt.Errorf("%w: earlier must be a non-empty string", ErrKeyChange)
		}
		c.Earlier = s
	}
	return c, nil
}

// Body is the sys.key body of the change.
func (c KeyChange) Body() map[string]any {
	m := map[string]any{memberKeyID: c.KeyID, memberReadKey: c.ReadKey}
	if c.Earlier != "" {
		m[memberEarlier] = c.Earlier
	}
	return m
}

// ChangesFrom reads the key changes among a space's versions, by version
// id (which is the event id S.keys names): every version at key:space that
// is not a delete and whose body parses. Others are passed over: they are
// no key event (03 §3.3).
func ChangesFrom(vs []*record.Version) map[string]KeyChange {
	out := map[string]KeyChange{}
	for _, v := range vs {
		if v.Key != record.KeySpaceKey || v.Collection != CollectionKey || v.Deleted || !v.HasBody {
			continue
		}
		if c, err := ParseKeyChange(v.Body); err == nil {
			out[v.ID] = c
		}
	}
	return out
}

// earlierBound is the bound of an earlier: { space, keyId: K'.id } (03 §9.3).
func earlierBound(spaceID, keyID string) map[string]any {
	return map[string]any{"space": spaceID, "keyId": keyID}
}

// SealEarlier is step 2 of 03 §9.3: base64url of an envelope under the
// seal key of K′, label minca/earlier-keys/v1, around the JSON list of base64url
// of every key held.
func SealEarlier(next *Key, spaceID string, held []*Key, rnd io.Reader) (string, error) {
	list := make([]any, len(held))
	for i, k := range held {
		list[i] = k.Encoded()
	}
	pt, err := cjson.Marshal(list)
	if err != nil {
		return "", fmt.Errorf("seal earlier keys: %w", err)
	}
	env, err := identity.Seal(next.seal, identity.LabelEarlierKeys, earlierBound(spaceID, next.id), pt, rnd)
	if err != nil {
		return "", fmt.Errorf("seal earlier keys: %w", err)
	}
	return enc.B64URL(env), nil
}

// OpenEarlier opens the earlier of the change that named k, and gives the
// raw keys it holds: at most MaxEarlier entries are read.
//
// Choice: entries past the first MaxEarlier, and entries that are not
// base64url of 32 bytes, are passed over (as keys the history does not
// name are); the change is malformed only when the earlier does not open
// or is not a JSON list.
func OpenEarlier(k *Key, spaceID, earlier string) ([]*Key, error) {
	env, err := enc.DecodeB64URL(earlier)
	if err != nil {
		return nil, fmt.Errorf("%w: earlier is not base64url", ErrMalformed)
	}
	pt, err := identity.Open(k.seal, identity.LabelEarlierKeys, earlierBound(spaceID, k.id), env)
	if err != nil {
		return nil, fmt.Errorf("%w: earlier of %s does not open", ErrMalformed, k.id)
	}
	x, err := cjson.Parse(pt)
	list, ok := x.([]any)
	if err != nil || !ok {
		return nil, fmt.Errorf("%w: earlier of %s is not a list", ErrMalformed, k.id)
	}
	if len(list) > MaxEarlier {
		list = list[:MaxEarlier]
	}
	var keys []*Key
	for _, e := range list {
		s, _ := e.(string)
		if ek, err := Parse(s); err == nil {
			keys = append(keys, ek)
		}
	}
	return keys, nil
}

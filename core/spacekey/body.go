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

// Members of an encrypted body and of its plaintext (03 §8.3).
const (
	memberSealed = "sealed"
	memberKeyID  = "keyId"
	memberBody   = "body"
	memberLinks  = "links"
	linkRel      = "rel"
	linkTo       = "to"
)

// ErrNotOpened is a body that does not open: not encrypted, sealed under a
// key not held, moved to another place, relabelled or tampered with. A
// reader shows such a body as unreadable (null), never refuses for it
// (03 §8.3).
var ErrNotOpened = errors.New("spacekey: body does not open")

// Place is what a reader knows of a version before it opens its body: its
// space, collection and record key, from the envelope (03 §8.3).
type Place struct {
	Space      string
	Collection string
	Key        string
}

// PlaceOf is the place of a version.
func PlaceOf(v *record.Version) Place {
	return Place{Space: v.Space, Collection: v.Collection, Key: v.Key}
}

// bound is the bound of a sealed body: { space, collection, key, keyId } (03 §8.3).
func (p Place) bound(keyID string) map[string]any {
	return map[string]any{"space": p.Space, "collection": p.Collection, "key": p.Key, "keyId": keyID}
}

// Opened is a body as its reader opens it: the body, and the links that
// travel inside the ciphertext (03 §8.2).
type Opened struct {
	Body  any
	Links []record.Link
}

// SealBody encrypts a body and its links for a version at p under k (03
// §8.3): { sealed: base64url(envelope), keyId }. The plaintext is the
// canonical JSON of { body } or, with links, { body, links }.
//
// Choice: the plaintext is canonical JSON (sorted keys) rather than
// JavaScript's insertion order; readers parse it, so either opens the same.
func SealBody(k *Key, p Place, body any, links []record.Link, rnd io.Reader) (map[string]any, error) {
	pt := map[string]any{memberBody: body}
	if len(links) > 0 {
		ls := make([]any, len(links))
		for i, l := range links {
			ls[i] = map[string]any{linkRel: l.Rel, linkTo: l.To}
		}
		pt[memberLinks] = ls
	}
	b, err := cjson.Marshal(pt)
	if err != nil {
		return nil, fmt.Errorf("seal body at %s/%s: %w", p.Collection, p.Key, err)
	}
	env, err := identity.Seal(k.seal, identity.LabelRecordBody, p.bound(k.id), b, rnd)
	if err != nil {
		return nil, fmt.Errorf("seal body at %s/%s: %w", p.Collection, p.Key, err)
	}
	return map[string]any{memberSealed: enc.B64URL(env), memberKeyID: k.id}, nil
}

// IsSealed reports whether a body is treated as encrypted: an object with
// string sealed and string keyId (03 §8.3), giving the key id it names.
func IsSealed(body any) (keyID string, ok bool) {
	m, isMap := body.(map[string]any)
	if !isMap {
		return "", false
	}
	_, okS := m[memberSealed].(string)
	keyID, okK := m[memberKeyID].(string)
	return keyID, okS && okK
}

// OpenBody opens a sealed body at p with k, which must be the key its keyId
// names. Every failure is ErrNotOpened.
//
// Choice: an encrypted body with members beside sealed and keyId still
// opens (the bound covers what matters); a plaintext that is not an object
// with body, and at most links beside it as a list of {rel, to} strings,
// does not open.
func OpenBody(k *Key, p Place, body any) (Opened, error) {
	keyID, ok := IsSealed(body)
	if !ok {
		return Opened{}, fmt.Errorf("%w: not an encrypted body", ErrNotOpened)
	}
	if keyID != k.id {
		return Opened{}, fmt.Errorf("%w: sealed under key %q, not %q", ErrNotOpened, keyID, k.id)
	}
	env, err := enc.DecodeB64URL(body.(map[string]any)[memberSealed].(string))
	if err != nil {
		return Opened{}, fmt.Errorf("%w: sealed is not base64url", ErrNotOpened)
	}
	pt, err := identity.Open(k.seal, identity.LabelRecordBody, p.bound(keyID), env)
	if err != nil {
		return Opened{}, fmt.Errorf("%w at %s/%s: %v", ErrNotOpened, p.Collection, p.Key, err)
	}
	return parsePlaintext(pt)
}

// parsePlaintext reads { body, links? } (03 §8.3).
func parsePlaintext(pt []byte) (Opened, error) {
	x, err := cjson.Parse(pt)
	if err != nil {
		return Opened{}, fmt.Errorf("%w: plaintext: %v", ErrNotOpened, err)
	}
	m, ok := x.(map[string]any)
	if !ok {
		return Opened{}, fmt.Errorf("%w: plaintext is not an object", ErrNotOpened)
	}
	b, ok := m[memberBody]
	if !ok {
		return Opened{}, fmt.Errorf("%w: plaintext has no body", ErrNotOpened)
	}
	extra := len(m) - 1
	var links []record.Link
	if l, has := m[memberLinks]; has {
		extra--
		if links, ok = parseLinks(l); !ok {
			return Opened{}, fmt.Errorf("%w: links are not a list of {rel, to}", ErrNotOpened)
		}
	}
	if extra != 0 {
		return Opened{}, fmt.Errorf("%w: plaintext has members beside body and links", ErrNotOpened)
	}
	return Opened{Body: b, Links: links}, nil
}

func parseLinks(x any) ([]record.Link, bool) {
	a, ok := x.([]any)
	if !ok {
		return nil, false
	}
	out := make([]record.Link, 0, len(a))
	for _, y := range a {
		m, ok := y.(map[string]any)
		rel, okR := m[linkRel].(string)
		to, okT := m[linkTo].(string)
		if !ok || !okR || !okT || len(m) != 2 {
			return nil, false
		}
		out = append(out, record.Link{Rel: rel, To: to})
	}
	return out, true
}

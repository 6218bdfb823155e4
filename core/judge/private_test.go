package judge

import (
	"bytes"
	"encoding/json"
	"testing"

	"minca.dev/desktop/core/cjson"
	"minca.dev/desktop/core/enc"
	"minca.dev/desktop/core/identity"
	"minca.dev/desktop/core/record"
)

// spaceKey is a private space's key K with what 03 §8.1 and §8.4 derive
// from it: its seal key, id and read DID.
type spaceKey struct {
	raw     []byte
	seal    []byte
	id      string
	readDID string
}

func newSpaceKey(t testing.TB, k []byte) spaceKey {
	t.Helper()
	seal, err := identity.HKDF(k, identity.LabelSpaceSeal, 32)
	must(t, err)
	id, err := identity.HKDF(k, identity.LabelSpaceKeyID, 16)
	must(t, err)
	readSeed, err := identity.HKDF(k, identity.LabelSpaceRead, 32)
	must(t, err)
	read, err := identity.DeriveKeyPairFromSeed(readSeed)
	must(t, err)
	return spaceKey{raw: k, seal: seal, id: enc.B64URL(id), readDID: read.DID()}
}

func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// bound is what a private body is bound to (03 §8.3).
func (k spaceKey) bound(v *record.Version) map[string]any {
	return map[string]any{"space": v.Space, "collection": v.Collection, "key": v.Key, "keyId": k.id}
}

// sealBody is a body encrypted as 03 §8.3 says, for a version at v's place.
func (k spaceKey) sealBody(t testing.TB, v *record.Version, body any) map[string]any {
	t.Helper()
	pt, err := json.Marshal(map[string]any{"body": body})
	must(t, err)
	env, err := identity.Seal(k.seal, identity.LabelRecordBody, k.bound(v), pt, bytes.NewReader(make([]byte, 12)))
	must(t, err)
	return map[string]any{"sealed": enc.B64URL(env), "keyId": k.id}
}

// keyHolder is a reader of a private space that holds its key: it opens
// bodies as 03 §8.3 says (the Opener issue 4 provides, in small).
type keyHolder struct{ k spaceKey }

func (keyHolder) Reads() bool { return true }

func (h keyHolder) Open(v *record.Version) (any, bool) {
	m, ok := v.Body.(map[string]any)
	if !ok || !v.HasBody || v.Deleted || m["keyId"] != h.k.id {
		return nil, false
	}
	s, _ := m["sealed"].(string)
	env, err := enc.DecodeB64URL(s)
	if err != nil {
		return nil, false
	}
	pt, err := identity.Open(h.k.seal, identity.LabelRecordBody, h.k.bound(v), env)
	if err != nil {
		return nil, false
	}
	x, err := cjson.Parse(pt)
	if err != nil {
		return nil, false
	}
	return x.(map[string]any)["body"], true
}

// TopicIKM is the raw space key a body was sealed under (02 §8.2).
func (h keyHolder) TopicIKM(v *record.Version) ([]byte, bool) {
	m, ok := v.Body.(map[string]any)
	return h.k.raw, ok && m["keyId"] == h.k.id
}

// writeSealed is a first version of an ordinary record in a private space.
func (w *world) writeSealed(k *identity.KeyPair, key spaceKey, collection, rkey string, body any, seen ...string) *record.Version {
	d := &record.Version{Space: w.sp.ID, Collection: collection, Key: rkey, Seen: seen, HasBody: true}
	d.Body = key.sealBody(w.t, d, body)
	return w.sign(k, d)
}

// FirstKey is K₀, the key the private test world was founded with (02 §7.3).
func (h keyHolder) FirstKey() ([]byte, bool) { return h.k.raw, true }

package spacekey

import (
	"bytes"
	"errors"
	"testing"

	"minca.dev/desktop/core/access"
	"minca.dev/desktop/core/enc"
	"minca.dev/desktop/core/identity"
	"minca.dev/desktop/core/record"
)

// TestRelabelledBody (03 §8.3): a body sealed under one key and relabelled
// with another key's id does not open, for a reader holding both keys: it
// reads as null, not as a refusal. Neither key opens it, and the bound
// itself names the key id, so even its own seal key does not open the
// envelope under the other id. Both ways round.
func TestRelabelledBody(t *testing.T) {
	const spaceID = "bspace"
	gen := func(b byte) *Key {
		k, err := Generate(bytes.NewReader(bytes.Repeat([]byte{b}, 32)))
		must(t, err)
		return k
	}
	k1, k2 := gen(1), gen(2)
	ring := NewKeyring(Input{Space: spaceID, Keys: []access.KeyEntry{
		{KeyID: k1.ID(), ReadKey: k1.ReadDID(), Event: spaceID},
		{KeyID: k2.ID(), ReadKey: k2.ReadDID(), Event: "bchange"},
	}, Held: []*Key{k1, k2}})
	for _, c := range []struct {
		name        string
		sealer, tag *Key
	}{{"k1 as k2", k1, k2}, {"k2 as k1", k2, k1}} {
		v := &record.Version{ID: "bv", Space: spaceID, Collection: "app.note", Key: "n1", HasBody: true}
		sealed, err := SealBody(c.sealer, PlaceOf(v), map[string]any{"text": "hi"}, nil, zeros{})
		must(t, err)
		v.Body = sealed
		if _, ok := ring.Open(v); !ok {
			t.Fatalf("%s: the body does not open as sealed", c.name)
		}
		relabelled := map[string]any{"sealed": sealed["sealed"], "keyId": c.tag.ID()}
		v.Body = relabelled
		if b, ok := ring.Open(v); ok || b != nil {
			t.Errorf("%s: the relabelled body opened: %v", c.name, b)
		}
		if _, err := ring.OpenVersion(v); !errors.Is(err, ErrNotOpened) {
			t.Errorf("%s: relabelled: %v, want ErrNotOpened", c.name, err)
		}
		for _, k := range []*Key{c.sealer, c.tag} {
			if o, err := OpenBody(k, PlaceOf(v), relabelled); !errors.Is(err, ErrNotOpened) {
				t.Errorf("%s: opens with %s: %+v (%v)", c.name, k, o, err)
			}
		}
		env, err := enc.DecodeB64URL(sealed["sealed"].(string))
		must(t, err)
		if _, err := identity.Open(c.sealer.seal, identity.LabelRecordBody, PlaceOf(v).bound(c.tag.ID()), env); err == nil {
			t.Errorf("%s: the seal key opens the envelope bound to the other key id", c.name)
		}
	}
}

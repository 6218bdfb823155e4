package spacekey

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"minca.dev/desktop/core/access"
)

// TestBoxOpensOnlyWhereSealed: over seeded random spaces, keys and
// accounts, a box opens for its recipient with the bound it was sealed
// under, and not for anyone else, nor moved to another space, key id or
// recipient (03 §9.4).
func TestBoxOpensOnlyWhereSealed(t *testing.T) {
	for seed := uint64(0); seed < 20; seed++ {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			var s [32]byte
			s[0] = byte(seed)
			rnd := rand.NewChaCha8(s)
			spaceID, other := fmt.Sprintf("bspace%d", seed), fmt.Sprintf("bspace%d", seed+100)
			to := newPerson(t, rnd, "to", spaceID)
			eve := newPerson(t, rnd, "eve", spaceID)
			k, err := Generate(rnd)
			must(t, err)
			k2, err := Generate(rnd)
			must(t, err)
			b, err := SealBox(k, spaceID, to.did, to.mk.ECDH().PublicKey(), rnd)
			must(t, err)
			got, err := OpenBox(b, spaceID, to.did, to.mk)
			if err != nil || got.ID() != k.ID() || got.ReadDID() != k.ReadDID() {
				t.Fatalf("recipient: %v %v", got, err)
			}
			toElsewhere := newPerson(t, rand.NewChaCha8(s), "to", other) // same account, other space's member key
			relabelled := b
			relabelled.KeyID = k2.ID()
			readdressed := b
			readdressed.To = eve.did
			for name, try := range map[string]func() (*Key, error){
				"other account":            func() (*Key, error) { return OpenBox(b, spaceID, eve.did, eve.mk) },
				"other account, claimed":   func() (*Key, error) { return OpenBox(b, spaceID, to.did, eve.mk) },
				"other space":              func() (*Key, error) { return OpenBox(b, other, to.did, to.mk) },
				"other space's member key": func() (*Key, error) { return OpenBox(b, spaceID, to.did, toElsewhere.mk) },
				"other key id":             func() (*Key, error) { return OpenBox(relabelled, spaceID, to.did, to.mk) },
				"other to, its key":        func() (*Key, error) { return OpenBox(readdressed, spaceID, eve.did, eve.mk) },
				"other to, bound only":     func() (*Key, error) { return OpenBox(readdressed, spaceID, eve.did, to.mk) },
			} {
				if k, err := try(); err == nil || !errors.Is(err, ErrBoxNotOpened) {
					t.Errorf("%s: opened %v (%v)", name, k, err)
				}
			}
		})
	}
}

// TestBoxNotNamedIsRefused: a keyring takes a boxed key only if the history
// names its id with its read DID, whoever sealed it (03 §9.4); a box whose
// keyId lies about the key inside opens nothing.
func TestBoxNotNamedIsRefused(t *testing.T) {
	w := newWorld(t, 1)
	p := newPerson(t, w.rnd, "p", w.sp.ID)
	k0 := w.founder.held[0]
	x, err := Generate(w.rnd)
	must(t, err)
	y, err := Generate(w.rnd)
	must(t, err)
	keys := []access.KeyEntry{
		{KeyID: k0.ID(), ReadKey: k0.ReadDID(), Event: w.sp.ID},
		{KeyID: x.ID(), ReadKey: y.ReadDID(), Event: "bchange"}, // x's id, another read key
	}
	bx, err := SealBox(x, w.sp.ID, p.did, p.mk.ECDH().PublicKey(), w.rnd)
	must(t, err)
	lie, err := SealBox(y, w.sp.ID, p.did, p.mk.ECDH().PublicKey(), w.rnd)
	must(t, err)
	lie.KeyID = x.ID()
	ring := NewKeyring(Input{Space: w.sp.ID, Keys: keys, Account: p.did, Member: p.mk, Boxes: []Box{bx, lie}})
	if len(ring.IDs()) != 0 || ring.Reads() {
		t.Errorf("took %v", ring.IDs())
	}
	keys[1].ReadKey = x.ReadDID()
	ring = NewKeyring(Input{Space: w.sp.ID, Keys: keys, Account: p.did, Member: p.mk, Boxes: []Box{lie, bx}})
	if got, ok := ring.Current(); !ok || got.ID() != x.ID() {
		t.Errorf("named key not taken from its box: %v", ring.IDs())
	}
}

// TestParseBox: a box body is exactly { keyId, to, sealed }, all strings,
// and reads back as written.
func TestParseBox(t *testing.T) {
	good := Box{KeyID: "bgk-m-Kq-gEGgJCOOEYNYw", To: "did:key:zDnaeX", Sealed: "AQ"}
	if got, err := ParseBox(good.Body()); err != nil || got != good {
		t.Fatalf("round trip: %v %v", got, err)
	}
	for name, body := range map[string]any{
		"not an object": "box",
		"extra member":  map[string]any{"keyId": "a", "to": "b", "sealed": "c", "from": "d"},
		"missing to":    map[string]any{"keyId": "a", "sealed": "c"},
		"number keyId":  map[string]any{"keyId": 1.0, "to": "b", "sealed": "c"},
	} {
		if _, err := ParseBox(body); !errors.Is(err, ErrBox) {
			t.Errorf("%s: %v", name, err)
		}
	}
}

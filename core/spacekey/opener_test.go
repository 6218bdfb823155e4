package spacekey

import (
	"bytes"
	"reflect"
	"testing"

	"minca.dev/desktop/core/access"
	"minca.dev/desktop/core/record"
)

// TestOpenVersion: what a reader of a private space reads of each kind of
// version (03 §8.2, §8.3).
func TestOpenVersion(t *testing.T) {
	k, err := Generate(bytes.NewReader(bytes.Repeat([]byte{5}, 32)))
	must(t, err)
	ring := ringOf("bspace", k)
	at := func(collection, key string) *record.Version {
		return &record.Version{ID: "b" + key, Space: "bspace", Collection: collection, Key: key, HasBody: true}
	}
	links := []record.Link{{Rel: "reply", To: "k0"}}
	withLinks := at("app.note", "k1")
	withLinks.Body, err = SealBody(k, PlaceOf(withLinks), map[string]any{"text": "hi"}, links, zeros{})
	must(t, err)
	clear := at("sys.assign", "assign:x")
	clear.Body = map[string]any{"did": "x"}
	plain := at("app.note", "k2")
	plain.Body = map[string]any{"text": "in the clear"}
	deleted := at("app.note", "k3")
	deleted.Deleted, deleted.HasBody = true, false
	profile := at("sys.profile", "profile:x")
	profile.Body = map[string]any{"name": "x"}

	o, err := ring.OpenVersion(withLinks)
	if err != nil || !reflect.DeepEqual(o.Links, links) || !reflect.DeepEqual(o.Body, map[string]any{"text": "hi"}) {
		t.Errorf("with links: %+v %v", o, err)
	}
	if b, ok := ring.Open(clear); !ok || !reflect.DeepEqual(b, clear.Body) {
		t.Errorf("an access body is in the clear: %v %v", b, ok)
	}
	for name, v := range map[string]*record.Version{
		"a plain body where one is sealed": plain,
		"a delete":                         deleted,
		"a stub":                           withLinks.Stub(),
		"a plain profile":                  profile,
	} {
		if b, ok := ring.Open(v); ok || b != nil {
			t.Errorf("%s opened: %v", name, b)
		}
	}
	if !InTheClear("sys.box") || InTheClear("sys.profile") || InTheClear("sys.collection") || !Encrypted("app.x", false) || Encrypted("app.x", true) {
		t.Error("the collections in the clear are not 03 §8.2's")
	}
}

// TestKeyringHoldings: held keys the history does not name are kept apart;
// Current, Newest and First follow S.keys; no key, no reading.
func TestKeyringHoldings(t *testing.T) {
	gen := func(b byte) *Key {
		k, err := Generate(bytes.NewReader(bytes.Repeat([]byte{b}, 32)))
		must(t, err)
		return k
	}
	k0, k1, k2, stray := gen(1), gen(2), gen(3), gen(4)
	keys := []access.KeyEntry{
		{KeyID: k0.ID(), ReadKey: k0.ReadDID(), Event: "bspace"},
		{KeyID: k1.ID(), ReadKey: k1.ReadDID(), Event: "bk1"},
		{KeyID: k2.ID(), ReadKey: k2.ReadDID(), Event: "bk2"},
	}
	ring := NewKeyring(Input{Space: "bspace", Keys: keys, Held: []*Key{k1, stray}})
	if got := ring.Unplaced(); len(got) != 1 || got[0].ID() != stray.ID() {
		t.Errorf("unplaced %v", got)
	}
	if _, ok := ring.Current(); ok {
		t.Error("holds the current key")
	}
	if n, ok := ring.Newest(); !ok || n.ID() != k1.ID() {
		t.Errorf("newest %v", n)
	}
	if _, ok := ring.First(); ok || !ring.Reads() {
		t.Error("first, or reads")
	}
	if _, err := ring.Seal(Place{}, "x", nil, zeros{}); err != ErrNoCurrent {
		t.Errorf("sealed without the current key: %v", err)
	}
	if NewKeyring(Input{Space: "bspace", Keys: keys}).Reads() {
		t.Error("reads with no key")
	}
	if _, ok := ring.FirstKey(); ok {
		t.Error("FirstKey without K₀")
	}
	withFirst := NewKeyring(Input{Space: "bspace", Keys: keys, Held: []*Key{k0}})
	if raw, ok := withFirst.FirstKey(); !ok || !bytes.Equal(raw, k0.Raw()) {
		t.Errorf("FirstKey = %x, %v; want K₀", raw, ok)
	}
}

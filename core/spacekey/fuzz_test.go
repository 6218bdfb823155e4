package spacekey

import (
	"encoding/hex"
	"errors"
	"reflect"
	"testing"

	"minca.dev/desktop/core/cjson"
	"minca.dev/desktop/core/record"
)

// The §8.3 example, as fuzz seeds.
const (
	vectorKeyHex = "fffefdfcfbfaf9f8f7f6f5f4f3f2f1f0efeeedecebeae9e8e7e6e5e4e3e2e1e0"
	vectorSealed = "AaChoqOkpaanqKmqq07DZlJUgYUf0LLiscCoiOZyTpmIYbOrOnd01S8p1FoAP4mxJDJ7"
	vectorKeyID  = "bgk-m-Kq-gEGgJCOOEYNYw"
)

// FuzzOpenBody: any body at any place, opened by a reader holding the
// example key, opens or reads as null, never panics; one that opens names
// the key and opens again to the same body; a failure is ErrNotOpened.
func FuzzOpenBody(f *testing.F) {
	f.Add(`{"sealed":"`+vectorSealed+`","keyId":"`+vectorKeyID+`"}`, "bexample", "app.note", "k1")
	f.Add(`{"sealed":"`+vectorSealed+`","keyId":"`+vectorKeyID+`"}`, "bexample", "app.note", "k2")
	f.Add(`{"sealed":"AQ","keyId":"`+vectorKeyID+`"}`, "bexample", "app.note", "k1")
	f.Add(`{"text":"hi"}`, "bexample", "sys.assign", "k1")
	f.Add(`null`, "bexample", "app.note", "k1")
	raw, _ := hex.DecodeString(vectorKeyHex)
	k, err := FromRaw(raw)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, body, sp, collection, key string) {
		x, err := cjson.Parse([]byte(body))
		if err != nil {
			return
		}
		ring := ringOf(sp, k)
		v := &record.Version{ID: "bv", Space: sp, Collection: collection, Key: key, Body: x, HasBody: true}
		o, err := ring.OpenVersion(v)
		if err != nil {
			if !errors.Is(err, ErrNotOpened) {
				t.Fatalf("error %v is not ErrNotOpened", err)
			}
			if b, ok := ring.Open(v); ok || b != nil {
				t.Fatal("Open gave a body OpenVersion refused")
			}
			return
		}
		if InTheClear(collection) {
			if !reflect.DeepEqual(o.Body, x) {
				t.Fatal("a body in the clear changed")
			}
			return
		}
		if id, _ := IsSealed(x); id != k.ID() {
			t.Fatalf("opened a body naming key %q", id)
		}
		again, err := OpenBody(k, PlaceOf(v), x)
		if err != nil || !reflect.DeepEqual(again, o) {
			t.Fatalf("opens differently: %v", err)
		}
	})
}

// FuzzParseKeyChange: any body parses or is refused with ErrKeyChange,
// never panics; one that parses writes back a body that parses the same.
func FuzzParseKeyChange(f *testing.F) {
	f.Add(`{"keyId":"bgk-m-Kq-gEGgJCOOEYNYw","readKey":"did:key:zDnaes7SHHEzJcR4LfXNL8UjSMWQ3VMFfQiv6vZzoxgkaCNqt","earlier":"AQ"}`)
	f.Add(`{"keyId":"bgk-m-Kq-gEGgJCOOEYNYw","readKey":"did:key:zDnaes7SHHEzJcR4LfXNL8UjSMWQ3VMFfQiv6vZzoxgkaCNqt","cutoff":{}}`)
	f.Add(`{"keyId":"bgk-m-Kq-gEGgJCOOEYNYw","readKey":"did:key:zexample"}`)
	f.Add(`{"keyId":1,"readKey":[],"earlier":null}`)
	f.Add(`[]`)
	f.Fuzz(func(t *testing.T, body string) {
		x, err := cjson.Parse([]byte(body))
		if err != nil {
			return
		}
		c, err := ParseKeyChange(x)
		if err != nil {
			if !errors.Is(err, ErrKeyChange) {
				t.Fatalf("error %v is not ErrKeyChange", err)
			}
			return
		}
		b, err := cjson.Marshal(c.Body())
		if err != nil {
			t.Fatal(err)
		}
		y, _ := cjson.Parse(b)
		if again, err := ParseKeyChange(y); err != nil || again != c {
			t.Fatalf("written back: %v %v", again, err)
		}
	})
}

// FuzzOpenEarlier: any earlier, opened with the example key, gives keys or
// ErrMalformed, never panics, and never more than MaxEarlier keys.
func FuzzOpenEarlier(f *testing.F) {
	raw, _ := hex.DecodeString(vectorKeyHex)
	k, err := FromRaw(raw)
	if err != nil {
		f.Fatal(err)
	}
	good, err := SealEarlier(k, "bexample", []*Key{k}, zeros{})
	if err != nil {
		f.Fatal(err)
	}
	f.Add(good, "bexample")
	f.Add(good, "bother")
	f.Add("AQ", "bexample")
	f.Fuzz(func(t *testing.T, earlier, sp string) {
		keys, err := OpenEarlier(k, sp, earlier)
		if err != nil && !errors.Is(err, ErrMalformed) {
			t.Fatalf("error %v is not ErrMalformed", err)
		}
		if len(keys) > MaxEarlier {
			t.Fatalf("%d keys", len(keys))
		}
	})
}

// zeros is a reader of zero bytes, for seeds only.
type zeros struct{}

func (zeros) Read(p []byte) (int, error) { clear(p); return len(p), nil }

package account

import (
	"bytes"
	"errors"
	"testing"
	"time"

	"minca.dev/desktop/core/access"
	"minca.dev/desktop/core/cjson"
	"minca.dev/desktop/core/enc"
	"minca.dev/desktop/core/record"
	"minca.dev/desktop/core/space"
	"minca.dev/desktop/core/spacekey"
)

var testSeed = []byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}

// roundTrip is a body as a carrier receives it: canonical JSON, parsed.
func roundTrip(t *testing.T, body map[string]any) map[string]any {
	t.Helper()
	b, err := cjson.Marshal(body)
	if err != nil {
		t.Fatal(err)
	}
	x, err := cjson.Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	return x.(map[string]any)
}

func publicSpace(t *testing.T) *space.Space {
	t.Helper()
	sp, err := space.Create(space.Draft{Name: "Open", Visibility: space.VisibilityPub,
		Founders: []string{"did:key:zDnaed8DYZ8Hx21hjLc7fE9TXMkDUV65S3ys8HtLrnPC1piwd"}, CreatedAt: time.Unix(0, 0), Nonce: make([]byte, 12)})
	if err != nil {
		t.Fatal(err)
	}
	return sp
}

// TestPasses: a pass of each kind is written and accepted back (03 §14);
// readKey is present only for a later key.
func TestPasses(t *testing.T) {
	reg, err := FromSeed(testSeed, Registry)
	if err != nil {
		t.Fatal(err)
	}
	later, err := spacekey.Generate(bytes.NewReader(bytes.Repeat([]byte{3}, 32)))
	if err != nil {
		t.Fatal(err)
	}
	for name, c := range map[string]struct {
		sp      *space.Space
		k       *spacekey.Key
		readKey string
	}{
		"public":         {publicSpace(t), nil, ""},
		"private, K₀":    {reg.Space, reg.Key, ""},
		"private, later": {reg.Space, later, later.ReadDID()},
	} {
		p, err := NewPass(c.sp, c.k)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if p.ReadKey != c.readKey {
			t.Errorf("%s: readKey %q, want %q", name, p.ReadKey, c.readKey)
		}
		v := &record.Version{ID: "bp", Collection: CollectionPass, Key: record.PassKey(c.sp.ID), Body: roundTrip(t, p.Body()), HasBody: true}
		got, err := PassAt(v)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if got.Space.ID != c.sp.ID || !bytes.Equal(got.ReadSeed, p.ReadSeed) || got.ReadKey != p.ReadKey {
			t.Errorf("%s: read back %+v", name, got)
		}
		v.Key = record.PassKey("bother")
		if _, err := PassAt(v); !errors.Is(err, ErrPass) {
			t.Errorf("%s: a pass at another space's key: %v", name, err)
		}
	}
	if _, err := NewPass(reg.Space, nil); err == nil {
		t.Error("a private space's pass without a key")
	}
}

// TestPassRefusals: every pass a carrier must not accept (03 §14).
func TestPassRefusals(t *testing.T) {
	reg, err := FromSeed(testSeed, Registry)
	if err != nil {
		t.Fatal(err)
	}
	other, err := FromSeed(testSeed, Contacts)
	if err != nil {
		t.Fatal(err)
	}
	pub := publicSpace(t)
	good := func() map[string]any {
		p, err := NewPass(reg.Space, reg.Key)
		if err != nil {
			t.Fatal(err)
		}
		return roundTrip(t, p.Body())
	}
	cases := map[string]func(m map[string]any){
		"v 2":                   func(m map[string]any) { m["v"] = 2.0 },
		"no v":                  func(m map[string]any) { delete(m, "v") },
		"space changed":         func(m map[string]any) { m["space"].(map[string]any)["name"] = "Renamed" },
		"no space":              func(m map[string]any) { delete(m, "space") },
		"another key's seed":    func(m map[string]any) { m["read"] = enc.B64URL(other.Key.ReadSeed()) },
		"another seed, its DID": func(m map[string]any) { m["read"], m["readKey"] = enc.B64URL(other.Key.ReadSeed()), reg.Key.ReadDID() },
		"no read":               func(m map[string]any) { delete(m, "read") },
		"short read":            func(m map[string]any) { m["read"] = "AAAA" },
		"readKey not a DID":     func(m map[string]any) { m["readKey"] = "x" },
		"a space key beside":    func(m map[string]any) { m["key"] = reg.Key.Encoded() },
		"public, with read":     func(m map[string]any) { m["space"] = roundTrip(t, pub.JSON()) },
		"public, with readKey": func(m map[string]any) {
			m["space"], m["readKey"] = roundTrip(t, pub.JSON()), reg.Key.ReadDID()
			delete(m, "read")
		},
	}
	for name, mutate := range cases {
		m := good()
		mutate(m)
		if _, err := ParsePass(m); !errors.Is(err, ErrPass) {
			t.Errorf("%s: %v", name, err)
		}
	}
	// A later key's seed counts when the pass names its read DID.
	m := good()
	m["read"], m["readKey"] = enc.B64URL(other.Key.ReadSeed()), other.Key.ReadDID()
	if _, err := ParsePass(m); err != nil {
		t.Errorf("a later key named by readKey: %v", err)
	}
}

// TestCarryClosed: carry:closed tells the carrier to forget, in exactly
// one form (03 §14).
func TestCarryClosed(t *testing.T) {
	at := func(key string, body map[string]any) *record.Version {
		return &record.Version{Collection: CollectionPass, Key: key, Body: body, HasBody: true}
	}
	if !IsClosed(at(record.KeyCarryClosed, roundTrip(t, ClosedBody()))) {
		t.Error("the closing record does not close")
	}
	for name, v := range map[string]*record.Version{
		"another key":        at("pass:x", ClosedBody()),
		"closed false":       at(record.KeyCarryClosed, map[string]any{"v": 1.0, "closed": false}),
		"v 2":                at(record.KeyCarryClosed, map[string]any{"v": 2.0, "closed": true}),
		"extra member":       at(record.KeyCarryClosed, map[string]any{"v": 1.0, "closed": true, "x": 1.0}),
		"a delete":           {Collection: CollectionPass, Key: record.KeyCarryClosed, Deleted: true},
		"another collection": {Collection: "sys.wake", Key: record.KeyCarryClosed, Body: ClosedBody(), HasBody: true},
	} {
		if IsClosed(v) {
			t.Errorf("%s closes", name)
		}
	}
}

// TestPassVouched: a later key's pass gets the carrier somewhere only when
// the space's history names its read key (03 §14).
func TestPassVouched(t *testing.T) {
	reg, err := FromSeed(testSeed, Registry)
	if err != nil {
		t.Fatal(err)
	}
	later, err := spacekey.Generate(bytes.NewReader(bytes.Repeat([]byte{3}, 32)))
	if err != nil {
		t.Fatal(err)
	}
	first := []access.KeyEntry{{KeyID: reg.Key.ID(), ReadKey: reg.Key.ReadDID(), Event: reg.Space.ID}}
	both := append(first, access.KeyEntry{KeyID: later.ID(), ReadKey: later.ReadDID(), Event: "bk"})
	p0, err := NewPass(reg.Space, reg.Key)
	if err != nil {
		t.Fatal(err)
	}
	p1, err := NewPass(reg.Space, later)
	if err != nil {
		t.Fatal(err)
	}
	pub, err := NewPass(publicSpace(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	if p0.ReadDID() != reg.Key.ReadDID() || p1.ReadDID() != later.ReadDID() || pub.ReadDID() != "" {
		t.Error("read DIDs")
	}
	if !p0.Vouched(first) || p1.Vouched(first) || !p1.Vouched(both) || !pub.Vouched(nil) {
		t.Error("vouched")
	}
}

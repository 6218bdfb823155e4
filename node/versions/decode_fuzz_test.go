package versions

import (
	"bytes"
	"testing"

	"minca.dev/desktop/core/identity"
	"minca.dev/desktop/core/record"
)

// FuzzDecode: reading a kept version back from stored bytes never panics;
// what it accepts is kept again as the same bytes (ErrCorrupt otherwise).
func FuzzDecode(f *testing.F) {
	kp, err := identity.DeriveKeyPairFromSeed(bytes.Repeat([]byte{1}, 16))
	if err != nil {
		f.Fatal(err)
	}
	v, err := record.Sign(&record.Version{
		Space: "blm7z6wkumdjs43sxki3lv27z5x6qtwa345vmlzjco2mxxau3jmhq", Collection: "app.todo.item",
		Key: "k1", CreatedAt: "2026-09-26T12:00:00.000Z", Log: &record.Log{},
		Body: map[string]any{"text": "milk"}, HasBody: true,
	}, kp)
	if err != nil {
		f.Fatal(err)
	}
	c, err := prepare(v)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(c.stub, c.body)
	f.Add(c.stub, []byte(nil))
	f.Add([]byte(`{}`), []byte(`null`))
	f.Add(c.stub, []byte(`{"a":`))
	f.Fuzz(func(t *testing.T, stub, body []byte) {
		got, err := decode(stub, body)
		if err != nil {
			return
		}
		again, err := prepare(got)
		if err != nil {
			return // parses, but is no version a store keeps (e.g. loose)
		}
		back, err := decode(again.stub, again.body)
		if err != nil {
			t.Fatalf("kept version does not read back: %v", err)
		}
		b1, _ := record.Marshal(got)
		b2, _ := record.Marshal(back)
		if !bytes.Equal(b1, b2) {
			t.Fatalf("read back differs:\n%s\n%s", b1, b2)
		}
	})
}

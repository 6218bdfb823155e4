package record

import (
	"bytes"
	"errors"
	"testing"

	"minca.dev/desktop/core/cjson"
	"minca.dev/desktop/core/identity"
)

// FuzzCheckedBytes: what Marshal, MarshalStub and BodyJSON put together
// from the bytes VerifyCached checked is byte for byte what encoding the
// version again gives (appendCanonical, and cjson over its wire object),
// for versions with and without a body, deletes with "body":null, and
// unknown members; a copy changed after the check is encoded anew.
func FuzzCheckedBytes(f *testing.F) {
	f.Add("Buy milk", "urgent", int64(3), false, false, "")
	f.Add("\u2028 \"é\" \U0001F600 <>&", "", int64(0), false, true, "")
	f.Add("", "x", int64(-7), true, true, "")
	f.Add("zz", "a", int64(1<<40), false, false, "aUnknown")
	f.Add("zz", "a", int64(2), true, false, "zzz")
	s := keyFromSeed(f, 7)
	f.Fuzz(func(t *testing.T, text, tag string, n int64, deleted, nullBody bool, unknown string) {
		d := draftAt(2, idA)
		d.Body = map[string]any{"text": text, "n": float64(n), "list": []any{text, true, nil}}
		d.Deleted = deleted
		d.Retain = nullBody && !deleted
		if tag != "" {
			d.Tags = []string{tag}
		}
		if unknown != "" {
			d.Unknown = map[string]any{unknown: text}
		}
		signed, err := Sign(d, s)
		if err != nil {
			return // a draft the shape refuses
		}
		w := signed.Wire()
		if deleted && nullBody {
			w[mBody] = nil // a delete may carry body null (§4.6)
		}
		frame, err := cjson.Marshal(w)
		if err != nil {
			t.Fatal(err)
		}
		v, err := ParseBytes(frame)
		if err != nil {
			t.Fatalf("parse %s: %v", frame, err)
		}
		keys := identity.DIDCache{}
		if err := VerifyCached(v, &keys); err != nil {
			t.Fatalf("verify %s: %v", frame, err)
		}
		if unknown == "" && v.checkedOf() == nil {
			t.Fatalf("%s: nothing kept of the check", frame)
		}
		sameBytes(t, v)
		if got, _ := Marshal(v); !bytes.Equal(got, frame) {
			t.Fatalf("Marshal of a checked version\n got %s\nwant %s", got, frame)
		}
		moved := *v
		moved.Key, moved.Tags = "other", []string{"changed"}
		if moved.checkedOf() != nil {
			t.Fatal("a copy uses the original's checked bytes")
		}
		sameBytes(t, &moved)
		sameBytes(t, v.Stub())
	})
}

// sameBytes fails unless Marshal, MarshalStub and BodyJSON of v give what
// encoding v's members again gives.
func sameBytes(t *testing.T, v *Version) {
	t.Helper()
	for _, c := range []struct {
		name  string
		parts int
		got   func(*Version) ([]byte, error)
	}{
		{"Marshal", withIDSig | withBody, Marshal},
		{"MarshalStub", withIDSig, MarshalStub},
	} {
		got, err := c.got(v)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		want, err := appendCanonical(nil, v, c.parts)
		if err != nil {
			t.Fatal(err)
		}
		wire := v.toWire(c.parts&withBody != 0)
		viaObject, err := cjson.Marshal(wire)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) || !bytes.Equal(got, viaObject) {
			t.Fatalf("%s\n got %s\nwant %s\n obj %s", c.name, got, want, viaObject)
		}
	}
	if !v.HasBody {
		return
	}
	got, err := BodyJSON(v)
	want, err2 := cjson.Marshal(v.Body)
	if err != nil || err2 != nil || !bytes.Equal(got, want) {
		t.Fatalf("BodyJSON %s (%v), want %s (%v)", got, err, want, err2)
	}
}

// BenchmarkStoreEncoding is what a store writes of a version taken in, its
// stub and its body (node/versions), encoded from the members ("encode",
// a copy of the version) and put together from what VerifyCached checked
// ("checked").
func BenchmarkStoreEncoding(b *testing.B) {
	d := draftAt(5, idA)
	d.Links = []Link{{"about", "list.groceries"}}
	d.Body = map[string]any{"text": "Buy milk and bread", "done": false, "n": 3.0, "tags": []any{"a", "b"}}
	raw, _ := Marshal(mustSign(b, d, keyFromSeed(b, 7)))
	v, err := ParseBytes(raw)
	if err != nil {
		b.Fatal(err)
	}
	if err := VerifyCached(v, &identity.DIDCache{}); err != nil {
		b.Fatal(err)
	}
	copied := *v
	for _, c := range []struct {
		name string
		v    *Version
	}{{"encode", &copied}, {"checked", v}} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			cpu0 := cpuSeconds()
			for b.Loop() {
				if _, err := MarshalStub(c.v); err != nil {
					b.Fatal(err)
				}
				if _, err := BodyJSON(c.v); err != nil {
					b.Fatal(err)
				}
			}
			if cpu0 > 0 { // CPU time, steadier than wall time on a shared machine
				b.ReportMetric((cpuSeconds()-cpu0)*1e9/float64(b.N), "cpu-ns/op")
			}
		})
	}
}

// TestCheckedShape: CheckedShape answers at once only for the very version
// Parse checked and VerifyCached then found good; a version read without
// the shape check, one not verified, and a copy are checked again.
func TestCheckedShape(t *testing.T) {
	s := keyFromSeed(t, 7)
	frame, err := Marshal(mustSign(t, draftAt(0, ""), s))
	if err != nil {
		t.Fatal(err)
	}
	parse := func() *Version {
		v, err := ParseBytes(frame)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	keys := identity.DIDCache{}
	good := parse()
	if err := VerifyCached(good, &keys); err != nil {
		t.Fatal(err)
	}
	if err := CheckedShape(good); err != nil {
		t.Errorf("parsed and verified: %v", err)
	}
	if err := CheckedShape(good.Stub()); err != nil {
		t.Errorf("stub of it: %v", err)
	}
	cp := *good
	cp.Key = "Not A Key"
	if err := CheckedShape(&cp); err == nil {
		t.Error("a copy with a bad key passed unchecked")
	}
	unverified := parse()
	unverified.Key = "Not A Key"
	if err := CheckedShape(unverified); err == nil {
		t.Error("a parsed version changed before any VerifyCached passed unchecked")
	}
	_, weave := loadWeave(t) // verifies, but has no log: read without the shape check
	if err := VerifyCached(weave, &keys); err != nil {
		t.Fatal(err)
	}
	if err := CheckedShape(weave); !errors.Is(err, ErrShape) {
		t.Errorf("a verified version never shape-checked: %v, want ErrShape", err)
	}
}

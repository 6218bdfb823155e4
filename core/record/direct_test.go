package record

import (
	"reflect"
	"strings"
	"testing"

	"minca.dev/desktop/core/cjson"
)

// parseLong is ParseBytes the long way, through cjson's map (fromWire).
func parseLong(b []byte) (*Version, error) {
	val, err := cjson.Parse(b)
	if err != nil {
		return nil, err
	}
	return Parse(val)
}

// FuzzParseDirect: what parseDirect reads is exactly what the long way
// reads, and it reads nothing the long way refuses.
func FuzzParseDirect(f *testing.F) {
	s := keyFromSeed(f, 7)
	v := mustSign(f, draftAt(0, ""), s)
	w := mustSign(f, draftAt(3, idA), s)
	for _, x := range []*Version{v, v.Stub(), w, w.Stub()} {
		b, _ := Marshal(x)
		f.Add(b)
		f.Add([]byte(strings.ReplaceAll(string(b), ",", " ,\n")))
		f.Add([]byte(strings.Replace(string(b), `"seq":`, `"retain":true,"seq":`, 1)))
		f.Add([]byte(strings.Replace(string(b), `"seq":`, `"deleted":true,"body":null,"seq":`, 1)))
		f.Add([]byte(strings.Replace(string(b), `"seq":`, `"seq":1,"seq":`, 1)))
		f.Add([]byte(strings.Replace(string(b), `"seq":`, `"files":[{"a":"\u00e9"}],"proof":{"x":[1]},"seq":`, 1)))
		f.Add([]byte(strings.Replace(string(b), `"seq":`, `"body":`+strings.Repeat("[", 99)+strings.Repeat("]", 99)+`,"seq":`, 1)))
		f.Add([]byte(strings.Replace(string(b), `"seq":`, `"body":`+strings.Repeat("[", 100)+strings.Repeat("]", 100)+`,"seq":`, 1)))
	}
	f.Add([]byte(`{"id":"x","seq":1e400}`))
	f.Add([]byte(`{"log":{"n":0,"prev":"a","n":1},"seq":0}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		got, ok := parseDirect(b)
		if !ok {
			return
		}
		want, err := parseLong(b)
		if err != nil {
			t.Fatalf("%q: read directly, the long way refuses: %v", b, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%q:\ndirect %#v\nlong   %#v", b, got, want)
		}
	})
}

// TestParseDirectReads: the versions a first sync carries are read
// directly, not the long way.
func TestParseDirectReads(t *testing.T) {
	s := keyFromSeed(t, 7)
	for _, x := range []*Version{mustSign(t, draftAt(0, ""), s), mustSign(t, draftAt(3, idA), s)} {
		b, _ := Marshal(x)
		if _, ok := parseDirect(b); !ok {
			t.Fatalf("%s: not read directly", b)
		}
	}
}

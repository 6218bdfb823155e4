package cjson

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"
)

// FuzzParse checks that Parse never panics and that whatever it accepts has
// one canonical form: marshal, parse again, marshal again gives the same
// bytes, and a canonical text is its own canonical form.
func FuzzParse(f *testing.F) {
	var cases []canonicalCase
	if b, err := os.ReadFile("testdata/canonical.json"); err == nil {
		_ = json.Unmarshal(b, &cases)
	}
	for _, c := range cases {
		f.Add([]byte(c.Input))
	}
	for _, s := range []string{`{"a":1,"a":2}`, `"\ud800\udc00\udc00"`, `[1e400]`, "\"\xed\xa0\x80\"", `{"\ud800":1,"\ud800\udc00":2}`, `-0.0e-0`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		v, err := Parse(in)
		if err != nil {
			return
		}
		out, err := Marshal(v)
		if err != nil {
			t.Fatalf("Parse accepted %q but Marshal refused: %v", in, err)
		}
		v2, err := Parse(out)
		if err != nil {
			t.Fatalf("canonical %q does not parse: %v", out, err)
		}
		out2, err := Marshal(v2)
		if err != nil || !bytes.Equal(out, out2) {
			t.Fatalf("not stable: %q -> %q -> %q (%v)", in, out, out2, err)
		}
		if json.Valid(in) != true {
			t.Fatalf("Parse accepted %q, which encoding/json calls invalid", in)
		}
	})
}

package cjson

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"os"
	"reflect"
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

// FuzzMarshalString: any Go string either is refused as not WTF-8 or is
// written as a JSON string that parses back to a string with the same
// canonical form; it never panics.
func FuzzMarshalString(f *testing.F) {
	for _, s := range []string{"", "a", "\xed\xa0\x80", "\xed\xa0\xbd\xed\xb8\x80", "\xff", "\u2028\x00\"\\", "\U0001F600"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out, err := Marshal(map[string]any{s: s})
		if err != nil {
			if !errors.Is(err, ErrInvalidString) {
				t.Fatalf("Marshal(%q): %v", s, err)
			}
			return
		}
		back, err := Parse(out)
		if err != nil {
			t.Fatalf("%q written as %q, which does not parse: %v", s, out, err)
		}
		again, err := Marshal(back)
		if err != nil || !bytes.Equal(again, out) {
			t.Fatalf("%q → %q → %q (%v)", s, out, again, err)
		}
	})
}

// CompareUTF16's byte-wise shortcut orders every pair of strings as reading
// them code unit by code unit does, for any bytes (WTF-8, invalid, a prefix
// cut inside a character).
func FuzzCompareUTF16(f *testing.F) {
	for _, p := range [][2]string{{"a", "ab"}, {"é", "ê"}, {"\xed\xa0", "\xed\xa0a"}, {"a\xc3", "a\xc3\xa9"},
		{"\ue000", "\U00010000"}, {"x\xffa", "x\xffb"}, {"", ""}, {"key", "kez"}} {
		f.Add(p[0], p[1])
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		if got, want := CompareUTF16(a, b), compareUnits(a, b); got != want {
			t.Fatalf("CompareUTF16(%q, %q) = %d, code units say %d", a, b, got, want)
		}
	})
}

// FuzzParseAgainstRef: Parse accepts exactly what the parser before it
// (parseref_test.go) accepts, and reads the same value. Where a text breaks
// two rules, a name given twice and another later, the error may name
// either: Parse finds the name twice once its object ends.
func FuzzParseAgainstRef(f *testing.F) {
	for _, s := range []string{
		`{"a":1,"a":2}`, `{"id":"x","id":"y"}`, `{"a":{"b":1,"b":2}}`, `{"a":1,"\u0061":2}`,
		`{"v":8,"type":"versions","versions":[{"id":"b","seq":0,"log":{"n":0},"seen":[],"body":{"n":1}}]}`,
		`{"collection":1,"collectio":2,"collectionX":3}`, `{"a":[{"x":1},{"x":2,"y":{}}],"b":{}}`,
		`{"a":1,"a":[`, `{"ke\y":1}`, `{"key\"":1}`, `{}`, `[{}]`, `{"":1,"":2}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		got, err := Parse(in)
		want, werr := refParse(in)
		if (err == nil) != (werr == nil) {
			t.Fatalf("%q: Parse %v, before %v", in, err, werr)
		}
		if err == nil && !reflect.DeepEqual(got, want) {
			t.Fatalf("%q: Parse %#v, before %#v", in, got, want)
		}
	})
}

// FuzzNumberLayout: a safe integer, written as its digits, comes out as
// the general layout (ECMAScript's Number::toString) writes it.
func FuzzNumberLayout(f *testing.F) {
	for _, x := range []float64{1, -1, 9007199254740991, -9007199254740991, 9007199254740992, 1e21, 1e20, 123456789, 0.5, -1e-7, 5e-324} {
		f.Add(x)
	}
	f.Fuzz(func(t *testing.T, x float64) {
		for _, x := range []float64{x, math.Trunc(x), math.Trunc(math.Mod(x, 1<<53))} {
			if math.IsNaN(x) || math.IsInf(x, 0) || x == 0 {
				continue
			}
			got, err := appendNumber(nil, x)
			want, werr := appendDigits(nil, x)
			if err != nil || werr != nil || !bytes.Equal(got, want) {
				t.Fatalf("%v: %s (%v), general layout %s (%v)", x, got, err, want, werr)
			}
		}
	})
}

package cjson

import (
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"math"
	"os"
	"slices"
	"strings"
	"testing"
)

// canonicalCase is one entry of testdata/canonical.json, produced by
// testdata/gen.js with node's JSON.parse and JSON.stringify.
type canonicalCase struct {
	Name, Input, Canonical string
}

func readJSON(t *testing.T, path string, v any) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

func TestCanonicalVectors(t *testing.T) {
	var cases []canonicalCase
	readJSON(t, "testdata/canonical.json", &cases)
	if len(cases) < 20 {
		t.Fatalf("only %d cases", len(cases))
	}
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			got, err := Canonicalize([]byte(c.Input))
			if err != nil {
				t.Fatalf("Canonicalize(%s): %v", c.Input, err)
			}
			if string(got) != c.Canonical {
				t.Fatalf("Canonicalize(%s)\n got %s\nwant %s", c.Input, got, c.Canonical)
			}
			again, err := Canonicalize(got)
			if err != nil || string(again) != c.Canonical {
				t.Fatalf("not idempotent: %s, %v", again, err)
			}
		})
	}
}

func TestNumbersLikeJavaScript(t *testing.T) {
	var cases []struct{ Bits, JS string }
	readJSON(t, "testdata/numbers.json", &cases)
	if len(cases) < 3000 {
		t.Fatalf("only %d numbers", len(cases))
	}
	for _, c := range cases {
		raw, err := hex.DecodeString(c.Bits)
		if err != nil {
			t.Fatal(err)
		}
		f := math.Float64frombits(binary.BigEndian.Uint64(raw))
		got, err := Marshal(f)
		if err != nil || string(got) != c.JS {
			t.Errorf("Marshal(%s = %v) = %s, %v; JavaScript writes %s", c.Bits, f, got, err, c.JS)
		}
		back, err := Parse(got)
		if err != nil || back.(float64) != f && !(f == 0 && back.(float64) == 0) {
			t.Errorf("Parse(%s) = %v, %v; want %v", got, back, err, f)
		}
	}
}

func TestMarshalGoValues(t *testing.T) {
	type inner struct {
		B string `json:"b"`
		A int    `json:"a"`
	}
	tests := []struct {
		name string
		in   any
		want string
	}{
		{"ints", []any{int(1), int64(-2), uint64(3), int8(4), uint16(5), float32(0.5)}, "[1,-2,3,4,5,0.5]"},
		{"max safe", int64(1<<53 - 1), "9007199254740991"},
		{"typed slice", []string{"b", "a"}, `["b","a"]`},
		{"typed map", map[string]int{"b": 1, "a": 2}, `{"a":2,"b":1}`},
		{"nested typed", map[string][]map[string]bool{"x": {{"t": true}}}, `{"x":[{"t":true}]}`},
		{"pointer", func() any { s := "p"; return &s }(), `"p"`},
		{"nil pointer", (*string)(nil), "null"},
		{"nil slice", []string(nil), "null"},
		{"array", [2]int{7, 8}, "[7,8]"},
		{"struct via encoding/json", inner{B: "x", A: 1}, `{"a":1,"b":"x"}`},
		{"raw message", json.RawMessage(` {"b":1e21, "a":"\u2028"} `), "{\"a\":\"\u2028\",\"b\":1e+21}"},
		{"json number", json.Number("1.50"), "1.5"},
		{"u2028 raw", "\u2028\u2029", "\"\u2028\u2029\""},
		{"wtf8 lone surrogate", "a\xed\xa0\x80", `"a\ud800"`},
		{"wtf8 pair joins", "\xed\xa0\xbd\xed\xb8\x80", "\"\U0001F600\""},
		{"negative zero", math.Copysign(0, -1), "0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Marshal(tt.in)
			if err != nil || string(got) != tt.want {
				t.Fatalf("Marshal(%#v) = %s, %v; want %s", tt.in, got, err, tt.want)
			}
		})
	}
}

func TestMarshalRefuses(t *testing.T) {
	deep := any("x")
	for i := 0; i <= MaxDepth+1; i++ {
		deep = []any{deep}
	}
	tests := []struct {
		name string
		in   any
		want error
	}{
		{"NaN", math.NaN(), ErrNumber},
		{"+Inf", math.Inf(1), ErrNumber},
		{"-Inf in array", []any{math.Inf(-1)}, ErrNumber},
		{"unsafe int", int64(1 << 53), ErrUnsafeInteger},
		{"unsafe negative", int64(-(1 << 53)), ErrUnsafeInteger},
		{"unsafe uint", uint64(math.MaxUint64), ErrUnsafeInteger},
		{"invalid utf8", "a\xffb", ErrInvalidString},
		{"truncated utf8", "\xe2\x80", ErrInvalidString},
		{"invalid utf8 key", map[string]any{"\xc0\x80": 1}, ErrInvalidString},
		{"same units twice", map[string]any{"\U0001F600": 1, "\xed\xa0\xbd\xed\xb8\x80": 2}, ErrDuplicateKey},
		{"channel", make(chan int), ErrUnsupported},
		{"int keys", map[int]string{1: "a"}, ErrUnsupported},
		{"bytes", []byte("x"), ErrUnsupported},
		{"too deep", deep, ErrTooDeep},
		{"bad raw", json.RawMessage(`{"a":1,"a":2}`), ErrDuplicateKey},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Marshal(tt.in)
			if !errors.Is(err, tt.want) {
				t.Fatalf("Marshal = %q, %v; want %v", got, err, tt.want)
			}
		})
	}
}

func TestParseRefuses(t *testing.T) {
	deep := strings.Repeat("[", MaxDepth+1) + strings.Repeat("]", MaxDepth+1)
	ok := strings.Repeat("[", MaxDepth) + strings.Repeat("]", MaxDepth)
	if _, err := Parse([]byte(ok)); err != nil {
		t.Fatalf("depth %d refused: %v", MaxDepth, err)
	}
	tests := []struct {
		name, in string
		want     error
	}{
		{"empty", "", ErrSyntax},
		{"only space", "  ", ErrSyntax},
		{"trailing garbage", `{} x`, ErrSyntax},
		{"two values", `1 2`, ErrSyntax},
		{"bom", "\ufeff{}", ErrSyntax},
		{"trailing comma array", `[1,]`, ErrSyntax},
		{"trailing comma object", `{"a":1,}`, ErrSyntax},
		{"single quotes", `{'a':1}`, ErrSyntax},
		{"bare key", `{a:1}`, ErrSyntax},
		{"leading zero", `01`, ErrSyntax},
		{"leading plus", `+1`, ErrSyntax},
		{"point without digits", `1.`, ErrSyntax},
		{"leading point", `.5`, ErrSyntax},
		{"exponent without digits", `1e`, ErrSyntax},
		{"minus alone", `-`, ErrSyntax},
		{"NaN word", `NaN`, ErrSyntax},
		{"Infinity word", `Infinity`, ErrSyntax},
		{"hex number", `0x10`, ErrSyntax},
		{"overflow", `1e400`, ErrNumber},
		{"negative overflow", `[-1.8e308]`, ErrNumber},
		{"raw control char", "\"a\x01\"", ErrSyntax},
		{"raw newline", "\"a\nb\"", ErrSyntax},
		{"bad escape", `"\x"`, ErrSyntax},
		{"short unicode escape", `"\u12"`, ErrSyntax},
		{"bad hex", `"\u12g4"`, ErrSyntax},
		{"unterminated string", `"abc`, ErrSyntax},
		{"invalid utf8", "\"\xff\"", ErrSyntax},
		{"raw wtf8 surrogate", "\"\xed\xa0\x80\"", ErrSyntax},
		{"overlong utf8", "\"\xc0\xaf\"", ErrSyntax},
		{"duplicate key", `{"a":1,"a":2}`, ErrDuplicateKey},
		{"duplicate after unescape", `{"a":1,"\u0061":2}`, ErrDuplicateKey},
		{"duplicate nested", `[{"x":{"k":1,"k":1}}]`, ErrDuplicateKey},
		{"too deep", deep, ErrTooDeep},
		{"truncated literal", `tru`, ErrSyntax},
		{"capital literal", `True`, ErrSyntax},
		{"missing colon", `{"a" 1}`, ErrSyntax},
		{"unterminated array", `[1`, ErrSyntax},
		{"unterminated object", `{"a":1`, ErrSyntax},
		{"vertical tab space", "\v1", ErrSyntax},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, err := Parse([]byte(tt.in))
			if !errors.Is(err, tt.want) {
				t.Fatalf("Parse(%q) = %v, %v; want %v", tt.in, v, err, tt.want)
			}
		})
	}
}

func TestParseValues(t *testing.T) {
	v, err := Parse([]byte(`{"big":9007199254740993,"tiny":1e-400,"s":"\ud800x\udc00","n":null}`))
	if err != nil {
		t.Fatal(err)
	}
	m := v.(map[string]any)
	if m["big"].(float64) != 9007199254740992 {
		t.Errorf("2^53+1 parsed to %v, want 2^53 as in JavaScript", m["big"])
	}
	if m["tiny"].(float64) != 0 {
		t.Errorf("1e-400 parsed to %v, want 0", m["tiny"])
	}
	if s := m["s"].(string); s != "\xed\xa0\x80x\xed\xb0\x80" {
		t.Errorf("lone surrogates as %x, want WTF-8", s)
	}
	if _, present := m["n"]; !present || m["n"] != nil {
		t.Errorf("null member lost")
	}
}

func TestCompareUTF16(t *testing.T) {
	// JavaScript's sort order: U+E000..U+FFFF come after the surrogates
	// that spell characters above U+FFFF, unlike Go's byte order.
	sorted := []string{"", "A", "a", "aa", "é", "\xed\xa0\x80", "\U00010000", "\U0001F600", "\xed\xbf\xbf", "\ue000", "\uffff"}
	for i := range sorted {
		for j := range sorted {
			want := 0
			if i < j {
				want = -1
			} else if i > j {
				want = 1
			}
			if got := CompareUTF16(sorted[i], sorted[j]); got != want {
				t.Errorf("CompareUTF16(%q, %q) = %d, want %d", sorted[i], sorted[j], got, want)
			}
		}
	}
	shuffled := slices.Clone(sorted)
	slices.Reverse(shuffled)
	slices.SortFunc(shuffled, CompareUTF16)
	if !slices.Equal(shuffled, sorted) {
		t.Errorf("sorted as %q", shuffled)
	}
}

package handshake

import (
	"encoding/json"
	"strings"
	"testing"
)

// validCases are texts at every edge of the grammar, valid and not.
var validCases = []string{
	``, ` `, `0`, `-0`, `-`, `01`, `1.`, `1.5`, `.5`, `1e5`, `1E+5`, `1e-5`, `1e`, `1e+`, `-1.5e10`, `2.`,
	`true`, `tru`, `truex`, `false`, `null`, `nul`, `nulll`, ` null `, "\t\n\r[]\r\n", "\f[]", `[]`, `{}`,
	`[1,]`, `[,1]`, `[1 2]`, `[1,2]`, `{"a":1}`, `{"a":1,}`, `{"a"}`, `{"a":}`, `{a:1}`, `{"a":1 "b":2}`,
	`{"a":{"b":[{"c":null}]}}`, `[[[]]]`, `[[[]]`, `[]]`, `{]`, `[}`, `"abc`, `"a\"b"`, `"a\\"`, `"\u00e9"`,
	`"\u00g9"`, `"\u00e"`, `"\x"`, `"\/\b\f\n\r\t"`, "\"a\x01b\"", "\"a\x7fb\"", "\"\xff\xfe\"", `"é😀"`,
	`1 2`, `{} {}`, `[1] x`, `{"a":1}}`, `{"":""}`, `[-]`, `[+1]`, `[1.0e+09]`, `[0x10]`, `[Infinity]`,
}

func TestValidJSON(t *testing.T) {
	for _, s := range validCases {
		if got, want := validJSON([]byte(s)), json.Valid([]byte(s)); got != want {
			t.Errorf("%q: %v; json.Valid says %v", s, got, want)
		}
	}
	for _, depth := range []int{maxNesting - 1, maxNesting, maxNesting + 1} {
		for _, s := range []string{
			strings.Repeat("[", depth) + strings.Repeat("]", depth),
			strings.Repeat(`{"a":`, depth-1) + "{}" + strings.Repeat("}", depth-1),
		} {
			if got, want := validJSON([]byte(s)), json.Valid([]byte(s)); got != want {
				t.Errorf("depth %d %.10q: %v; json.Valid says %v", depth, s, got, want)
			}
		}
	}
}

// FuzzValidJSON: validJSON answers as encoding/json.Valid for any bytes.
func FuzzValidJSON(f *testing.F) {
	for _, s := range validCases {
		f.Add([]byte(s))
	}
	f.Add([]byte(`{"type":"sync","from":"did:key:z","payload":{"v":8,"type":"versions","versions":[{"id":"b1","n":-1.5e3}]}}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		if got, want := validJSON(b), json.Valid(b); got != want {
			t.Fatalf("%q: %v; json.Valid says %v", b, got, want)
		}
	})
}

// BenchmarkValidJSON: validJSON against json.Valid on a sync frame's
// worth of versions.
func BenchmarkValidJSON(b *testing.B) {
	v := `{"id":"bafyreib2rxk3rw6nd7ydprw5bdmsqmyefz2pcghwlyq3vnkqozw7rmauti","collection":"app.todo.item",` +
		`"key":"r0001234","seq":0,"body":{"n":1234,"text":"a line with \"quotes\" and é"},` +
		`"sig":"MEUCIQDx3bq0n9N5lU6nq3m2bS1pQk4y3U7xv8rQ-9kq1aUeLwIgc2o9V0fFh3v4kz6mSx8aB1y5bKcYq0pXrJ7tWnD2e0E"}`
	frame := []byte(`{"type":"sync","from":"did:key:zDnae","payload":{"v":8,"type":"versions","versions":[` +
		strings.TrimSuffix(strings.Repeat(v+",", 40), ",") + `]}}`)
	b.Run("validJSON", func(b *testing.B) {
		b.SetBytes(int64(len(frame)))
		for b.Loop() {
			if !validJSON(frame) {
				b.Fatal("not valid")
			}
		}
	})
	b.Run("json.Valid", func(b *testing.B) {
		b.SetBytes(int64(len(frame)))
		for b.Loop() {
			if !json.Valid(frame) {
				b.Fatal("not valid")
			}
		}
	})
}

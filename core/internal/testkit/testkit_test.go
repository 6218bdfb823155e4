package testkit

import (
	"bytes"
	"testing"
	"testing/fstest"
)

func TestVectors(t *testing.T) {
	dir := fstest.MapFS{VectorsFile: {Data: []byte(`[
		{"name":"a","inputs":{"x":"0a0b","n":3},"expected":{"y":"1"}},
		{"name":"b","inputs":{},"expected":{}},
		{"name":"a","inputs":{},"expected":{"y":"2"}}]`)}}
	v := LoadVector[any](t, dir, "a")
	if v.Expected["y"] != "1" || v.In(t, "x") != "0a0b" || !bytes.Equal(v.Hex(t, "x"), []byte{10, 11}) {
		t.Errorf("first vector a: %+v", v)
	}
	if all := Vectors[any](t, dir); len(all) != 2 || all["b"].Name != "b" {
		t.Errorf("vectors: %+v", all)
	}
	strs := fstest.MapFS{VectorsFile: {Data: []byte(`[{"name":"s","inputs":{"k":"v"},"expected":{}}]`)}}
	if s := LoadVector[string](t, strs, "s"); s.Inputs["k"] != "v" || s.In(t, "k") != "v" {
		t.Errorf("string vector: %+v", s)
	}
}

func TestRandIsDeterministic(t *testing.T) {
	a, b, c := make([]byte, 8), make([]byte, 8), make([]byte, 8)
	Rand(300).Read(a)
	Rand(300).Read(b)
	Rand(301).Read(c)
	if !bytes.Equal(a, b) || bytes.Equal(a, c) {
		t.Errorf("Rand(300) %x, %x; Rand(301) %x", a, b, c)
	}
}

func TestFounder(t *testing.T) {
	const did = "did:key:zDnaed8DYZ8Hx21hjLc7fE9TXMkDUV65S3ys8HtLrnPC1piwd" // 03 §1.2
	if got := Founder(t).DID(); got != did {
		t.Errorf("founder %s, want %s", got, did)
	}
}

// Package blobstoretest is the one suite every blob store driver passes
// (05 §16.1): get, put, delete and list under a prefix, with the key rules
// every driver shares.
package blobstoretest

import (
	"bytes"
	"context"
	"errors"
	"slices"
	"testing"

	"minca.dev/desktop/node/blobstore"
)

// Run runs the suite; open returns a fresh, empty store.
func Run(t *testing.T, open func(t *testing.T) blobstore.Store) {
	cases := []struct {
		name string
		fn   func(t *testing.T, s blobstore.Store)
	}{
		{"RoundTrip", roundTrip},
		{"Replace", replace},
		{"Missing", missing},
		{"Delete", deleteKey},
		{"ListUnderPrefix", listUnderPrefix},
		{"CaseKeptApart", caseKeptApart},
		{"BadKeysRefused", badKeys},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { c.fn(t, open(t)) })
	}
}

var ctx = context.Background()

func put(t *testing.T, s blobstore.Store, key string, b []byte) {
	t.Helper()
	if err := s.Put(ctx, key, b); err != nil {
		t.Fatalf("put %q: %v", key, err)
	}
}

func get(t *testing.T, s blobstore.Store, key string) []byte {
	t.Helper()
	b, err := s.Get(ctx, key)
	if err != nil {
		t.Fatalf("get %q: %v", key, err)
	}
	return b
}

func roundTrip(t *testing.T, s blobstore.Store) {
	blobs := map[string][]byte{
		"a":                      {},
		"sp/w/000001-aa.seg":     []byte(`{"v":8,"versions":[]}`),
		"files/sp/w/id.list":     {0, 1, 2, 255},
		"space:Abc/Ünï code/%41": []byte("x"),
	}
	for k, b := range blobs {
		put(t, s, k, b)
	}
	for k, b := range blobs {
		if got := get(t, s, k); !bytes.Equal(got, b) {
			t.Errorf("get %q = %q, want %q", k, got, b)
		}
	}
}

func replace(t *testing.T, s blobstore.Store) {
	put(t, s, "k", []byte("one"))
	put(t, s, "k", []byte("two"))
	if got := get(t, s, "k"); string(got) != "two" {
		t.Fatalf("after replace: %q", got)
	}
}

func missing(t *testing.T, s blobstore.Store) {
	if _, err := s.Get(ctx, "nope/x"); !errors.Is(err, blobstore.ErrNotFound) {
		t.Fatalf("get missing: %v, want ErrNotFound", err)
	}
	keys, err := s.List(ctx, "nope/")
	if err != nil || len(keys) != 0 {
		t.Fatalf("list missing prefix: %v %v", keys, err)
	}
}

func deleteKey(t *testing.T, s blobstore.Store) {
	put(t, s, "d/x", []byte("1"))
	if err := s.Delete(ctx, "d/x"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Get(ctx, "d/x"); !errors.Is(err, blobstore.ErrNotFound) {
		t.Fatalf("get deleted: %v", err)
	}
	if err := s.Delete(ctx, "d/x"); err != nil {
		t.Fatalf("delete again: %v", err)
	}
}

func listUnderPrefix(t *testing.T, s blobstore.Store) {
	for _, k := range []string{"s1/w2/b", "s1/w1/a", "s1/w1/c", "s10/w/x", "s2/w/y", "top"} {
		put(t, s, k, []byte(k))
	}
	keys, err := s.List(ctx, "s1/")
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"s1/w1/a", "s1/w1/c", "s1/w2/b"}; !slices.Equal(keys, want) {
		t.Fatalf("list s1/ = %v, want %v", keys, want)
	}
	all, err := s.List(ctx, "")
	if err != nil || len(all) != 6 || !slices.IsSorted(all) {
		t.Fatalf("list all = %v %v", all, err)
	}
}

func caseKeptApart(t *testing.T, s blobstore.Store) {
	put(t, s, "space:Abc", []byte("upper"))
	put(t, s, "space:abc", []byte("lower"))
	if a, b := get(t, s, "space:Abc"), get(t, s, "space:abc"); string(a) != "upper" || string(b) != "lower" {
		t.Fatalf("case: %q %q", a, b)
	}
}

func badKeys(t *testing.T, s blobstore.Store) {
	for _, k := range []string{"", ".", "..", "a/../b", "a//b", "/a", "a/", `a\b`, "a\x00b", "./a"} {
		if err := s.Put(ctx, k, []byte("x")); !errors.Is(err, blobstore.ErrBadKey) {
			t.Errorf("put %q: %v, want ErrBadKey", k, err)
		}
		if _, err := s.Get(ctx, k); !errors.Is(err, blobstore.ErrBadKey) {
			t.Errorf("get %q: %v, want ErrBadKey", k, err)
		}
	}
	for _, p := range []string{"a", "../", "a/../"} {
		if _, err := s.List(ctx, p); !errors.Is(err, blobstore.ErrBadKey) {
			t.Errorf("list %q: %v, want ErrBadKey", p, err)
		}
	}
}

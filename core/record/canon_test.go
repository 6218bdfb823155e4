package record

import (
	"bytes"
	"fmt"
	"math"
	"testing"

	"minca.dev/desktop/core/cjson"
)

// canonByObject is appendCanonical the way it was first written: toWire's
// object through cjson.Marshal. The direct writer must give the same bytes
// and fail where it fails.
func canonByObject(v *Version, parts int) ([]byte, error) {
	m := make(map[string]any, 16+len(v.Unknown))
	for k, x := range v.Unknown {
		m[k] = x
	}
	if parts&withIDSig != 0 {
		putStr(m, mID, v.ID)
		putStr(m, mSignature, v.Signature)
	}
	v.putSigned(m)
	if parts&withBody != 0 && v.HasBody {
		m[mBody] = v.Body
	}
	return cjson.Marshal(m)
}

func checkCanonical(t *testing.T, name string, v *Version) {
	t.Helper()
	for _, parts := range []int{0, withIDSig, withBody, withIDSig | withBody} {
		got, err := appendCanonical(nil, v, parts)
		want, werr := canonByObject(v, parts)
		if (err == nil) != (werr == nil) || (err == nil && !bytes.Equal(got, want)) {
			t.Fatalf("%s, parts %d:\n got %s, %v\nwant %s, %v", name, parts, got, err, want, werr)
		}
	}
}

// canonCases are versions with every member set and left out in turn,
// strings that need escaping or cannot be written, and deep bodies.
func canonCases(t testing.TB) map[string]*Version {
	s := keyFromSeed(t, 7)
	full := mustSign(t, draftAt(3, idA), s)
	full.Seq, full.Prev, full.Genesis = 4, idA, idB
	full.Links = []Link{{Rel: "parent", To: "k1"}, {Rel: "", To: ""}}
	full.Tags = []string{"a", "b\"c", "é"}
	full.Proof = map[string]any{"z": 1.5, "a": []any{"x", nil}}
	full.Files, full.HasFiles = []any{map[string]any{"hash": "00", "size": 3.0}}, true
	full.Retain = true
	cases := map[string]*Version{"signed": mustSign(t, draftAt(0, ""), s), "full": full}
	add := func(name string, change func(v *Version)) {
		c := full.clone()
		c.Proof, c.Files, c.Body = full.Proof, full.Files, full.Body
		change(c)
		cases[name] = c
	}
	add("stub", func(v *Version) { v.Body, v.HasBody = nil, false })
	add("delete", func(v *Version) { v.Deleted, v.Body, v.HasBody, v.BodyHash = true, nil, false, "" })
	add("null body", func(v *Version) { v.Body = nil })
	add("no log, seen, links, tags", func(v *Version) { v.Log, v.Seen, v.Links, v.Tags = nil, nil, nil, nil })
	add("empty lists", func(v *Version) { v.Seen, v.Links, v.Tags = []string{}, []Link{}, []string{} })
	add("log place 0", func(v *Version) { v.Log = &Log{N: 0} })
	add("unsigned draft", func(v *Version) { v.ID, v.Signature = "", "" })
	add("unknown", func(v *Version) { v.Unknown = map[string]any{"x-new": "a", "aaa": 1.0, "zzz": true} })
	add("escapes", func(v *Version) { v.Key, v.Author = "a\u2028b\x01\\", "\U0001F600\ue000" })
	add("lone surrogate", func(v *Version) { v.Collection = "\xed\xa0\x80" })
	add("not utf-8", func(v *Version) { v.Space = "\xff" })
	add("bad tag", func(v *Version) { v.Tags = []string{"ok", "\xfe"} })
	add("bad seen", func(v *Version) { v.Seen = []string{"\xfe"} })
	add("bad log prev", func(v *Version) { v.Log = &Log{N: 1, Prev: "\xfe"} })
	add("bad link", func(v *Version) { v.Links = []Link{{Rel: "r", To: "\xfe"}} })
	add("NaN body", func(v *Version) { v.Body = math.NaN() })
	add("unsafe seq", func(v *Version) { v.Seq = 1 << 60 })
	add("unsafe log n", func(v *Version) { v.Log = &Log{N: -1 << 60} })
	deep := any("x")
	for range cjson.MaxDepth - 1 {
		deep = []any{deep}
	}
	add("body at the depth limit", func(v *Version) { v.Body = deep })
	add("body beyond the depth limit", func(v *Version) { v.Body = []any{deep} })
	add("proof beyond the depth limit", func(v *Version) { v.Proof = map[string]any{"p": []any{deep}} })
	return cases
}

// TestCanonicalAgrees: the direct writer gives toWire's object's bytes,
// and fails where it fails, for every part of a version written.
func TestCanonicalAgrees(t *testing.T) {
	for name, v := range canonCases(t) {
		checkCanonical(t, name, v)
	}
	_, v := loadWeave(t)
	checkCanonical(t, "weave example", v)
}

// FuzzCanonicalAgrees: the same on versions whose string members are
// anything.
func FuzzCanonicalAgrees(f *testing.F) {
	f.Add("a", "b", "c", "d", int64(1), true)
	f.Add("\xff", "\xed\xa0\x80", "\"", "\u2028", int64(-1), false)
	f.Fuzz(func(t *testing.T, a, b, c, d string, n int64, flag bool) {
		v := &Version{ID: a, Author: b, Collection: c, Space: d, CreatedAt: a + b, Key: c + d,
			Seq: n, Prev: b, Genesis: c, Log: &Log{N: n / 2, Prev: d}, Seen: []string{a, b},
			BodyHash: d, Body: map[string]any{a: b, c: []any{d, float64(n)}}, HasBody: flag,
			Retain: flag, Deleted: !flag, Links: []Link{{Rel: a, To: b}}, Tags: []string{c},
			Signature: b + c}
		if flag {
			v.Unknown = map[string]any{d: a}
		}
		checkCanonical(t, fmt.Sprintf("%+v", v), v)
	})
}

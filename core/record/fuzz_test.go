package record

import (
	"bytes"
	"testing"
	"time"

	"minca.dev/desktop/core/cjson"
	"minca.dev/desktop/core/identity"
	"minca.dev/desktop/core/note"
)

// FuzzParseVersion: ParseBytes never panics, and what it takes marshals to
// bytes that parse to the same bytes again (parse → marshal → parse stable).
// Verify and the gate must not panic on it either.
func FuzzParseVersion(f *testing.F) {
	var ex weaveExample
	readJSON(f, "weave-example.json", &ex)
	s := keyFromSeed(f, 7)
	v := mustSign(f, draftAt(0, ""), s)
	seed, _ := Marshal(v)
	stub, _ := Marshal(v.Stub())
	f.Add(seed)
	f.Add(stub)
	f.Add([]byte(ex.SignedCanonical))
	f.Add([]byte(`{"id":"x","seq":1e400}`))
	f.Add([]byte(`{"log":{"n":-0},"seq":-0,"tags":["\ud800"]}`))
	f.Add([]byte(`[]`))
	f.Add(append(seed[:len(seed)-1:len(seed)-1], `,"zz":{"n":1},"aa":[]}`...))
	f.Fuzz(func(t *testing.T, b []byte) {
		v, err := ParseBytes(b)
		if err != nil {
			return
		}
		once, err := Marshal(v)
		if err != nil {
			t.Fatalf("marshal of a parsed version: %v", err)
		}
		in, _ := cjson.Parse(b)
		out, _ := cjson.Parse(once)
		if !sameNames(in.(map[string]any), out.(map[string]any)) {
			t.Fatalf("members lost or added:\n%s\n%s", b, once)
		}
		w, err := ParseBytes(once)
		if err != nil {
			t.Fatalf("reparse %s: %v", once, err)
		}
		twice, err := Marshal(w)
		if err != nil || !bytes.Equal(once, twice) {
			t.Fatalf("not stable:\n%s\n%s", once, twice)
		}
		_ = Verify(v)
		g := &Gate{Space: testSpace, Now: time.Unix(1790424000, 0)}
		g.Check(v)
	})
}

// sameNames says whether two objects have the same member names.
func sameNames(a, b map[string]any) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		if _, ok := b[k]; !ok {
			return false
		}
	}
	return true
}

// BenchmarkVerifyVersion measures §3.3 steps 1–4 on a typical version (a
// to-do with a note, seen, a link and a place in its line): versions
// verified per second, from bytes (parse+verify) and already parsed (verify).
func BenchmarkVerifyVersion(b *testing.B) {
	d := draftAt(5, idA)
	exp := int64(2e9)
	n, err := note.Make(keyFromSeed(b, 1), note.Grant{Aud: seed07DID, Cmd: note.CmdAll, Exp: &exp}, bytes.NewReader(make12()))
	if err != nil {
		b.Fatal(err)
	}
	d.Proof = n.JSON()
	d.Links = []Link{{"about", "list.groceries"}}
	v := mustSign(b, d, keyFromSeed(b, 7))
	raw, _ := Marshal(v)
	b.Run("parse+verify", func(b *testing.B) {
		b.ReportAllocs()
		cpu0 := cpuSeconds()
		for i := 0; i < b.N; i++ {
			w, err := ParseBytes(raw)
			if err != nil {
				b.Fatal(err)
			}
			if err := Verify(w); err != nil {
				b.Fatal(err)
			}
		}
		reportRates(b, cpu0)
	})
	b.Run("verify", func(b *testing.B) {
		b.ReportAllocs()
		cpu0 := cpuSeconds()
		for i := 0; i < b.N; i++ {
			if err := Verify(v); err != nil {
				b.Fatal(err)
			}
		}
		reportRates(b, cpu0)
	})
	b.Run("verify-cached-did", func(b *testing.B) {
		b.ReportAllocs()
		var keys identity.DIDCache
		cpu0 := cpuSeconds()
		for i := 0; i < b.N; i++ {
			if err := VerifyCached(v, &keys); err != nil {
				b.Fatal(err)
			}
		}
		reportRates(b, cpu0)
	})
}

// reportRates reports versions per wall-clock second and, where the CPU
// time is known, per CPU-second (steadier on a shared machine).
func reportRates(b *testing.B, cpu0 float64) {
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "versions/s")
	if cpu := cpuSeconds() - cpu0; cpu > 0 {
		b.ReportMetric(float64(b.N)/cpu, "versions/cpu-s")
	}
}

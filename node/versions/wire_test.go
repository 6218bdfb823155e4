package versions_test

import (
	"bytes"
	"path/filepath"
	"testing"

	"minca.dev/desktop/core/record"
	"minca.dev/desktop/node/versions"
)

// TestSQLiteWires: the wire form read at once is record.Marshal of what
// Get returns, for every version held (whole, stubs, demoted firsts), in the
// order asked, leaving out ids not held.
func TestSQLiteWires(t *testing.T) {
	s, err := versions.OpenSQLite(bg, versions.Config{Path: filepath.Join(t.TempDir(), "space.db")})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	vs := benchCorpusT(t)[:1200]
	if err := s.Put(bg, vs...); err != nil {
		t.Fatal(err)
	}
	ids := []string{"bnotheld"}
	for i := len(vs) - 1; i >= 0; i-- {
		ids = append(ids, vs[i].ID)
	}
	// Not text, a lone surrogate, quotes: not held, left out.
	ids = append(ids, "\xff", "\xed\xa0\x80", `b"x\`)
	wires, err := s.Wires(bg, ids)
	if err != nil {
		t.Fatal(err)
	}
	if len(wires) != len(vs) {
		t.Fatalf("got %d wire forms, want %d", len(wires), len(vs))
	}
	stubs := 0
	for i, w := range wires {
		v, err := s.Get(bg, ids[i+1])
		if err != nil {
			t.Fatal(err)
		}
		want, err := record.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		if w.ID != v.ID || w.Collection != v.Collection || w.Key != v.Key || !bytes.Equal(w.JSON, want) {
			t.Fatalf("wire %d: %s %s %s\n%s\nwant %s", i, w.ID, w.Collection, w.Key, w.JSON, want)
		}
		if v.IsStub() {
			stubs++
		}
	}
	if stubs == 0 || stubs == len(vs) {
		t.Fatalf("%d stubs of %d: the corpus should hold both forms", stubs, len(vs))
	}
}

// TestSQLiteForms: Forms agrees with Form for every id, held or not.
func TestSQLiteForms(t *testing.T) {
	s, err := versions.OpenSQLite(bg, versions.Config{Path: filepath.Join(t.TempDir(), "space.db")})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	vs := benchCorpusT(t)[:1200]
	if err := s.Put(bg, vs[:1000]...); err != nil {
		t.Fatal(err)
	}
	ids := []string{"bnotheld", "\xff", "\xed\xa0\x80", `b"x\`}
	for _, v := range vs {
		ids = append(ids, v.ID, v.ID)
	}
	forms, err := s.Forms(bg, ids)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[versions.Form]int{}
	for _, id := range ids {
		want, err := s.Form(bg, id)
		if err != nil {
			t.Fatal(err)
		}
		if got, ok := forms[id]; got != want || ok != (want != versions.Absent) {
			t.Fatalf("%s: Forms says %v (%v), Form %v", id, got, ok, want)
		}
		seen[want]++
	}
	if len(seen) != 3 {
		t.Fatalf("forms seen %v: the test should cover all three", seen)
	}
}

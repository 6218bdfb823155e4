package storetest

import (
	"errors"
	"testing"

	"minca.dev/desktop/core/negentropy"
	"minca.dev/desktop/core/record"
	"minca.dev/desktop/node/versions"
)

const (
	todo = "app.todo.item"
	note = "app.note.item"
)

func body(s string) any { return map[string]any{"text": s} }

func put(t *testing.T, s versions.Store, vs ...*record.Version) {
	t.Helper()
	if err := s.Put(ctx, vs...); err != nil {
		t.Fatalf("put: %v", err)
	}
}

func wantForm(t *testing.T, s versions.Store, v *record.Version, want versions.Form) {
	t.Helper()
	got, err := s.Form(ctx, v.ID)
	if err != nil || got != want {
		t.Fatalf("form of %s (seq %d) = %v, %v; want %v", v.ID, v.Seq, got, err, want)
	}
}

func wantEntries(t *testing.T, s versions.Store, key string, want versions.Entries) {
	t.Helper()
	got, err := s.Record(ctx, key)
	if err != nil {
		t.Fatalf("record %s: %v", key, err)
	}
	if got.Current != want.Current || got.First != want.First || !equalStrings(got.Retained, want.Retained) {
		t.Fatalf("record %s = %+v; want %+v", key, got, want)
	}
}

func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// wantExpected checks the whole store against the oracle for vs.
func wantExpected(t *testing.T, s versions.Store, vs []*record.Version) {
	t.Helper()
	want, err := Expected(vs)
	if err != nil {
		t.Fatal(err)
	}
	got, err := s.Dump(ctx)
	if err != nil {
		t.Fatalf("dump: %v", err)
	}
	if diff := DiffDumps(got, want); diff != "" {
		t.Fatalf("store differs from the oracle:\n%s", diff)
	}
}

func testEmpty(t *testing.T, open Open) {
	s := fresh(t, open)
	if _, err := s.Get(ctx, "baeaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"); !errors.Is(err, versions.ErrNotFound) {
		t.Fatalf("get from empty store: %v; want ErrNotFound", err)
	}
	if _, err := s.Current(ctx, "k"); !errors.Is(err, versions.ErrNotFound) {
		t.Fatalf("current from empty store: %v; want ErrNotFound", err)
	}
	sums, err := s.Sums(ctx)
	if err != nil || len(sums) != 0 {
		t.Fatalf("sums = %v, %v; want none", sums, err)
	}
	items, err := s.Items(ctx, todo)
	if err != nil || items.Len() != 0 {
		t.Fatalf("items: %v; want none", err)
	}
	sum, err := s.Sum(ctx, todo)
	if err != nil || sum.Count != 0 || sum.Fingerprint().String() != "7f9c9e31ac8256ca2f258583df262dbc" {
		t.Fatalf("sum of empty collection = %v %v, %v; want the empty fingerprint (05 §3.3)", sum.Count, sum.Fingerprint(), err)
	}
}

func testFirstVersion(t *testing.T, open Open) {
	s, m := fresh(t, open), NewMaker(t, 1)
	v := m.First(todo, "k1", body("milk"), Opts{})
	put(t, s, v)
	got, err := s.Current(ctx, "k1")
	if err != nil {
		t.Fatal(err)
	}
	wantSame(t, got, v)
	wantForm(t, s, v, versions.Whole)
	wantEntries(t, s, "k1", versions.Entries{Current: v.ID})
	wantExpected(t, s, []*record.Version{v})
}

// wantSame: a version read back encodes as the one put.
func wantSame(t *testing.T, got, want *record.Version) {
	t.Helper()
	g, err1 := record.Marshal(got)
	w, err2 := record.Marshal(want)
	if err1 != nil || err2 != nil || string(g) != string(w) {
		t.Fatalf("read back\n%s\nwant\n%s (%v %v)", g, w, err1, err2)
	}
}

func testSupersede(t *testing.T, open Open) {
	s, m := fresh(t, open), NewMaker(t, 1)
	v0 := m.First(todo, "k1", body("a"), Opts{})
	v1 := m.Next(v0, body("b"), Opts{})
	put(t, s, v0)
	put(t, s, v1)
	wantForm(t, s, v0, versions.Stub)
	wantForm(t, s, v1, versions.Whole)
	got, err := s.Get(ctx, v0.ID)
	if err != nil {
		t.Fatal(err)
	}
	if !got.IsStub() {
		t.Fatalf("superseded version kept whole")
	}
	wantSame(t, got, v0.Stub())
	wantEntries(t, s, "k1", versions.Entries{Current: v1.ID, First: v0.ID})
	wantExpected(t, s, []*record.Version{v0, v1})
}

func testRetained(t *testing.T, open Open) {
	s, m := fresh(t, open), NewMaker(t, 1)
	v0 := m.First(todo, "k1", body("a"), Opts{Retain: true})
	v1 := m.Next(v0, body("b"), Opts{Retain: true})
	v2 := m.Next(v1, body("c"), Opts{})
	put(t, s, v0, v1, v2)
	wantForm(t, s, v0, versions.Whole)
	wantForm(t, s, v1, versions.Whole)
	wantEntries(t, s, "k1", versions.Entries{Current: v2.ID, First: v0.ID, Retained: []string{v0.ID, v1.ID}})
	got, err := s.Get(ctx, v1.ID)
	if err != nil {
		t.Fatal(err)
	}
	wantSame(t, got, v1)
	// A retained version that arrives late, after its successor, is kept whole.
	s2 := fresh(t, open)
	put(t, s2, v2)
	put(t, s2, v1)
	wantForm(t, s2, v1, versions.Whole)
	wantExpected(t, s2, []*record.Version{v2, v1})
}

func testStubThenWhole(t *testing.T, open Open) {
	s, m := fresh(t, open), NewMaker(t, 1)
	v0 := m.First(todo, "k1", body("a"), Opts{})
	v1 := m.Next(v0, body("b"), Opts{})
	put(t, s, v1.Stub())
	wantForm(t, s, v1, versions.Stub)
	put(t, s, v1)
	wantForm(t, s, v1, versions.Whole) // current: the whole copy replaces the stub
	put(t, s, v0.Stub())
	put(t, s, v0)
	wantForm(t, s, v0, versions.Stub) // superseded: stays a stub
	wantExpected(t, s, []*record.Version{v1.Stub(), v1, v0.Stub(), v0})
}

func testWholeNotDowngraded(t *testing.T, open Open) {
	s, m := fresh(t, open), NewMaker(t, 1)
	v0 := m.First(todo, "k1", body("a"), Opts{Retain: true})
	v1 := m.Next(v0, body("b"), Opts{})
	put(t, s, v1, v0)
	put(t, s, v1.Stub(), v0.Stub())
	wantForm(t, s, v1, versions.Whole)
	wantForm(t, s, v0, versions.Whole)
	wantExpected(t, s, []*record.Version{v1, v0, v1.Stub(), v0.Stub()})
}

func testFork(t *testing.T, open Open) {
	s, m, m2 := fresh(t, open), NewMaker(t, 1), NewMaker(t, 2)
	v0 := m.First(todo, "k1", body("a"), Opts{})
	a := m.Next(v0, body("b"), Opts{})
	b := m2.Next(v0, body("c"), Opts{})
	win, lose := a, b
	if b.ID < a.ID {
		win, lose = b, a
	}
	put(t, s, v0, win, lose)
	wantEntries(t, s, "k1", versions.Entries{Current: win.ID, First: v0.ID})
	wantForm(t, s, lose, versions.Stub)
	s2 := fresh(t, open)
	put(t, s2, lose, v0)
	put(t, s2, win)
	wantExpected(t, s2, []*record.Version{v0, win, lose})
}

func testDelete(t *testing.T, open Open) {
	s, m := fresh(t, open), NewMaker(t, 1)
	v0 := m.First(todo, "k1", body("a"), Opts{})
	del := m.Next(v0, nil, Opts{Deleted: true})
	put(t, s, v0, del)
	got, err := s.Current(ctx, "k1")
	if err != nil || !got.Deleted {
		t.Fatalf("current after delete = %v, %v; want the delete", got, err)
	}
	wantForm(t, s, del, versions.Whole)
	// A version after the delete continues the record (02 §4.2).
	again := m.Next(del, body("back"), Opts{})
	put(t, s, again)
	wantForm(t, s, del, versions.Whole) // a delete has no body to drop
	wantExpected(t, s, []*record.Version{v0, del, again})
}

func testFirstVersions(t *testing.T, open Open) {
	s := fresh(t, open)
	var firsts []*record.Version
	for seed := byte(1); seed <= 3; seed++ {
		firsts = append(firsts, NewMaker(t, seed).First(todo, "shared", body("x"), Opts{}))
	}
	low := firsts[0]
	for _, f := range firsts {
		if f.ID < low.ID {
			low = f
		}
	}
	// With only first versions, the lowest id is current and none is listed.
	put(t, s, firsts[2], firsts[1], firsts[0])
	wantEntries(t, s, "shared", versions.Entries{Current: low.ID})
	next := NewMaker(t, 9).Next(firsts[2], body("y"), Opts{})
	put(t, s, next)
	wantEntries(t, s, "shared", versions.Entries{Current: next.ID, First: low.ID})
	wantExpected(t, s, append(firsts, next))
}

func testIdempotent(t *testing.T, open Open) {
	s, m := fresh(t, open), NewMaker(t, 1)
	v0 := m.First(todo, "k1", body("a"), Opts{Retain: true})
	v1 := m.Next(v0, body("b"), Opts{})
	put(t, s, v0, v1)
	before, _ := s.Dump(ctx)
	gen, err := s.Generation(ctx)
	if err != nil {
		t.Fatal(err)
	}
	put(t, s, v1, v0, v0.Stub(), v1.Stub())
	after, _ := s.Dump(ctx)
	if diff := DiffDumps(after, before); diff != "" {
		t.Fatalf("putting again changed the store:\n%s", diff)
	}
	gen2, _ := s.Generation(ctx)
	if gen2 != gen {
		t.Fatalf("a change that changed nothing moved the generation %d → %d", gen, gen2)
	}
}

func testRemove(t *testing.T, open Open) {
	s, m := fresh(t, open), NewMaker(t, 1)
	v0 := m.First(todo, "k1", body("a"), Opts{Retain: true})
	v1 := m.Next(v0, body("b"), Opts{})
	w := m.First(note, "k2", body("n"), Opts{})
	put(t, s, v0, v1, w)
	if err := s.Remove(ctx, v0.ID, "bnotheldaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"); err != nil {
		t.Fatal(err)
	}
	wantForm(t, s, v0, versions.Absent)
	wantEntries(t, s, "k1", versions.Entries{Current: v1.ID})
	wantExpectedSums(t, s, []*record.Version{v1, w})
	if err := s.Remove(ctx, v1.ID, w.ID); err != nil {
		t.Fatal(err)
	}
	wantEntries(t, s, "k1", versions.Entries{})
	sums, err := s.Sums(ctx)
	if err != nil || len(sums) != 0 {
		t.Fatalf("sums after removing all = %v, %v", sums, err)
	}
}

func wantExpectedSums(t *testing.T, s versions.Store, vs []*record.Version) {
	t.Helper()
	want, _ := Expected(vs)
	got, err := s.Sums(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(want.Sums) {
		t.Fatalf("sums = %v; want %v", got, want.Sums)
	}
	for c, ws := range want.Sums {
		if got[c] != ws {
			t.Fatalf("sum of %s = %v; want %v", c, got[c], ws)
		}
	}
}

func testRemoveNoPromotion(t *testing.T, open Open) {
	s, m := fresh(t, open), NewMaker(t, 1)
	v0 := m.First(todo, "k1", body("a"), Opts{})
	v1 := m.Next(v0, body("b"), Opts{})
	put(t, s, v0, v1)
	if err := s.Remove(ctx, v1.ID); err != nil {
		t.Fatal(err)
	}
	// r/ is unset, not moved back to v0; g/ still names v0.
	wantEntries(t, s, "k1", versions.Entries{First: v0.ID})
	if _, err := s.Current(ctx, "k1"); !errors.Is(err, versions.ErrNotFound) {
		t.Fatalf("current after removing it: %v; want ErrNotFound", err)
	}
	wantForm(t, s, v0, versions.Stub)
	// The next version placed becomes current (step 3, nothing to demote).
	put(t, s, v0)
	wantEntries(t, s, "k1", versions.Entries{Current: v0.ID, First: v0.ID})
}

// conflicting is a copy of v under v's id that is another version.
func conflicting(v *record.Version) *record.Version {
	c := v.Stub()
	c.CreatedAt = "2030-01-01T00:00:00.000Z"
	return c
}

func testFailingChange(t *testing.T, open Open) {
	s, m := fresh(t, open), NewMaker(t, 1)
	held := m.First(todo, "k1", body("a"), Opts{})
	put(t, s, held)
	before, _ := s.Dump(ctx)
	fresh1 := m.First(todo, "k2", body("b"), Opts{})
	next := m.Next(held, body("c"), Opts{})
	err := s.Put(ctx, fresh1, next, conflicting(held))
	if !errors.Is(err, versions.ErrConflict) {
		t.Fatalf("put with a conflicting copy: %v; want ErrConflict", err)
	}
	after, _ := s.Dump(ctx)
	if diff := DiffDumps(after, before); diff != "" {
		t.Fatalf("a failed change left something:\n%s", diff)
	}
	wantForm(t, s, held, versions.Whole)
	// What the failed change read must not outlive it: removing the held
	// version now unsets r/, which the failed change had moved to next.
	if err := s.Remove(ctx, held.ID); err != nil {
		t.Fatal(err)
	}
	wantEntries(t, s, "k1", versions.Entries{})
	wantExpected(t, s, nil)
}

func testInvalid(t *testing.T, open Open) {
	s, m := fresh(t, open), NewMaker(t, 1)
	v := m.First(todo, "k1", body("a"), Opts{})
	bad := v.Stub()
	bad.ID = "not-an-id"
	for name, vs := range map[string][]*record.Version{
		"nil":    {v, nil},
		"bad id": {v, bad},
	} {
		if err := s.Put(ctx, vs...); !errors.Is(err, versions.ErrInvalid) {
			t.Fatalf("%s: %v; want ErrInvalid", name, err)
		}
	}
	wantForm(t, s, v, versions.Absent)
}

func testCancelled(t *testing.T, open Open) {
	s, m := fresh(t, open), NewMaker(t, 1)
	c, cancel := contextWithCancel()
	cancel()
	v := m.First(todo, "k1", body("a"), Opts{})
	if err := s.Put(c, v); err == nil {
		t.Fatalf("put with a cancelled context landed")
	}
	wantForm(t, s, v, versions.Absent)
}

func testItemsSnapshot(t *testing.T, open Open) {
	s, m := fresh(t, open), NewMaker(t, 1)
	a := m.First(todo, "k1", body("a"), Opts{})
	put(t, s, a)
	items, err := s.Items(ctx, todo)
	if err != nil {
		t.Fatal(err)
	}
	put(t, s, m.First(todo, "k2", body("b"), Opts{}))
	if items.Len() != 1 {
		t.Fatalf("a snapshot changed: %d items", items.Len())
	}
	id, _ := negentropy.IDFromVersionID(a.ID)
	want := negentropy.Item{Timestamp: record.ItemTimestamp(a.CreatedAt), ID: id}
	if items.Item(0) != want {
		t.Fatalf("item = %v; want %v", items.Item(0), want)
	}
	again, _ := s.Items(ctx, todo)
	if again.Len() != 2 {
		t.Fatalf("items after a put: %d; want 2", again.Len())
	}
}

func testSumsMatchItems(t *testing.T, open Open) {
	s := fresh(t, open)
	vs := randomSet(t, 7, 30)
	put(t, s, vs...)
	sums, err := s.Sums(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for c, sum := range sums {
		items, err := s.Items(ctx, c)
		if err != nil {
			t.Fatal(err)
		}
		if items.Len() != sum.Count || items.Sum(0, items.Len()) != sum.Sum {
			t.Fatalf("%s: running sum %v/%d, items %v/%d", c, sum.Sum, sum.Count, items.Sum(0, items.Len()), items.Len())
		}
		kept, err := s.Collection(ctx, c)
		if err != nil || len(kept) != items.Len() {
			t.Fatalf("%s: %d versions, %d items (%v)", c, len(kept), items.Len(), err)
		}
		for i, v := range kept {
			id, _ := negentropy.IDFromVersionID(v.ID)
			if items.Item(i).ID != id {
				t.Fatalf("%s: version %d is not item %d", c, i, i)
			}
		}
	}
	wantExpected(t, s, vs)
}

func testReturnedCopies(t *testing.T, open Open) {
	s, m := fresh(t, open), NewMaker(t, 1)
	v := m.First(todo, "k1", body("a"), Opts{})
	put(t, s, v)
	got, _ := s.Get(ctx, v.ID)
	got.Body.(map[string]any)["text"] = "changed"
	got.Key = "other"
	again, err := s.Get(ctx, v.ID)
	if err != nil {
		t.Fatal(err)
	}
	wantSame(t, again, v)
}

func testClosed(t *testing.T, open Open) {
	s := open(t)
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	v := NewMaker(t, 1).First(todo, "k1", body("a"), Opts{})
	if err := s.Put(ctx, v); !errors.Is(err, versions.ErrClosed) {
		t.Fatalf("put after close: %v; want ErrClosed", err)
	}
}

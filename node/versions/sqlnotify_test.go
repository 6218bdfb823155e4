package versions_test

import (
	"context"
	"path/filepath"
	"testing"

	"minca.dev/desktop/node/versions/storetest"
)

// noticed drains ch and says whether something was in it.
func noticed(ch chan struct{}) bool {
	select {
	case <-ch:
		return true
	default:
		return false
	}
}

// TestSQLiteNotify: a landing through the handle that moves the generation
// is told on every channel given, by the time Put returns; one that wrote
// nothing is not; another handle's landing is told to its own channels
// only (this one learns of it through Generation, 05 §10.2). A channel
// given twice is told once.
func TestSQLiteNotify(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "space.db")
	s := openSQLite(t, path)
	defer s.Close()
	a, b := make(chan struct{}, 1), make(chan struct{}, 1)
	s.Notify(a)
	s.Notify(a)
	s.Notify(b)
	m := storetest.NewMaker(t, 1)
	v1 := m.First("app.todo.item", "r1", map[string]any{"text": "one"}, storetest.Opts{})
	if err := s.Put(ctx, v1); err != nil {
		t.Fatal(err)
	}
	if !noticed(a) || !noticed(b) {
		t.Fatal("a landing that wrote was not told on both channels")
	}
	if err := s.Put(ctx, v1); err != nil {
		t.Fatal(err)
	}
	if noticed(a) || noticed(b) {
		t.Fatal("a landing that wrote nothing was told")
	}

	other := openSQLite(t, path)
	defer other.Close()
	c := make(chan struct{}, 1)
	other.Notify(c)
	before, err := s.Generation(ctx)
	if err != nil {
		t.Fatal(err)
	}
	v2 := m.Next(v1, map[string]any{"text": "two"}, storetest.Opts{})
	if err := other.Put(ctx, v2); err != nil {
		t.Fatal(err)
	}
	if !noticed(c) || noticed(a) {
		t.Fatal("another handle's landing: told to its channel only, want that")
	}
	if after, err := s.Generation(ctx); err != nil || after == before {
		t.Fatalf("generation %d → %d (%v): the other handle's landing does not show", before, after, err)
	}
}

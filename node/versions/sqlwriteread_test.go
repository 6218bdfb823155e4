package versions_test

import (
	"path/filepath"
	"testing"
	"time"

	"minca.dev/desktop/node/versions"
)

// TestSQLiteFormsWhileLanding: while a landing holds the writing
// connection, Forms answers at once from a pool connection (node/syncer
// judges the next batch while a change lands), and says what Form says.
func TestSQLiteFormsWhileLanding(t *testing.T) {
	s, err := versions.OpenSQLite(bg, versions.Config{Path: filepath.Join(t.TempDir(), "space.db")})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	vs := benchCorpusT(t)[:300]
	if err := s.Put(bg, vs[:200]...); err != nil {
		t.Fatal(err)
	}
	ids := []string{"bnotheld"}
	for _, v := range vs {
		ids = append(ids, v.ID)
	}
	release := s.HoldWriter()
	type answer struct {
		forms map[string]versions.Form
		err   error
	}
	got := make(chan answer, 1)
	go func() {
		forms, err := s.Forms(bg, ids)
		got <- answer{forms, err}
	}()
	var a answer
	select {
	case a = <-got:
	case <-time.After(30 * time.Second):
		release()
		t.Fatal("Forms waited for the landing")
	}
	release()
	if a.err != nil {
		t.Fatal(a.err)
	}
	held := 0
	for _, id := range ids {
		want, err := s.Form(bg, id)
		if err != nil {
			t.Fatal(err)
		}
		if f, ok := a.forms[id]; f != want || ok != (want != versions.Absent) {
			t.Fatalf("%s: Forms says %v (%v), Form %v", id, f, ok, want)
		}
		if want != versions.Absent {
			held++
		}
	}
	if held == 0 || held == len(ids) {
		t.Fatalf("%d of %d held: the test should cover both", held, len(ids))
	}
}

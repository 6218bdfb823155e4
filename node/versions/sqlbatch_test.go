package versions_test

import (
	"database/sql"
	"fmt"
	"path/filepath"
	"testing"

	"minca.dev/desktop/core/record"
	"minca.dev/desktop/node/versions/storetest"
)

// TestSQLiteLargeChanges: changes larger than the rows queued per table
// (batchRows), whose rows are written many to a statement, some keys set
// many times within one statement, land as the oracle places them, in
// one change and in changes of every size up to 300.
func TestSQLiteLargeChanges(t *testing.T) {
	vs := storetest.RandomSet(t, 21, 900)
	m := storetest.NewMaker(t, 7)
	for i := range 300 {
		vs = append(vs, m.First("app.todo.item", fmt.Sprintf("n%03d", i), map[string]any{"n": float64(i)}, storetest.Opts{}))
	}
	for _, size := range []int{len(vs), 300, 257, 129, 64, 7} {
		s := openSQLite(t, filepath.Join(t.TempDir(), "space.db"))
		for i := 0; i < len(vs); i += size {
			if err := s.Put(bg, vs[i:min(i+size, len(vs))]...); err != nil {
				t.Fatalf("changes of %d: %v", size, err)
			}
		}
		wantOracle(t, s, vs)
		s.Close()
	}
}

// TestSQLiteStatementFailsMidway: the rows of a change are written many to
// a statement, OR FAIL (no statement journal), so a statement that fails
// keeps the rows before the failing one; the change is then rolled back
// whole. A trigger of the test's own fails the 150th row of a change of
// 300; nothing of that change stays, and the same versions land once the
// trigger is gone.
func TestSQLiteStatementFailsMidway(t *testing.T) {
	path := filepath.Join(t.TempDir(), "space.db")
	s := openSQLite(t, path)
	defer s.Close()
	m := storetest.NewMaker(t, 3)
	held := m.First("app.todo.item", "held", map[string]any{}, storetest.Opts{})
	if err := s.Put(bg, held); err != nil {
		t.Fatal(err)
	}
	var vs []*record.Version
	for i := range 300 {
		vs = append(vs, m.First("app.todo.item", fmt.Sprintf("m%03d", i), map[string]any{"n": float64(i)}, storetest.Opts{}))
	}
	db, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(5000)")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(`CREATE TRIGGER fail_m149 BEFORE INSERT ON versions WHEN NEW.key = 'm149'
		BEGIN SELECT RAISE(FAIL, 'm149 refused'); END`); err != nil {
		t.Fatal(err)
	}
	if err := s.Put(bg, vs...); err == nil {
		t.Fatal("a change with a refused row landed")
	}
	wantOracle(t, s, []*record.Version{held})
	if _, err := db.Exec("DROP TRIGGER fail_m149"); err != nil {
		t.Fatal(err)
	}
	if err := s.Put(bg, vs...); err != nil {
		t.Fatal(err)
	}
	wantOracle(t, s, append([]*record.Version{held}, vs...))
}

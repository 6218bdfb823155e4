package versions_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"minca.dev/desktop/core/record"
	"minca.dev/desktop/node/versions"
	"minca.dev/desktop/node/versions/schema"
	"minca.dev/desktop/node/versions/storetest"
)

var bg = context.Background()

func wantOracle(t *testing.T, s versions.Store, vs []*record.Version) {
	t.Helper()
	want, err := storetest.Expected(vs)
	if err != nil {
		t.Fatal(err)
	}
	got, err := s.Dump(bg)
	if err != nil {
		t.Fatal(err)
	}
	if diff := storetest.DiffDumps(got, want); diff != "" {
		t.Fatalf("store differs from the oracle:\n%s", diff)
	}
}

// TestSQLiteTwoHandles: a handle that cached an item set reads again once
// another handle on the same file changed the store (05 §10.2).
func TestSQLiteTwoHandles(t *testing.T) {
	path := filepath.Join(t.TempDir(), "space.db")
	a, b := openSQLite(t, path), openSQLite(t, path)
	defer a.Close()
	defer b.Close()
	m := storetest.NewMaker(t, 1)
	v0 := m.First("app.todo.item", "k", map[string]any{"n": 0}, storetest.Opts{})
	if err := a.Put(bg, v0); err != nil {
		t.Fatal(err)
	}
	items, err := b.Items(bg, "app.todo.item")
	if err != nil || items.Len() != 1 {
		t.Fatalf("b sees %v items (%v); want 1", items, err)
	}
	gen, _ := b.Generation(bg)
	v1 := m.Next(v0, map[string]any{"n": 1}, storetest.Opts{})
	if err := a.Put(bg, v1); err != nil {
		t.Fatal(err)
	}
	if g, _ := b.Generation(bg); g == gen {
		t.Fatalf("b's generation did not move after a's write")
	}
	items, err = b.Items(bg, "app.todo.item")
	if err != nil || items.Len() != 2 {
		t.Fatalf("b still sees %d items after a's write (%v); want 2", items.Len(), err)
	}
	cur, err := b.Current(bg, "k")
	if err != nil || cur.ID != v1.ID {
		t.Fatalf("b's current = %v, %v; want v1", cur, err)
	}
	// And the other way: b writes on what a wrote, a reads it.
	v2 := m.Next(v1, map[string]any{"n": 2}, storetest.Opts{})
	if err := b.Put(bg, v2); err != nil {
		t.Fatal(err)
	}
	wantOracle(t, a, []*record.Version{v0, v1, v2})
	wantOracle(t, b, []*record.Version{v0, v1, v2})

	// a caches its items; b writes, then a writes: a's own landing must not
	// carry its cache past b's write.
	if _, err := a.Items(bg, "app.todo.item"); err != nil {
		t.Fatal(err)
	}
	x := m.First("app.todo.item", "x", map[string]any{}, storetest.Opts{})
	y := m.First("app.todo.item", "y", map[string]any{}, storetest.Opts{})
	if err := b.Put(bg, x); err != nil {
		t.Fatal(err)
	}
	if err := a.Put(bg, y); err != nil {
		t.Fatal(err)
	}
	items, err = a.Items(bg, "app.todo.item")
	if err != nil || items.Len() != 5 {
		t.Fatalf("a sees %d items after b's and its own write (%v); want 5", items.Len(), err)
	}
}

const helperDB = "VERSIONS_HELPER_DB"

// TestHelperWriter is the other process of TestSQLiteTwoProcesses.
func TestHelperWriter(t *testing.T) {
	path := os.Getenv(helperDB)
	if path == "" {
		t.Skip("runs only as the helper process of TestSQLiteTwoProcesses")
	}
	s := openSQLite(t, path)
	defer s.Close()
	for _, v := range storetest.RandomSet(t, 2, 120) {
		if err := s.Put(bg, v); err != nil {
			t.Fatal(err)
		}
	}
}

// TestSQLiteTwoProcesses: two processes write one file at once; each
// change lands whole, and the store is the oracle's for both sets.
func TestSQLiteTwoProcesses(t *testing.T) {
	path := filepath.Join(t.TempDir(), "space.db")
	s := openSQLite(t, path)
	defer s.Close()
	if _, err := s.Items(bg, "app.todo.item"); err != nil { // cache something
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperWriter$", "-test.count=1")
	cmd.Env = append(os.Environ(), helperDB+"="+path)
	out := make(chan error, 1)
	var output []byte
	go func() {
		var err error
		output, err = cmd.CombinedOutput()
		out <- err
	}()
	mine := storetest.RandomSet(t, 1, 120)
	for _, v := range mine {
		if err := s.Put(bg, v); err != nil {
			t.Fatal(err)
		}
	}
	if err := <-out; err != nil {
		t.Fatalf("helper process: %v\n%s", err, output)
	}
	all := append(slices.Clone(mine), storetest.RandomSet(t, 2, 120)...)
	wantOracle(t, s, all)
	sums, _ := s.Sums(bg)
	for c, sum := range sums {
		items, err := s.Items(bg, c)
		if err != nil || items.Len() != sum.Count || items.Sum(0, items.Len()) != sum.Sum {
			t.Fatalf("%s: cached items disagree with the sum after another process wrote", c)
		}
	}
}

// TestSQLiteCoalesces: while another handle holds the write lock, changes
// queue; they then land together in one transaction, and a failing one
// among them leaves nothing while the others land (05 §10.1).
func TestSQLiteCoalesces(t *testing.T) {
	path := filepath.Join(t.TempDir(), "space.db")
	s := openSQLite(t, path)
	defer s.Close()
	m := storetest.NewMaker(t, 1)
	held := m.First("app.todo.item", "held", map[string]any{}, storetest.Opts{})
	if err := s.Put(bg, held); err != nil {
		t.Fatal(err)
	}
	before := s.Landings()

	locker, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(5000)")
	if err != nil {
		t.Fatal(err)
	}
	defer locker.Close()
	conn, err := locker.Conn(bg)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(bg, "BEGIN IMMEDIATE"); err != nil {
		t.Fatal(err)
	}
	const n = 30
	vs := make([]*record.Version, n)
	for i := range vs {
		vs[i] = m.First("app.todo.item", fmt.Sprintf("k%d", i), map[string]any{"i": i}, storetest.Opts{})
	}
	bad := held.Stub()
	bad.CreatedAt = "2030-01-01T00:00:00.000Z"
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if i == 13 {
				errs[i] = s.Put(bg, vs[i], bad) // fails: a conflicting copy
				return
			}
			errs[i] = s.Put(bg, vs[i])
		}()
	}
	time.Sleep(300 * time.Millisecond) // let them queue behind the lock
	if _, err := conn.ExecContext(bg, "COMMIT"); err != nil {
		t.Fatal(err)
	}
	wg.Wait()
	for i, err := range errs {
		if (i == 13) != errors.Is(err, versions.ErrConflict) {
			t.Fatalf("change %d: %v", i, err)
		}
	}
	if w := s.Landings() - before; w > 3 {
		t.Fatalf("%d changes took %d writes; want them coalesced", n, w)
	}
	good := []*record.Version{held}
	for i, v := range vs {
		if i != 13 {
			good = append(good, v)
		}
	}
	wantOracle(t, s, good)
}

// TestSQLiteReopen: what landed is there after closing and opening again,
// and opening runs no migration twice.
func TestSQLiteReopen(t *testing.T) {
	path := filepath.Join(t.TempDir(), "space.db")
	s := openSQLite(t, path)
	vs := storetest.RandomSet(t, 5, 40)
	if err := s.Put(bg, vs...); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s = openSQLite(t, path)
	defer s.Close()
	wantOracle(t, s, vs)
}

// TestSQLiteSchema: every table is STRICT, every column of the schema
// files carries a comment, and a store from a newer program is refused.
func TestSQLiteSchema(t *testing.T) {
	path := filepath.Join(t.TempDir(), "space.db")
	s := openSQLite(t, path)
	s.Close()
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	rows, err := db.Query("SELECT name, strict FROM pragma_table_list WHERE schema = 'main' AND name NOT LIKE 'sqlite_%'")
	if err != nil {
		t.Fatal(err)
	}
	tables := 0
	for rows.Next() {
		var name string
		var strict bool
		if err := rows.Scan(&name, &strict); err != nil {
			t.Fatal(err)
		}
		tables++
		if !strict {
			t.Errorf("table %s is not STRICT", name)
		}
	}
	rows.Close()
	if tables != 5 {
		t.Errorf("%d tables; want 5", tables)
	}
	ms, err := schema.Migrations()
	if err != nil {
		t.Fatal(err)
	}
	if v, err := schema.Version(bg, db); err != nil || v != len(ms) {
		t.Fatalf("schema version %d (%v); want %d", v, err, len(ms))
	}
	for _, m := range ms {
		for _, col := range schema.Columns(m.SQL) {
			if !col.Commented {
				t.Errorf("%s: column %q has no comment", m.Name, col.Line)
			}
		}
	}
	if _, err := db.Exec("PRAGMA user_version = 99"); err != nil {
		t.Fatal(err)
	}
	_, err = versions.OpenSQLite(bg, versions.Config{Path: path})
	if !errors.Is(err, schema.ErrNewer) {
		t.Fatalf("open a newer store: %v; want ErrNewer", err)
	}
}

// TestSQLiteCorruptRow: a stored version that does not parse is reported
// as ErrCorrupt, not a panic or a wrong version.
func TestSQLiteCorruptRow(t *testing.T) {
	path := filepath.Join(t.TempDir(), "space.db")
	s := openSQLite(t, path)
	defer s.Close()
	v := storetest.NewMaker(t, 1).First("app.todo.item", "k", map[string]any{}, storetest.Opts{})
	if err := s.Put(bg, v); err != nil {
		t.Fatal(err)
	}
	db, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(5000)")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec("UPDATE versions SET body = x'7b' WHERE id = ?", v.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Get(bg, v.ID); !errors.Is(err, versions.ErrCorrupt) {
		t.Fatalf("get of a corrupt row: %v; want ErrCorrupt", err)
	}
}

// TestSQLiteFailedChangeThenRemoveInOneLanding: a change that fails after
// writing part of itself, then a removal in the same landing; the removal
// sees the store as the failed change found it.
func TestSQLiteFailedChangeThenRemoveInOneLanding(t *testing.T) {
	path := filepath.Join(t.TempDir(), "space.db")
	s := openSQLite(t, path)
	defer s.Close()
	m := storetest.NewMaker(t, 1)
	held := m.First("app.todo.item", "k1", map[string]any{}, storetest.Opts{})
	if err := s.Put(bg, held); err != nil {
		t.Fatal(err)
	}
	next := m.Next(held, map[string]any{"n": 1}, storetest.Opts{})
	bad := held.Stub()
	bad.CreatedAt = "2030-01-01T00:00:00.000Z"

	locker, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(5000)")
	if err != nil {
		t.Fatal(err)
	}
	defer locker.Close()
	conn, err := locker.Conn(bg)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(bg, "BEGIN IMMEDIATE"); err != nil {
		t.Fatal(err)
	}
	// A first change takes the lead and waits for the lock; the next two
	// queue behind it, in this order, and land together.
	other := m.First("app.note.item", "n1", map[string]any{}, storetest.Opts{})
	errs := make(chan error, 3)
	go func() { errs <- s.Put(bg, other) }()
	time.Sleep(100 * time.Millisecond)
	go func() {
		err := s.Put(bg, next, bad)
		if !errors.Is(err, versions.ErrConflict) {
			err = fmt.Errorf("failing change: %v", err)
		} else {
			err = nil
		}
		errs <- err
	}()
	time.Sleep(100 * time.Millisecond)
	go func() { errs <- s.Remove(bg, held.ID) }()
	time.Sleep(100 * time.Millisecond)
	if _, err := conn.ExecContext(bg, "COMMIT"); err != nil {
		t.Fatal(err)
	}
	for range 3 {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	wantOracle(t, s, []*record.Version{other})
}

package versions_test

import (
	"database/sql"
	"path/filepath"
	"testing"

	"minca.dev/desktop/node/versions/schema"
	"minca.dev/desktop/node/versions/storetest"
)

// TestSQLiteUpgradeFrom0001: a store with the rows a program of schema 1
// wrote (every table copied from a store into a file that has had 0001
// alone) opens at the latest schema with every entry, sum and item as
// before, and takes new versions.
func TestSQLiteUpgradeFrom0001(t *testing.T) {
	dir := t.TempDir()
	vs := storetest.RandomSet(t, 17, 120)
	src := openSQLite(t, filepath.Join(dir, "src.db"))
	if err := src.Put(bg, vs[:100]...); err != nil {
		t.Fatal(err)
	}
	src.Close()

	old := filepath.Join(dir, "old.db")
	writeSchema1Store(t, old, filepath.Join(dir, "src.db"))
	s := openSQLite(t, old)
	defer s.Close()
	wantOracle(t, s, vs[:100])
	if err := s.Put(bg, vs[100:]...); err != nil {
		t.Fatal(err)
	}
	wantOracle(t, s, vs)

	db, err := sql.Open("sqlite", "file:"+old)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ms, _ := schema.Migrations()
	if v, err := schema.Version(bg, db); err != nil || v != len(ms) {
		t.Fatalf("schema version %d (%v); want %d", v, err, len(ms))
	}
	var n int
	if err := db.QueryRow("SELECT count(*) FROM sqlite_schema WHERE type = 'index' AND name = 'versions_items'").Scan(&n); err != nil || n != 1 {
		t.Fatalf("item index: %d (%v)", n, err)
	}
}

// writeSchema1Store makes a store at schema 1 at path, holding the rows
// of the store at from.
func writeSchema1Store(t *testing.T, path, from string) {
	t.Helper()
	ms, err := schema.Migrations()
	if err != nil {
		t.Fatal(err)
	}
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	db.SetMaxOpenConns(1) // the ATTACH holds for this one connection
	stmts := []string{
		ms[0].SQL,
		"PRAGMA user_version = 1",
		"ATTACH DATABASE 'file:" + from + "' AS src",
		"DELETE FROM generation",
	}
	for _, table := range []string{"versions", "records", "retained", "sums", "generation"} {
		stmts = append(stmts, "INSERT INTO main."+table+" SELECT * FROM src."+table)
	}
	for _, q := range stmts {
		if _, err := db.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
}

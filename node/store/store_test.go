package store

import (
	"context"
	"database/sql"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func openTemp(t *testing.T) *Store {
	t.Helper()
	path := filepath.Join(t.TempDir(), "profiles", "default", "node.db")
	s, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func TestOpenCreatesWALStore(t *testing.T) {
	ctx := context.Background()
	s := openTemp(t)
	all, err := migrations()
	if err != nil {
		t.Fatal(err)
	}
	if mode, err := s.JournalMode(ctx); err != nil || mode != "wal" {
		t.Fatalf("journal mode = %q, %v; want wal", mode, err)
	}
	if v, err := s.SchemaVersion(ctx); err != nil || v != len(all) {
		t.Fatalf("schema version = %d, %v; want %d", v, err, len(all))
	}
	info, err := os.Stat(filepath.Dir(s.Path()))
	if err != nil {
		t.Fatal(err)
	}
	if perm := info.Mode().Perm(); perm != 0o700 {
		t.Errorf("store directory mode = %o, want 700", perm)
	}
}

func TestTablesAreStrict(t *testing.T) {
	s := openTemp(t)
	rows, err := s.db.Query("SELECT name, strict FROM pragma_table_list WHERE schema = 'main' AND name NOT LIKE 'sqlite_%'")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	seen := map[string]bool{}
	for rows.Next() {
		var name string
		var strict int
		if err := rows.Scan(&name, &strict); err != nil {
			t.Fatal(err)
		}
		seen[name] = true
		if strict != 1 {
			t.Errorf("table %s is not STRICT", name)
		}
	}
	for _, name := range []string{"node_state", "held_spaces"} {
		if !seen[name] {
			t.Errorf("no table %s (have %v)", name, seen)
		}
	}
	// STRICT refuses a value of the wrong type.
	if _, err := s.db.Exec("INSERT INTO held_spaces (id, position, state) VALUES (x'00', 0, '{}')"); err == nil {
		t.Error("held_spaces accepted a blob as its text id")
	}
}

func TestTwoOpenersShareTheStore(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "node.db")
	a, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	b, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if err := a.SaveNodeState(ctx, NodeState{Folder: "from a"}); err != nil {
		t.Fatal(err)
	}
	if st, ok, err := b.LoadNodeState(ctx); st.Folder != "from a" || !ok || err != nil {
		t.Fatalf("b reads %+v %v %v", st, ok, err)
	}
}

// A store of schema 1 (its loose settings table) is brought to the
// current schema at open.
func TestMigrateFromSchema1(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "node.db")
	all, err := migrations()
	if err != nil {
		t.Fatal(err)
	}
	db, err := sql.Open("sqlite", dsn(path))
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{all[0].sql, "INSERT INTO settings VALUES ('data_folder', '/a')", "PRAGMA user_version = 1"} {
		if _, err := db.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if v, err := s.SchemaVersion(ctx); err != nil || v != len(all) {
		t.Fatalf("schema %d %v, want %d", v, err, len(all))
	}
	if err := s.SaveNodeState(ctx, NodeState{Folder: "/b"}); err != nil {
		t.Fatal(err)
	}
	var n int
	if err := s.db.QueryRow("SELECT count(*) FROM sqlite_schema WHERE name = 'settings'").Scan(&n); err != nil || n != 0 {
		t.Fatalf("settings tables left: %d %v", n, err)
	}
}

func TestNewerSchemaIsRefused(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "node.db")
	db, err := sql.Open("sqlite", dsn(path))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec("PRAGMA user_version = 99"); err != nil {
		t.Fatal(err)
	}
	db.Close()
	if _, err := Open(ctx, path); !errors.Is(err, ErrNewerSchema) {
		t.Fatalf("err = %v, want ErrNewerSchema", err)
	}
}

func TestOpenRefusesRelativePath(t *testing.T) {
	if _, err := Open(context.Background(), "node.db"); err == nil || !strings.Contains(err.Error(), "absolute") {
		t.Fatalf("err = %v", err)
	}
}

func TestPathWithOddCharacters(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "a dir?#%x")
	s, err := Open(context.Background(), filepath.Join(dir, "node.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := os.Stat(filepath.Join(dir, "node.db")); err != nil {
		t.Fatalf("store not where asked: %v", err)
	}
}

func TestMigrationsNumbered(t *testing.T) {
	ms, err := migrations()
	if err != nil {
		t.Fatal(err)
	}
	for i, m := range ms {
		if m.version != i+1 || !strings.Contains(m.sql, "STRICT") {
			t.Errorf("migration %s: version %d, STRICT %v", m.name, m.version, strings.Contains(m.sql, "STRICT"))
		}
	}
}

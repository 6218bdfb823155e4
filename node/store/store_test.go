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
	if mode, err := s.JournalMode(ctx); err != nil || mode != "wal" {
		t.Fatalf("journal mode = %q, %v; want wal", mode, err)
	}
	if v, err := s.SchemaVersion(ctx); err != nil || v != 1 {
		t.Fatalf("schema version = %d, %v; want 1", v, err)
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
	n := 0
	for rows.Next() {
		var name string
		var strict int
		if err := rows.Scan(&name, &strict); err != nil {
			t.Fatal(err)
		}
		n++
		if strict != 1 {
			t.Errorf("table %s is not STRICT", name)
		}
	}
	if n == 0 {
		t.Fatal("no tables")
	}
	// STRICT refuses a value of the wrong type.
	if _, err := s.db.Exec("INSERT INTO settings (key, value) VALUES ('k', x'00')"); err == nil {
		t.Error("settings accepted a blob as text")
	}
}

func TestSettingsPersist(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "node.db")
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok, err := s.Setting(ctx, SettingDataFolder); ok || err != nil {
		t.Fatalf("fresh store has data folder set: %v %v", ok, err)
	}
	for _, v := range []string{"/a", "/b"} {
		if err := s.SetSetting(ctx, SettingDataFolder, v); err != nil {
			t.Fatal(err)
		}
	}
	s.Close()

	s, err = Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if v, ok, err := s.Setting(ctx, SettingDataFolder); v != "/b" || !ok || err != nil {
		t.Fatalf("after reopen: %q %v %v; want /b", v, ok, err)
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
	if err := a.SetSetting(ctx, "k", "from a"); err != nil {
		t.Fatal(err)
	}
	if v, _, err := b.Setting(ctx, "k"); v != "from a" || err != nil {
		t.Fatalf("b reads %q, %v", v, err)
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

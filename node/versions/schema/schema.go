// Package schema is the SQLite schema of node/versions (05 §10): numbered
// migrations, embedded, run at start-up in order. The schema version is
// SQLite's user_version: the number of the last migration applied.
package schema

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strconv"
	"strings"
)

//go:embed *.sql
var files embed.FS

// ErrNewer: the database was written by a newer program.
var ErrNewer = errors.New("schema: store is newer than this program")

// Migration is one numbered schema file, NNNN_name.sql.
type Migration struct {
	Version int
	Name    string
	SQL     string
}

// Migrations are the embedded schema files in order; their numbers run
// 1, 2, 3… with no gap.
func Migrations() ([]Migration, error) {
	names, err := fs.Glob(files, "*.sql")
	if err != nil {
		return nil, err
	}
	slices.Sort(names)
	out := make([]Migration, 0, len(names))
	for i, name := range names {
		num, _, ok := strings.Cut(name, "_")
		v, err := strconv.Atoi(num)
		if !ok || err != nil || v != i+1 {
			return nil, fmt.Errorf("schema file %s: want number %04d", name, i+1)
		}
		body, err := files.ReadFile(name)
		if err != nil {
			return nil, err
		}
		out = append(out, Migration{Version: v, Name: name, SQL: string(body)})
	}
	return out, nil
}

// Version is the number of the last migration applied to db.
func Version(ctx context.Context, db *sql.DB) (int, error) {
	var v int
	if err := db.QueryRowContext(ctx, "PRAGMA user_version").Scan(&v); err != nil {
		return 0, fmt.Errorf("read schema version: %w", err)
	}
	return v, nil
}

// Migrate applies the migrations db has not had, each in its own
// transaction. A database newer than this program is refused untouched.
func Migrate(ctx context.Context, db *sql.DB) error {
	all, err := Migrations()
	if err != nil {
		return err
	}
	have, err := Version(ctx, db)
	if err != nil {
		return err
	}
	if have > len(all) {
		return fmt.Errorf("schema %d, this program knows %d: %w", have, len(all), ErrNewer)
	}
	for _, m := range all[have:] {
		if err := apply(ctx, db, m); err != nil {
			return fmt.Errorf("migrate %s: %w", m.Name, err)
		}
	}
	return nil
}

func apply(ctx context.Context, db *sql.DB, m Migration) error {
	conn, err := db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	// IMMEDIATE: take the write lock first, so two processes opening one
	// new file migrate one after the other.
	if _, err := conn.ExecContext(ctx, "BEGIN IMMEDIATE"); err != nil {
		return err
	}
	err = func() error {
		var have int
		if err := conn.QueryRowContext(ctx, "PRAGMA user_version").Scan(&have); err != nil || have >= m.Version {
			return err // another process migrated since we looked
		}
		if _, err := conn.ExecContext(ctx, m.SQL); err != nil {
			return err
		}
		_, err := conn.ExecContext(ctx, fmt.Sprintf("PRAGMA user_version = %d", m.Version))
		return err
	}()
	if err != nil {
		conn.ExecContext(context.Background(), "ROLLBACK")
		return err
	}
	_, err = conn.ExecContext(ctx, "COMMIT")
	return err
}

// Column is one column line of a CREATE TABLE in a schema file.
type Column struct {
	Line      string
	Commented bool // the line carries a -- comment
}

// Columns lists the column lines of the CREATE TABLE statements in sql,
// so a test can hold every column to having a comment (STYLE habit 8).
func Columns(sql string) []Column {
	var out []Column
	in := false
	for _, line := range strings.Split(sql, "\n") {
		trim := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(trim, "CREATE TABLE"):
			in = true
		case in && strings.HasPrefix(trim, ")"):
			in = false
		case in && trim != "" && !strings.HasPrefix(trim, "--") && !strings.HasPrefix(trim, "PRIMARY KEY"):
			out = append(out, Column{Line: trim, Commented: strings.Contains(trim, "--")})
		}
	}
	return out
}

// Package store is a node's own SQLite store (modernc.org/sqlite): one file
// per account profile, node.db in the profile directory of node/paths, kept
// outside the data folder (05 §12, §14.5), opened in WAL mode so it can be
// read while the node writes it.
//
// It holds the embedded node's state (nodestate.go: the data folder chosen,
// the account, the network setting, the spaces held with their sealed keys),
// saved whole in one transaction. The spaces' versions are not here: each
// space has its own store (node/versions).
//
// The schema is a list of numbered migrations embedded from schema/ and run
// at open; every table is STRICT. The store's schema version is SQLite's
// user_version.
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"

	_ "modernc.org/sqlite" // registers the "sqlite" driver
)

// busyTimeoutMS is how long a writer waits for another process's lock.
const busyTimeoutMS = 5000

// ErrNewerSchema means the store was written by a newer Minca.
var ErrNewerSchema = errors.New("store schema is newer than this program")

// Store is an open node store. Its methods are safe for concurrent use.
type Store struct {
	db   *sql.DB
	path string
}

// Open opens the store at path, creating it and its directory (mode 0700)
// if needed, and brings its schema up to date.
func Open(ctx context.Context, path string) (*Store, error) {
	if !filepath.IsAbs(path) {
		return nil, fmt.Errorf("open store %q: path must be absolute", path)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, fmt.Errorf("open store: %w", err)
	}
	db, err := sql.Open("sqlite", dsn(path))
	if err != nil {
		return nil, fmt.Errorf("open store %s: %w", path, err)
	}
	s := &Store{db: db, path: path}
	if err := s.migrate(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("open store %s: %w", path, err)
	}
	return s, nil
}

// dsn is the driver's name for path, with the pragmas every connection
// needs: WAL, a busy timeout, and foreign keys on.
func dsn(path string) string {
	u := url.URL{Scheme: "file", OmitHost: true, Path: path}
	q := url.Values{}
	q.Add("_pragma", "journal_mode(WAL)")
	q.Add("_pragma", fmt.Sprintf("busy_timeout(%d)", busyTimeoutMS))
	q.Add("_pragma", "foreign_keys(ON)")
	q.Add("_pragma", "synchronous(NORMAL)")
	return u.String() + "?" + q.Encode()
}

// Path returns the store's file path.
func (s *Store) Path() string { return s.path }

// Close closes the store.
func (s *Store) Close() error { return s.db.Close() }

// JournalMode returns SQLite's journal mode for the store ("wal").
func (s *Store) JournalMode(ctx context.Context) (string, error) {
	var mode string
	if err := s.db.QueryRowContext(ctx, "PRAGMA journal_mode").Scan(&mode); err != nil {
		return "", fmt.Errorf("read journal mode: %w", err)
	}
	return mode, nil
}

// SchemaVersion returns the number of the last migration applied.
func (s *Store) SchemaVersion(ctx context.Context) (int, error) {
	return userVersion(ctx, s.db)
}

type queryer interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

func userVersion(ctx context.Context, q queryer) (int, error) {
	var v int
	if err := q.QueryRowContext(ctx, "PRAGMA user_version").Scan(&v); err != nil {
		return 0, fmt.Errorf("read schema version: %w", err)
	}
	return v, nil
}

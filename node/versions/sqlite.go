package versions

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"sync"

	_ "modernc.org/sqlite" // registers the "sqlite" driver

	"minca.dev/desktop/core/record"
	"minca.dev/desktop/node/versions/schema"
)

// busyTimeoutMS is how long a writer waits for another process's lock.
const busyTimeoutMS = 5000

// Config says how to open a SQLite store.
type Config struct {
	// Path is the database file; its directory is made (0700) if missing.
	Path string
	// FullSync makes every landing durable across power loss
	// (synchronous=FULL). Without it (NORMAL, WAL) a landing is atomic and
	// survives a crash of the process, but a power cut may lose the last
	// landings, never half of one.
	FullSync bool
}

// SQLite is a Store in one SQLite file (modernc.org/sqlite), in WAL mode so
// that other handles and processes can read while it writes. Reads go to
// the database; the only thing kept in memory is the item set of each
// collection, carried forward through this handle's own landings and read
// again when another handle or process moved the generation (05 §10.2).
type SQLite struct {
	db     *sql.DB
	w      *sqlWriteConn // the one connection that writes, with its statements
	lander *lander
	idle   *idleShrink // gives w's page cache back when landings stop
	path   string

	mu    sync.Mutex
	items itemCache // guarded by mu

	notices notices // Notify's channels (sqlnotify.go)
}

var _ Store = (*SQLite)(nil)

// OpenSQLite opens (creating if needed) the store at cfg.Path and brings
// its schema up to date.
func OpenSQLite(ctx context.Context, cfg Config) (*SQLite, error) {
	if cfg.Path == "" {
		return nil, errors.New("open versions store: no path")
	}
	if err := os.MkdirAll(filepath.Dir(cfg.Path), 0o700); err != nil {
		return nil, fmt.Errorf("open versions store: %w", err)
	}
	db, err := sql.Open("sqlite", dsn(cfg))
	if err != nil {
		return nil, fmt.Errorf("open versions store %s: %w", cfg.Path, err)
	}
	if err := schema.Migrate(ctx, db); err != nil {
		db.Close()
		return nil, fmt.Errorf("open versions store %s: %w", cfg.Path, err)
	}
	w, err := openWriteConn(ctx, db)
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("open versions store %s: %w", cfg.Path, err)
	}
	s := &SQLite{db: db, w: w, path: cfg.Path}
	s.lander = newLander(s.land)
	s.idle = newIdleShrink(func() error { return w.exec("PRAGMA shrink_memory") })
	return s, nil
}

// dsn is the driver's name for the file, with the pragmas every
// connection needs: WAL, a busy timeout, and the sync level.
func dsn(cfg Config) string {
	u := url.URL{Scheme: "file", OmitHost: true, Path: cfg.Path}
	sync := "NORMAL"
	if cfg.FullSync {
		sync = "FULL"
	}
	q := url.Values{}
	q.Add("_pragma", "journal_mode(WAL)")
	q.Add("_pragma", fmt.Sprintf("busy_timeout(%d)", busyTimeoutMS))
	q.Add("_pragma", "synchronous("+sync+")")
	return u.String() + "?" + q.Encode()
}

// Path is the database file.
func (s *SQLite) Path() string { return s.path }

// Close implements Store: changes already submitted land first.
func (s *SQLite) Close() error {
	s.lander.close()
	s.idle.close()
	err := s.w.close()
	return errors.Join(err, s.db.Close())
}

// Put implements Store.
func (s *SQLite) Put(ctx context.Context, vs ...*record.Version) error {
	cs, err := prepareAll(vs)
	if err != nil || len(cs) == 0 {
		return err
	}
	return s.lander.submit(&change{ctx: ctx, put: cs})
}

// Remove implements Store.
func (s *SQLite) Remove(ctx context.Context, ids ...string) error {
	if len(ids) == 0 {
		return nil
	}
	return s.lander.submit(&change{ctx: ctx, remove: ids})
}

// land writes a batch as one transaction (05 §10.1).
func (s *SQLite) land(batch []*change) []error {
	return s.idle.landing(func() []error { return s.w.land(batch, s.landedNotify) })
}

// Landings is how many writes (transactions) the store made so far; changes
// that came in while one landed share one (05 §10.1).
func (s *SQLite) Landings() uint64 { return s.lander.landings() }

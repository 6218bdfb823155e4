package versions

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"minca.dev/desktop/core/negentropy"
	"minca.dev/desktop/core/record"
)

// Reads go to the database each time, so they see what another handle or
// process committed (05 §10.2); only Items keeps vectors, checked against
// the generation.

// Get implements Store.
func (s *SQLite) Get(ctx context.Context, id string) (*record.Version, error) {
	var stub, body []byte
	err := s.db.QueryRowContext(ctx, "SELECT stub, body FROM versions WHERE id = ?", id).Scan(&stub, &body)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("version %s: %w", id, ErrNotFound)
	}
	if err != nil {
		return nil, s.readErr(fmt.Errorf("read version %s: %w", id, err))
	}
	return decode(stub, body)
}

// readErr turns the error of a read after Close into ErrClosed.
func (s *SQLite) readErr(err error) error {
	if strings.Contains(err.Error(), "sql: database is closed") {
		return fmt.Errorf("%w: %w", ErrClosed, err)
	}
	return err
}

// Form implements Store.
func (s *SQLite) Form(ctx context.Context, id string) (Form, error) {
	var hasBody, deleted bool
	err := s.db.QueryRowContext(ctx, "SELECT body IS NOT NULL, deleted FROM versions WHERE id = ?", id).Scan(&hasBody, &deleted)
	if errors.Is(err, sql.ErrNoRows) {
		return Absent, nil
	}
	if err != nil {
		return Absent, s.readErr(fmt.Errorf("read version %s: %w", id, err))
	}
	return Meta{HasBody: hasBody, Deleted: deleted}.Form(), nil
}

// Record implements Store.
func (s *SQLite) Record(ctx context.Context, key string) (Entries, error) {
	tx, err := s.db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return Entries{}, s.readErr(err)
	}
	defer tx.Rollback()
	var e Entries
	var cur, first sql.NullString
	err = tx.QueryRowContext(ctx, "SELECT current, first FROM records WHERE key = ?", key).Scan(&cur, &first)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return e, fmt.Errorf("read record %s: %w", key, err)
	}
	e.Current, e.First = cur.String, first.String
	rows, err := tx.QueryContext(ctx, "SELECT id FROM retained WHERE key = ? ORDER BY seq, id", key)
	if err != nil {
		return e, fmt.Errorf("read retained of %s: %w", key, err)
	}
	defer rows.Close()
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return e, err
		}
		e.Retained = append(e.Retained, id)
	}
	return e, rows.Err()
}

// Current implements Store.
func (s *SQLite) Current(ctx context.Context, key string) (*record.Version, error) {
	var stub, body []byte
	err := s.db.QueryRowContext(ctx,
		"SELECT v.stub, v.body FROM records r JOIN versions v ON v.id = r.current WHERE r.key = ?", key).Scan(&stub, &body)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("record %s: %w", key, ErrNotFound)
	}
	if err != nil {
		return nil, s.readErr(fmt.Errorf("read record %s: %w", key, err))
	}
	return decode(stub, body)
}

// Collection implements Store.
func (s *SQLite) Collection(ctx context.Context, collection string) ([]*record.Version, error) {
	rows, err := s.db.QueryContext(ctx,
		"SELECT stub, body FROM versions WHERE collection = ? ORDER BY time, item", collection)
	if err != nil {
		return nil, s.readErr(fmt.Errorf("read %s: %w", collection, err))
	}
	defer rows.Close()
	var out []*record.Version
	for rows.Next() {
		var stub, body []byte
		if err := rows.Scan(&stub, &body); err != nil {
			return nil, err
		}
		v, err := decode(stub, body)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

// Generation implements Store.
func (s *SQLite) Generation(ctx context.Context) (uint64, error) {
	var n int64
	if err := s.db.QueryRowContext(ctx, "SELECT n FROM generation").Scan(&n); err != nil {
		return 0, s.readErr(fmt.Errorf("read generation: %w", err))
	}
	return uint64(n), nil
}

func readItems(ctx context.Context, tx *sql.Tx, collection string) (*negentropy.Vector, error) {
	rows, err := tx.QueryContext(ctx, "SELECT time, item FROM versions WHERE collection = ? ORDER BY time, item", collection)
	if err != nil {
		return nil, fmt.Errorf("read items of %s: %w", collection, err)
	}
	defer rows.Close()
	var items []negentropy.Item
	for rows.Next() {
		var it negentropy.Item
		var id []byte
		if err := rows.Scan(&it.Timestamp, &id); err != nil {
			return nil, fmt.Errorf("read items of %s: %w", collection, err)
		}
		if len(id) != negentropy.IDSize {
			return nil, fmt.Errorf("item of %d bytes in %s: %w", len(id), collection, ErrCorrupt)
		}
		copy(it.ID[:], id)
		items = append(items, it)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	v, err := negentropy.NewVector(items)
	if err != nil {
		return nil, fmt.Errorf("items of %s: %w: %w", collection, ErrCorrupt, err)
	}
	return v, nil
}

// Sum implements Store.
func (s *SQLite) Sum(ctx context.Context, collection string) (CollectionSum, error) {
	var b []byte
	var c CollectionSum
	err := s.db.QueryRowContext(ctx, "SELECT sum, count FROM sums WHERE collection = ?", collection).Scan(&b, &c.Count)
	if errors.Is(err, sql.ErrNoRows) {
		return CollectionSum{}, nil
	}
	if err != nil {
		return c, s.readErr(fmt.Errorf("read sum of %s: %w", collection, err))
	}
	c.Sum, err = sumFromBytes(b)
	return c, err
}

// Sums implements Store.
func (s *SQLite) Sums(ctx context.Context) (map[string]CollectionSum, error) {
	out, err := readSums(ctx, s.db)
	if err != nil {
		return nil, s.readErr(err)
	}
	return out, nil
}

// querier is a *sql.DB or a *sql.Tx.
type querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

func readSums(ctx context.Context, q querier) (map[string]CollectionSum, error) {
	rows, err := q.QueryContext(ctx, "SELECT collection, sum, count FROM sums")
	if err != nil {
		return nil, fmt.Errorf("read sums: %w", err)
	}
	defer rows.Close()
	out := map[string]CollectionSum{}
	for rows.Next() {
		var coll string
		var b []byte
		var c CollectionSum
		if err := rows.Scan(&coll, &b, &c.Count); err != nil {
			return nil, err
		}
		if c.Sum, err = sumFromBytes(b); err != nil {
			return nil, err
		}
		out[coll] = c
	}
	return out, rows.Err()
}

package versions

import (
	"context"
	"database/sql"
	"fmt"
)

// Dump implements Store, in one read transaction.
func (s *SQLite) Dump(ctx context.Context) (Dump, error) {
	d := newDump()
	tx, err := s.db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return d, s.readErr(err)
	}
	defer tx.Rollback()
	err = eachRow(ctx, tx, "SELECT key, current, first FROM records", func(r *sql.Rows) error {
		var key string
		var cur, first sql.NullString
		if err := r.Scan(&key, &cur, &first); err != nil {
			return err
		}
		if cur.Valid {
			d.Entries[currentEntry(key)] = cur.String
		}
		if first.Valid {
			d.Entries[firstEntry(key)] = first.String
		}
		return nil
	})
	if err == nil {
		err = eachRow(ctx, tx, "SELECT key, seq, id FROM retained", func(r *sql.Rows) error {
			var key, id string
			var seq int64
			if err := r.Scan(&key, &seq, &id); err != nil {
				return err
			}
			d.Entries[retainedEntryKey(key, seq, id)] = id
			return nil
		})
	}
	if err == nil {
		err = eachRow(ctx, tx, "SELECT id, collection, time, body IS NOT NULL, deleted FROM versions", func(r *sql.Rows) error {
			var m Meta
			var time uint64
			if err := r.Scan(&m.ID, &m.Collection, &time, &m.HasBody, &m.Deleted); err != nil {
				return err
			}
			d.Entries[itemEntry(m.Collection, time, m.ID)] = m.ID
			d.Versions[m.ID] = m.Form()
			return nil
		})
	}
	if err != nil {
		return d, fmt.Errorf("dump: %w", err)
	}
	sums, err := readSums(ctx, tx)
	d.Sums = sums
	return d, err
}

func eachRow(ctx context.Context, tx *sql.Tx, q string, f func(*sql.Rows) error) error {
	rows, err := tx.QueryContext(ctx, q)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := f(rows); err != nil {
			return err
		}
	}
	return rows.Err()
}

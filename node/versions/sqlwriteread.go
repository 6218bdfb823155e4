package versions

import (
	"context"
	"database/sql"
	"fmt"
)

// Reads on the writing connection. Every landing ends a transaction that
// another connection's page cache must then drop (SQLite keeps a reader's
// cache only while nothing else wrote), so a pool connection asking right
// after a landing reads each index page again, through pread from the WAL.
// The writer's own cache (writeCacheKiB) holds the pages it just wrote. A
// read that a sync makes once per landing, between landings, is cheaper
// there: Forms, the gatekeeper's held check of each batch, asked after
// each landing of 200 versions, costs 3.2–4.0 µs an id there against 5.3
// on a pool connection (measured once, at load 15).

// onWriter runs f with the writing connection to itself, between landings
// and idle shrinks (a landing that comes meanwhile waits, as for a shrink).
func (s *idleShrink) onWriter(f func() error) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return ErrClosed
	}
	return f()
}

// tryOnWriter is onWriter if the writing connection is free now; ran is
// false, and f not called, while a landing (or a shrink) has it.
func (s *idleShrink) tryOnWriter(f func() error) (ran bool, err error) {
	if !s.mu.TryLock() {
		return false, nil
	}
	defer s.mu.Unlock()
	if s.closed {
		return true, ErrClosed
	}
	return true, f()
}

// formsOnWriter is formsChunk on the writing connection, with its prepared
// statement; while a landing holds it, on a pool connection, which reads
// the last change committed: a held check made while a change lands need
// not wait for it (node/syncer judges the next batch meanwhile).
func (s *SQLite) formsOnWriter(ctx context.Context, ids []string, out map[string]Form) error {
	list, _ := jsonStrings(ids, true)
	scan := func(rows *sql.Rows, err error) error {
		if err != nil {
			return s.readErr(fmt.Errorf("read %d versions: %w", len(ids), err))
		}
		defer rows.Close()
		for rows.Next() {
			var id string
			var hasBody, deleted bool
			if err := rows.Scan(&id, &hasBody, &deleted); err != nil {
				return err
			}
			out[id] = Meta{HasBody: hasBody, Deleted: deleted}.Form()
		}
		return rows.Err()
	}
	ran, err := s.idle.tryOnWriter(func() error { return scan(s.w.stmts["forms"].QueryContext(ctx, list)) })
	if ran {
		return err
	}
	return scan(s.db.QueryContext(ctx, formsSQL, list))
}

package versions

import (
	"context"
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

// formsOnWriter is formsChunk on the writing connection, with its prepared
// statement.
func (s *SQLite) formsOnWriter(ctx context.Context, ids []string, out map[string]Form) error {
	list, _ := jsonStrings(ids, true)
	return s.idle.onWriter(func() error {
		rows, err := s.w.stmts["forms"].QueryContext(ctx, list)
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
	})
}

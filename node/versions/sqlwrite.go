package versions

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"minca.dev/desktop/core/negentropy"
)

// The statements the writing connection prepares once.
var writeSQL = map[string]string{
	"held":        "SELECT key, collection, created_at, seq, retain, deleted, body IS NOT NULL FROM versions WHERE id = ?",
	"record":      "SELECT current, first FROM records WHERE key = ?",
	"setBody":     "UPDATE versions SET body = ? WHERE id = ?",
	"dropped":     "DELETE FROM versions WHERE id = ? RETURNING time",
	"unsetCurr":   "UPDATE records SET current = NULL WHERE key = ?",
	"unsetFirst":  "UPDATE records SET first = NULL WHERE key = ?",
	"tidyRecord":  "DELETE FROM records WHERE key = ? AND current IS NULL AND first IS NULL",
	"setRetain":   "INSERT OR IGNORE INTO retained (key, seq, id) VALUES (?, ?, ?)",
	"unsetRetain": "DELETE FROM retained WHERE key = ? AND seq = ? AND id = ?",
	"readSum":     "SELECT sum, count FROM sums WHERE collection = ?",
	"writeSum":    "INSERT INTO sums (collection, sum, count) VALUES (?, ?, ?) ON CONFLICT (collection) DO UPDATE SET sum = excluded.sum, count = excluded.count",
	"deleteSum":   "DELETE FROM sums WHERE collection = ?",
	"bump":        "UPDATE generation SET n = n + 1 RETURNING n",
	"forms":       formsSQL, // Forms, between landings (sqlwriteread.go)
	// What placing one version reads, in one statement: the version itself
	// if held (row 0), and its key's r/ and g/ with the version r/ names
	// (row 1).
	"placing": `SELECT 0, id, key, collection, created_at, seq, retain, deleted, body IS NOT NULL, NULL, NULL
		FROM versions WHERE id = ?1
		UNION ALL
		SELECT 1, r.current, v.key, v.collection, v.created_at, v.seq, v.retain, v.deleted, v.body IS NOT NULL, r.first, r.key
		FROM records r LEFT JOIN versions v ON v.id = r.current WHERE r.key = ?2`,
	// The same for many versions at once: ?1 the ids and ?2 the keys, each
	// a JSON array of strings (sqlknown.go).
	"readAhead": `SELECT 0, v.id, v.key, v.collection, v.created_at, v.seq, v.retain, v.deleted, v.body IS NOT NULL, NULL, NULL
		FROM json_each(?1) j JOIN versions v ON v.id = j.value
		UNION ALL
		SELECT 1, r.current, v.key, v.collection, v.created_at, v.seq, v.retain, v.deleted, v.body IS NOT NULL, r.first, r.key
		FROM json_each(?2) j JOIN records r ON r.key = j.value LEFT JOIN versions v ON v.id = r.current`,
}

// writePragmas tune the writing connection (our choice, for ingest: a
// first sync lands thousands of versions a second):
//   - a page cache of writeCacheKiB, so a landing's pages stay in memory;
//   - cache_spill off: a large landing grows the cache rather than writing
//     pages to the WAL before its commit (they would be written twice);
//   - a WAL checkpoint every walCheckpointPages pages, so an index page
//     touched by many landings is copied back to the database once per
//     checkpoint rather than once per few landings;
//   - temporary storage in memory: the sub-journal of a savepoint (one per
//     change when several land together) is not a file.
var writePragmas = []string{
	fmt.Sprintf("PRAGMA cache_size = -%d", writeCacheKiB),
	"PRAGMA cache_spill = OFF",
	fmt.Sprintf("PRAGMA wal_autocheckpoint = %d", walCheckpointPages),
	"PRAGMA temp_store = MEMORY",
}

const (
	writeCacheKiB      = 16 << 10
	walCheckpointPages = 8000
)

// sqlWriteConn is the store's one writing connection. Only the lander's
// leader uses it, one landing at a time.
type sqlWriteConn struct {
	conn  *sql.Conn
	stmts map[string]*sql.Stmt
}

func openWriteConn(ctx context.Context, db *sql.DB) (*sqlWriteConn, error) {
	conn, err := db.Conn(ctx)
	if err != nil {
		return nil, err
	}
	w := &sqlWriteConn{conn: conn, stmts: map[string]*sql.Stmt{}}
	for _, p := range writePragmas {
		if _, err := conn.ExecContext(ctx, p); err != nil {
			w.close()
			return nil, fmt.Errorf("%s: %w", p, err)
		}
	}
	for name, q := range writeSQL {
		st, err := conn.PrepareContext(ctx, q)
		if err != nil {
			w.close()
			return nil, fmt.Errorf("prepare %s: %w", name, err)
		}
		w.stmts[name] = st
	}
	return w, nil
}

func (w *sqlWriteConn) close() error {
	var errs []error
	for _, st := range w.stmts {
		errs = append(errs, st.Close())
	}
	return errors.Join(append(errs, w.conn.Close())...)
}

func (w *sqlWriteConn) exec(query string) error {
	_, err := w.conn.ExecContext(context.Background(), query)
	return err
}

// land runs a batch in one transaction: each change inside a savepoint, so
// a change that fails is rolled back alone (05 §10.1), then the running
// sums it touched, the generation, and one commit.
func (w *sqlWriteConn) land(batch []*change, landed func(gen uint64, deltas []itemDelta)) []error {
	errs := make([]error, len(batch))
	fail := func(err error) []error {
		for i := range errs {
			errs[i] = fmt.Errorf("land %d changes: %w", len(batch), err)
		}
		return errs
	}
	if err := w.exec("BEGIN IMMEDIATE"); err != nil {
		return fail(err)
	}
	tx := &sqlWriter{w: w, sums: map[string]CollectionSum{}}
	if len(batch) == 1 {
		// One change alone needs no savepoint: if it fails, the whole
		// transaction is rolled back, which is all of it and nothing else.
		// (A savepoint copies every page it changes to a sub-journal.)
		tx.begin()
		if errs[0] = tx.applyChange(batch[0]); errs[0] != nil {
			w.exec("ROLLBACK")
			return errs
		}
		tx.keep()
	} else {
		for i, c := range batch {
			errs[i] = w.change(tx, c)
		}
	}
	err := tx.finish()
	if err == nil {
		err = w.exec("COMMIT")
	}
	if err != nil {
		w.exec("ROLLBACK")
		return fail(err)
	}
	if tx.gen != 0 {
		landed(tx.gen, tx.deltas)
	}
	return errs
}

// change runs one change in a savepoint; on error nothing of it remains,
// in the database or in the batch's running sums.
func (w *sqlWriteConn) change(tx *sqlWriter, c *change) error {
	if err := w.exec("SAVEPOINT change"); err != nil {
		return err
	}
	tx.begin()
	err := tx.applyChange(c)
	if err != nil {
		tx.rollback()
		if rerr := w.exec("ROLLBACK TO change"); rerr != nil {
			return errors.Join(err, rerr)
		}
	} else {
		tx.keep()
	}
	if rerr := w.exec("RELEASE change"); rerr != nil {
		return errors.Join(err, rerr)
	}
	return err
}

// sqlWriter is one landing seen by placement: reads and writes go to the
// open transaction; running sums are summed in memory and written at the end.
type sqlWriter struct {
	w       *sqlWriteConn
	sums    map[string]CollectionSum // the batch's sums, for collections touched
	undo    map[string]*CollectionSum
	wrote   bool        // some change of the batch wrote
	changed bool        // the current change wrote
	gen     uint64      // the generation this landing moved to (0: none)
	deltas  []itemDelta // items added and dropped by the changes kept
	mark    int         // len(deltas) when the current change began
	// known is what the current change read ahead and wrote since: it
	// answers Held and RecordEntries where it can.
	known *known
	// inserts and records are rows queued to be written many to a
	// statement (sqlbatch.go).
	inserts, records rowBatch
}

// applyChange is applyChange with the rows it queued written; a change that
// fails leaves none of them queued.
func (t *sqlWriter) applyChange(c *change) error {
	err := applyChange(t, c)
	if err == nil {
		err = t.flush()
	}
	if err != nil {
		t.dropQueued()
	}
	return err
}

func (t *sqlWriter) st(name string) *sql.Stmt { return t.w.stmts[name] }

func (t *sqlWriter) begin() {
	t.undo, t.changed, t.known, t.mark = map[string]*CollectionSum{}, false, newKnown(), len(t.deltas)
}

func (t *sqlWriter) keep() { t.wrote = t.wrote || t.changed }

func (t *sqlWriter) rollback() {
	t.known = newKnown() // read or written before the rollback
	t.deltas = t.deltas[:t.mark]
	for c, old := range t.undo {
		if old == nil {
			delete(t.sums, c)
		} else {
			t.sums[c] = *old
		}
	}
}

// prefetch reads in one statement what placing m will ask (05 §10.1),
// unless the change read it ahead already.
func (t *sqlWriter) prefetch(m Meta) error {
	if t.knows(m) {
		return nil
	}
	if err := t.flush(); err != nil {
		return err
	}
	rows, err := t.st("placing").Query(m.ID, m.Key)
	if err != nil {
		return fmt.Errorf("read for placing %s: %w", m.ID, err)
	}
	defer rows.Close()
	t.known.held[m.ID], t.known.records[m.Key] = Meta{}, recordEntries{} // unless a row says
	for rows.Next() {
		if err := t.known.scan(rows); err != nil {
			return fmt.Errorf("read for placing %s: %w", m.ID, err)
		}
	}
	return rows.Err()
}

// knows says whether placing m would ask the database nothing.
func (t *sqlWriter) knows(m Meta) bool {
	_, id := t.known.held[m.ID]
	r, key := t.known.records[m.Key]
	if !id || !key {
		return false
	}
	_, cur := t.known.held[r.current]
	return r.current == "" || cur
}

func (t *sqlWriter) RecordEntries(key string) (string, string, error) {
	if r, ok := t.known.records[key]; ok {
		return r.current, r.first, nil
	}
	if err := t.flush(); err != nil {
		return "", "", err
	}
	var cur, first sql.NullString
	err := t.st("record").QueryRow(key).Scan(&cur, &first)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return "", "", fmt.Errorf("read record %s: %w", key, err)
	}
	return cur.String, first.String, nil
}

func (t *sqlWriter) Held(id string) (Meta, bool, error) {
	if m, ok := t.known.held[id]; ok {
		return m, m.ID != "", nil
	}
	if err := t.flush(); err != nil {
		return Meta{}, false, err
	}
	m := Meta{ID: id}
	err := t.st("held").QueryRow(id).Scan(&m.Key, &m.Collection, &m.CreatedAt, &m.Seq, &m.Retain, &m.Deleted, &m.HasBody)
	if errors.Is(err, sql.ErrNoRows) {
		return Meta{}, false, nil
	}
	if err != nil {
		return Meta{}, false, fmt.Errorf("read version %s: %w", id, err)
	}
	return m, true, nil
}

// itemDelta is one item a landing added (sign 1) or dropped (−1).
type itemDelta struct {
	collection string
	item       negentropy.Item
	sign       int
}

// addSum adds (sign 1) or takes away (−1) one item from its collection's sum.
func (t *sqlWriter) addSum(collection string, item negentropy.ID, sign int) error {
	s, ok := t.sums[collection]
	if !ok {
		var sum []byte
		err := t.st("readSum").QueryRow(collection).Scan(&sum, &s.Count)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("read sum of %s: %w", collection, err)
		}
		if s.Sum, err = sumFromBytes(sum); err != nil {
			return err
		}
	}
	if _, seen := t.undo[collection]; !seen {
		if ok {
			old := s
			t.undo[collection] = &old
		} else {
			t.undo[collection] = nil
		}
	}
	if sign > 0 {
		s.Sum, s.Count = s.Sum.Add(negentropy.SumOf(item)), s.Count+1
	} else {
		s.Sum, s.Count = s.Sum.Sub(negentropy.SumOf(item)), s.Count-1
	}
	t.sums[collection] = s
	return nil
}

// finish writes the batch's running sums and moves the generation, if
// anything was written.
func (t *sqlWriter) finish() error {
	if err := t.flush(); err != nil {
		return err
	}
	if !t.wrote {
		return nil
	}
	for c, s := range t.sums {
		var err error
		if s.Count == 0 {
			_, err = t.st("deleteSum").Exec(c)
		} else {
			b := s.Sum.Bytes()
			_, err = t.st("writeSum").Exec(c, b[:], s.Count)
		}
		if err != nil {
			return fmt.Errorf("write sum of %s: %w", c, err)
		}
	}
	var n int64
	if err := t.st("bump").QueryRow().Scan(&n); err != nil {
		return fmt.Errorf("move the generation: %w", err)
	}
	t.gen = uint64(n)
	return nil
}

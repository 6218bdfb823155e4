package versions

import (
	"context"
	"database/sql"
	"fmt"
	"math/bits"
	"strings"
)

// A landing's most frequent writes, a version's row and its key's r/ or g/
// entry, are queued and written many rows to a statement: a first sync
// writes two rows per version, and one statement per row cost about as
// much as the b-tree work of the row itself (binding, running and resetting
// a statement). Queued rows are written, in the order placement made them,
// before anything else reads or writes the database (sqlWriter.flush), and
// at the end of each change, so a change still lands whole or not at all.

// batchRows is how many rows are queued per table before they are written
// (a var: BenchmarkLandFirstSync compares 1, a statement per row, with it).
var batchRows = 256

// The most rows one statement writes (a power of two; fewer are written by
// the statements for the powers of two that make up their number).
const (
	batchMaxInsert = 64  // 11 parameters a row
	batchMaxRecord = 128 // 2 parameters a row
)

// rowBatch is rows queued for one kind of statement: args holds width
// parameters per row.
type rowBatch struct {
	kind  string // the statement, by name in batchSQL
	width int
	args  []any
}

func (b *rowBatch) rows() int { return len(b.args) / b.width }

// batchSQL is each queued statement's text for n rows.
var batchSQL = map[string]func(n int) string{
	"insert": func(n int) string {
		return "INSERT INTO versions (id, item, collection, time, key, seq, created_at, retain, deleted, stub, body) VALUES " +
			placeholders(n, 11)
	},
	"setCurrent": func(n int) string {
		return "INSERT INTO records (key, current) VALUES " + placeholders(n, 2) +
			" ON CONFLICT (key) DO UPDATE SET current = excluded.current"
	},
	"setFirst": func(n int) string {
		return "INSERT INTO records (key, first) VALUES " + placeholders(n, 2) +
			" ON CONFLICT (key) DO UPDATE SET first = excluded.first"
	},
}

// placeholders is n rows of width parameters: (?, ?), (?, ?)…
func placeholders(n, width int) string {
	row := "(" + strings.Repeat("?, ", width-1) + "?)"
	return strings.Repeat(row+", ", n-1) + row
}

// queueInsert queues a version's row.
func (t *sqlWriter) queueInsert(args ...any) error {
	return t.queue(&t.inserts, "insert", args)
}

// queueRecord queues an r/ (setCurrent) or g/ (setFirst) entry. Runs of one
// kind are written together, in order.
func (t *sqlWriter) queueRecord(kind, key, id string) error {
	if t.records.kind != kind && len(t.records.args) > 0 {
		if err := t.writeBatch(&t.records); err != nil {
			return err
		}
	}
	t.records.kind, t.records.width = kind, 2
	return t.queue(&t.records, kind, []any{key, id})
}

func (t *sqlWriter) queue(b *rowBatch, kind string, args []any) error {
	b.kind, b.width = kind, len(args)
	b.args = append(b.args, args...)
	if b.rows() >= batchRows {
		return t.writeBatch(b)
	}
	return nil
}

// flush writes every queued row. Anything that reads or writes the
// database otherwise calls it first.
func (t *sqlWriter) flush() error {
	if err := t.writeBatch(&t.inserts); err != nil {
		return err
	}
	return t.writeBatch(&t.records)
}

// dropQueued forgets what a failing change queued.
func (t *sqlWriter) dropQueued() {
	t.inserts.args, t.records.args = t.inserts.args[:0], t.records.args[:0]
}

// writeBatch writes b's rows, as many to a statement as it takes.
func (t *sqlWriter) writeBatch(b *rowBatch) error {
	most := batchMaxRecord
	if b.kind == "insert" {
		most = batchMaxInsert
	}
	args := b.args
	defer func() { b.args = b.args[:0] }()
	for len(args) > 0 {
		n := 1 << (bits.Len(uint(min(len(args)/b.width, most, batchRows))) - 1)
		st, err := t.w.batchStmt(b.kind, n)
		if err != nil {
			return err
		}
		if _, err := st.Exec(args[:n*b.width]...); err != nil {
			return fmt.Errorf("%s of %d rows: %w", b.kind, n, err)
		}
		args = args[n*b.width:]
	}
	return nil
}

// batchStmt is the statement writing n rows of kind, prepared on first use
// and kept with the connection's others.
func (w *sqlWriteConn) batchStmt(kind string, n int) (*sql.Stmt, error) {
	name := fmt.Sprintf("%s*%d", kind, n)
	if st, ok := w.stmts[name]; ok {
		return st, nil
	}
	st, err := w.conn.PrepareContext(context.Background(), batchSQL[kind](n))
	if err != nil {
		return nil, fmt.Errorf("prepare %s: %w", name, err)
	}
	w.stmts[name] = st
	return st, nil
}

package versions

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
)

// known is what one change read ahead of placing its versions (05 §10.1):
// versions by id and record entries by key, kept up to date by every write
// the change makes, so placement asks the database only for what was not
// read ahead. It lives for one change: a change that fails is rolled back
// in the database, and its known set with it.
type known struct {
	held    map[string]Meta // by id; a zero Meta: known not held
	records map[string]recordEntries
}

type recordEntries struct{ current, first string }

func newKnown() *known {
	return &known{held: map[string]Meta{}, records: map[string]recordEntries{}}
}

// wrote follows one write of placement or removal: an entry the set holds
// becomes what the database now says. Entries it does not hold are read
// from the database when asked, which has the write already.
func (k *known) wrote(op Op, hasBody bool) {
	m := op.Meta
	switch op.Kind {
	case OpKeep:
		if _, ok := k.held[m.ID]; ok {
			m.HasBody = hasBody
			k.held[m.ID] = m
		}
	case OpDrop:
		if _, ok := k.held[m.ID]; ok {
			k.held[m.ID] = Meta{}
		}
	case OpSetCurrent, OpUnsetCurrent, OpSetFirst, OpUnsetFirst:
		r, ok := k.records[m.Key]
		if !ok {
			return
		}
		switch op.Kind {
		case OpSetCurrent:
			r.current = m.ID
		case OpUnsetCurrent:
			r.current = ""
		case OpSetFirst:
			r.first = m.ID
		case OpUnsetFirst:
			r.first = ""
		}
		k.records[m.Key] = r
	}
}

// readAheadChunk is how many versions one read-ahead statement asks about
// (twice as many parameters: ids and keys).
const readAheadChunk = 400

// readAhead reads at once what placing ms will ask (05 §10.1): each
// version by id, each key's r/ and g/ entries, and the version each r/
// names. One statement per readAheadChunk versions.
func (t *sqlWriter) readAhead(ms []Meta) error {
	for len(ms) > 0 {
		n := min(readAheadChunk, len(ms))
		if err := t.readAheadChunk(ms[:n]); err != nil {
			return err
		}
		ms = ms[n:]
	}
	return nil
}

func (t *sqlWriter) readAheadChunk(ms []Meta) error {
	ids, keys := make([]any, 0, len(ms)), make([]any, 0, len(ms))
	seenKey := make(map[string]bool, len(ms))
	for _, m := range ms {
		ids = append(ids, m.ID)
		if !seenKey[m.Key] {
			seenKey[m.Key] = true
			keys = append(keys, m.Key)
		}
	}
	q := `SELECT 0, id, key, collection, created_at, seq, retain, deleted, body IS NOT NULL, NULL, NULL
		FROM versions WHERE id IN (` + placeholders(1, len(ids)) + `)
		UNION ALL
		SELECT 1, r.current, v.key, v.collection, v.created_at, v.seq, v.retain, v.deleted, v.body IS NOT NULL, r.first, r.key
		FROM records r LEFT JOIN versions v ON v.id = r.current WHERE r.key IN (` + placeholders(len(ids)+1, len(keys)) + `)`
	rows, err := t.w.conn.QueryContext(context.Background(), q, append(ids, keys...)...)
	if err != nil {
		return fmt.Errorf("read ahead %d versions: %w", len(ms), err)
	}
	defer rows.Close()
	for _, id := range ids {
		t.known.held[id.(string)] = Meta{} // known not held, unless a row says
	}
	for _, key := range keys {
		t.known.records[key.(string)] = recordEntries{}
	}
	for rows.Next() {
		if err := t.known.scan(rows); err != nil {
			return fmt.Errorf("read ahead %d versions: %w", len(ms), err)
		}
	}
	return rows.Err()
}

// scan takes in one row of the read-ahead (or of the placing statement):
// kind 0 a held version, kind 1 a key's entries with the version r/ names.
func (k *known) scan(rows *sql.Rows) error {
	var which int
	var id, key, coll, created, first, rkey sql.NullString
	var seq sql.NullInt64
	var retain, deleted, hasBody sql.NullBool
	if err := rows.Scan(&which, &id, &key, &coll, &created, &seq, &retain, &deleted, &hasBody, &first, &rkey); err != nil {
		return err
	}
	if which == 1 {
		k.records[rkey.String] = recordEntries{current: id.String, first: first.String}
	}
	if key.Valid {
		k.held[id.String] = Meta{ID: id.String, Key: key.String, Collection: coll.String, CreatedAt: created.String,
			Seq: seq.Int64, Retain: retain.Bool, Deleted: deleted.Bool, HasBody: hasBody.Bool}
	}
	return nil
}

// placeholders is ?from, ?from+1, … n of them, for an IN list.
func placeholders(from, n int) string {
	var b strings.Builder
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, "?%d", from+i)
	}
	return b.String()
}

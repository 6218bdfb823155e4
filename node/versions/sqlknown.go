package versions

import (
	"database/sql"
	"fmt"

	"minca.dev/desktop/core/cjson"
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

// reserve makes an empty set's maps large enough for n versions and their
// keys at once: a change of 2,000 read ahead into maps grown entry by
// entry spent about as long growing them as SQLite spent reading
// (BenchmarkLandFirstSync at full size).
func (k *known) reserve(n int) {
	if len(k.held) == 0 {
		k.held = make(map[string]Meta, n)
	}
	if len(k.records) == 0 {
		k.records = make(map[string]recordEntries, n)
	}
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

// readAheadChunk is how many versions one read-ahead statement asks about.
const readAheadChunk = 400

// readAhead reads at once what placing ms will ask (05 §10.1): each
// version by id, each key's r/ and g/ entries, and the version each r/
// names. One statement per readAheadChunk versions.
func (t *sqlWriter) readAhead(ms []Meta) error {
	t.known.reserve(len(ms))
	for len(ms) > 0 {
		n := min(readAheadChunk, len(ms))
		if err := t.readAheadChunk(ms[:n]); err != nil {
			return err
		}
		ms = ms[n:]
	}
	return nil
}

// readAheadChunk asks the prepared readAhead statement, which takes the
// ids and the keys as two JSON arrays (json_each): one statement text for
// any number, parsed once.
func (t *sqlWriter) readAheadChunk(ms []Meta) error {
	idList, keyList := make([]string, len(ms)), make([]string, 0, len(ms))
	seenKey := make(map[string]bool, len(ms))
	for i, m := range ms {
		idList[i] = m.ID
		if !seenKey[m.Key] {
			seenKey[m.Key] = true
			keyList = append(keyList, m.Key)
		}
	}
	ids, err := jsonStrings(idList, false)
	if err != nil {
		return fmt.Errorf("read ahead %d versions: %w", len(ms), err)
	}
	keys, err := jsonStrings(keyList, false)
	if err != nil {
		return fmt.Errorf("read ahead %d versions: %w", len(ms), err)
	}
	if err := t.flush(); err != nil {
		return err
	}
	rows, err := t.st("readAhead").Query(ids, keys)
	if err != nil {
		return fmt.Errorf("read ahead %d versions: %w", len(ms), err)
	}
	defer rows.Close()
	for _, m := range ms {
		t.known.held[m.ID] = Meta{} // known not held, unless a row says
	}
	for key := range seenKey {
		t.known.records[key] = recordEntries{}
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

// jsonStrings is ss as a JSON array, for a statement that takes a list
// through json_each. It is text: SQLite would read a blob as JSONB. A
// string that is not text (cjson.AppendString refuses it) fails it, or,
// with skipBad, is left out: no id held is such a string.
func jsonStrings(ss []string, skipBad bool) (string, error) {
	n := 2
	for _, s := range ss {
		n += len(s) + 3
	}
	b := make([]byte, 1, n)
	b[0] = '['
	for _, s := range ss {
		at := len(b)
		if at > 1 {
			b = append(b, ',')
		}
		var err error
		if b, err = cjson.AppendString(b, s); err != nil {
			if !skipBad {
				return "", err
			}
			b = b[:at]
		}
	}
	return string(append(b, ']')), nil
}

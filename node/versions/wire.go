package versions

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"

	"minca.dev/desktop/core/record"
)

// Wire is a held version as a peer is sent it (05 §4 versions): its
// canonical JSON, record.Marshal of the version as kept (whole, or its
// stub), with the collection and record key it belongs to.
type Wire struct {
	ID, Collection, Key string
	JSON                []byte
}

// WireReader is a Store that reads many versions' wire forms at once from
// what it keeps, without parsing them (a sender's path: the receiver
// checks everything anyway). Stores that can do it cheaply implement it;
// callers fall back to Get and record.Marshal otherwise.
type WireReader interface {
	// Wires returns the versions with these ids as kept, in the order of
	// ids; ids not held are left out.
	Wires(ctx context.Context, ids []string) ([]Wire, error)
}

var _ WireReader = (*SQLite)(nil)

// wireChunk is how many ids one read asks for.
const wireChunk = 500

// The reads of many versions by id take the ids as one JSON array
// (json_each, jsonStrings): one parameter rather than one per id.
const (
	wiresSQL = "SELECT v.id, v.collection, v.key, v.stub, v.body FROM json_each(?) j JOIN versions v ON v.id = j.value"
	formsSQL = "SELECT v.id, v.body IS NOT NULL, v.deleted FROM json_each(?) j JOIN versions v ON v.id = j.value"
)

// Wires implements WireReader: one statement per wireChunk ids, the stored
// stub and body joined back into the version's canonical JSON.
func (s *SQLite) Wires(ctx context.Context, ids []string) ([]Wire, error) {
	out := make([]Wire, 0, len(ids))
	for len(ids) > 0 {
		n := min(wireChunk, len(ids))
		got, err := s.wireChunk(ctx, ids[:n])
		if err != nil {
			return nil, err
		}
		for _, id := range ids[:n] {
			if w, ok := got[id]; ok {
				out = append(out, w)
			}
		}
		ids = ids[n:]
	}
	return out, nil
}

func (s *SQLite) wireChunk(ctx context.Context, ids []string) (map[string]Wire, error) {
	list, _ := jsonStrings(ids, true)
	rows, err := s.db.QueryContext(ctx, wiresSQL, list)
	if err != nil {
		return nil, s.readErr(fmt.Errorf("read %d versions: %w", len(ids), err))
	}
	defer rows.Close()
	got := make(map[string]Wire, len(ids))
	for rows.Next() {
		var w Wire
		// The driver's own bytes, valid until the next row: wireOf copies
		// them once, into the version's JSON.
		var stub, body sql.RawBytes
		if err := rows.Scan(&w.ID, &w.Collection, &w.Key, &stub, &body); err != nil {
			return nil, err
		}
		if w.JSON, err = wireOf(stub, body); err != nil {
			return nil, err
		}
		got[w.ID] = w
	}
	return got, rows.Err()
}

// wireOf is the canonical JSON of a kept version, in bytes of its own: the
// stub with the body member put in its place, or, when the stub's keys
// cannot be compared byte-wise, decode and record.Marshal.
func wireOf(stub, body []byte) ([]byte, error) {
	if body == nil {
		return bytes.Clone(stub), nil
	}
	if b, ok := joinBody(stub, body); ok {
		return b, nil
	}
	v, err := decode(stub, body)
	if err != nil {
		return nil, err
	}
	return record.Marshal(v)
}

// FormsReader is a Store that says at once in which form each of many
// versions is held (Form for many ids).
type FormsReader interface {
	// Forms returns the form of each id held; ids not held are absent
	// from the map.
	Forms(ctx context.Context, ids []string) (map[string]Form, error)
}

var _ FormsReader = (*SQLite)(nil)

// Forms implements FormsReader: one statement per wireChunk ids, on the
// writing connection (sqlwriteread.go).
func (s *SQLite) Forms(ctx context.Context, ids []string) (map[string]Form, error) {
	out := make(map[string]Form, len(ids))
	for len(ids) > 0 {
		n := min(wireChunk, len(ids))
		if err := s.formsOnWriter(ctx, ids[:n], out); err != nil {
			return nil, err
		}
		ids = ids[n:]
	}
	return out, nil
}

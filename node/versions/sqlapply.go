package versions

import (
	"fmt"

	"minca.dev/desktop/core/negentropy"
)

// apply makes one write of placement or removal in the transaction.
func (t *sqlWriter) apply(op Op, c *versionCopy) error {
	hasBody, err := t.write(op, c)
	if err == nil {
		t.known.wrote(op, hasBody)
	}
	return err
}

// write makes the write; hasBody says, for OpKeep, whether the version is
// now held with its body.
func (t *sqlWriter) write(op Op, c *versionCopy) (hasBody bool, err error) {
	m := op.Meta
	var n int64
	switch op.Kind {
	case OpKeep:
		return t.keepVersion(op, c)
	case OpSetCurrent, OpSetFirst: // an upsert: always one row
		kind := "setCurrent"
		if op.Kind == OpSetFirst {
			kind = "setFirst"
		}
		n, err = 1, t.queueRecord(kind, m.Key, m.ID)
	case OpSetRetained:
		n, err = t.exec("setRetain", m.Key, m.Seq, m.ID)
	case OpUnsetCurrent:
		if n, err = t.exec("unsetCurr", m.Key); err == nil {
			_, err = t.exec("tidyRecord", m.Key)
		}
	case OpUnsetFirst:
		if n, err = t.exec("unsetFirst", m.Key); err == nil {
			_, err = t.exec("tidyRecord", m.Key)
		}
	case OpUnsetRetained:
		n, err = t.exec("unsetRetain", m.Key, m.Seq, m.ID)
	case OpDrop:
		return false, t.drop(m)
	default:
		return false, fmt.Errorf("unknown write %d: %w", op.Kind, ErrCorrupt)
	}
	if n > 0 {
		t.changed = true
	}
	return false, err
}

func (t *sqlWriter) exec(name string, args ...any) (int64, error) {
	if err := t.flush(); err != nil {
		return 0, err
	}
	res, err := t.st(name).Exec(args...)
	if err != nil {
		return 0, fmt.Errorf("%s: %w", name, err)
	}
	return res.RowsAffected()
}

// keepVersion writes a version not held, or changes the form of one held;
// hasBody says whether it is held with its body now.
func (t *sqlWriter) keepVersion(op Op, c *versionCopy) (hasBody bool, err error) {
	m := op.Meta
	t.changed = true
	if op.Held {
		var body []byte // nil: NULL, the stub
		if op.Whole && c != nil && c.meta.ID == m.ID {
			body = c.body
		}
		_, err := t.exec("setBody", body, m.ID)
		return body != nil, err
	}
	if c == nil || c.meta.ID != m.ID {
		return false, fmt.Errorf("keep %s: no copy to write: %w", m.ID, ErrCorrupt)
	}
	var body []byte
	if op.Whole {
		body = c.body
	}
	if err := t.queueInsert(m.ID, c.item[:], m.Collection, int64(c.time), m.Key, m.Seq,
		m.CreatedAt, m.Retain, m.Deleted, c.stub, body); err != nil {
		return false, err
	}
	t.deltas = append(t.deltas, itemDelta{m.Collection, negentropy.Item{Timestamp: c.time, ID: c.item}, 1})
	return body != nil, t.addSum(m.Collection, c.item, 1)
}

// drop deletes a version and its item.
func (t *sqlWriter) drop(m Meta) error {
	t.changed = true
	if err := t.flush(); err != nil {
		return err
	}
	var at int64
	if err := t.st("dropped").QueryRow(m.ID).Scan(&at); err != nil {
		return fmt.Errorf("drop %s: %w", m.ID, err)
	}
	item, err := negentropy.IDFromVersionID(m.ID)
	if err != nil {
		return fmt.Errorf("drop %s: %w: %w", m.ID, ErrCorrupt, err)
	}
	t.deltas = append(t.deltas, itemDelta{m.Collection, negentropy.Item{Timestamp: uint64(at), ID: item}, -1})
	return t.addSum(m.Collection, item, -1)
}

// sumFromBytes reads a stored sum: 32 bytes little-endian (nil: zero).
func sumFromBytes(b []byte) (negentropy.Sum, error) {
	var s negentropy.Sum
	if b == nil {
		return s, nil
	}
	if len(b) != 32 {
		return s, fmt.Errorf("stored sum of %d bytes: %w", len(b), ErrCorrupt)
	}
	for i := range s {
		for j := 7; j >= 0; j-- {
			s[i] = s[i]<<8 | uint64(b[i*8+j])
		}
	}
	return s, nil
}

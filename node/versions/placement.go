package versions

import (
	"fmt"

	"minca.dev/desktop/core/record"
)

// This file is the pure part of the store: placing a version (05 §10.1) and
// removing one, as a list of writes computed from what the store holds.
// No SQL, no maps of its own: a View says what is held, and the caller
// applies the Ops in order before placing the next version.

// Meta is what placement needs to know of a version, held or arriving.
type Meta struct {
	ID, Key, Collection, CreatedAt string
	Seq                            int64
	Retain, Deleted                bool
	// HasBody: this copy (or the held one) carries its body. A delete
	// has no body to keep, so it is whole with or without one.
	HasBody bool
}

// MetaOf describes a copy of a version.
func MetaOf(v *record.Version) Meta {
	return Meta{
		ID: v.ID, Key: v.Key, Collection: v.Collection, CreatedAt: v.CreatedAt,
		Seq: v.Seq, Retain: v.Retain, Deleted: v.Deleted, HasBody: v.HasBody,
	}
}

// Form is the form this copy would be kept in.
func (m Meta) Form() Form {
	if m.HasBody || m.Deleted {
		return Whole
	}
	return Stub
}

// supersedes is the ordering rule (02 §4.3), asked of core/record.
func (m Meta) supersedes(o Meta) bool {
	return record.Supersedes(&record.Version{ID: m.ID, Seq: m.Seq}, &record.Version{ID: o.ID, Seq: o.Seq})
}

// sameVersion: two copies with one id agree on what the id covers.
func (m Meta) sameVersion(o Meta) bool {
	return m.ID == o.ID && m.Key == o.Key && m.Collection == o.Collection &&
		m.Seq == o.Seq && m.CreatedAt == o.CreatedAt && m.Retain == o.Retain && m.Deleted == o.Deleted
}

// View is what placement reads: the store as the writes so far left it.
type View interface {
	// RecordEntries returns what r/<key> and g/<key> name ("" when unset).
	RecordEntries(key string) (current, first string, err error)
	// Held returns the held version with id, if any (HasBody: held whole).
	Held(id string) (m Meta, ok bool, err error)
}

// OpKind is one kind of write.
type OpKind int

const (
	// OpKeep: hold the version in the form Whole says, writing it and its
	// i/ entry if it is not held (05 §10.1 "keep"). A stub over a whole
	// version deletes the body. Keeping whole takes the body of the copy
	// being placed.
	OpKeep          OpKind = iota + 1
	OpSetCurrent           // r/<key> = id
	OpSetFirst             // g/<key> = id
	OpSetRetained          // h/<key>/<seq>/<id> = id
	OpUnsetCurrent         // delete r/<key>
	OpUnsetFirst           // delete g/<key>
	OpUnsetRetained        // delete h/<key>/<seq>/<id>
	OpDrop                 // delete the version and its i/ entry
)

// Op is one write of a placement or a removal.
type Op struct {
	Kind  OpKind
	Meta  Meta // the version written, named or dropped
	Whole bool // OpKeep only: the form to hold it in
	Held  bool // OpKeep only: it is held already, in the other form
}

// Place computes the writes that take in copy v (05 §10.1). It fails with
// ErrConflict when the store holds v's id as another version.
func Place(view View, v Meta) ([]Op, error) {
	held, isHeld, err := view.Held(v.ID)
	if err != nil {
		return nil, err
	}
	if isHeld && !held.sameVersion(v) {
		return nil, fmt.Errorf("place %s: %w", v.ID, ErrConflict)
	}
	cur, first, err := view.RecordEntries(v.Key)
	if err != nil {
		return nil, err
	}
	// Step 1: r/k already names V; a whole copy replaces a held stub.
	if cur == v.ID {
		if held.Form() == Stub && v.Form() == Whole {
			return []Op{{Kind: OpKeep, Meta: v, Whole: true, Held: true}}, nil
		}
		return nil, nil
	}
	var c Meta
	if cur != "" {
		var ok bool
		if c, ok, err = view.Held(cur); err != nil {
			return nil, err
		} else if !ok {
			return nil, fmt.Errorf("place %s: r/%s names %s, not held: %w", v.ID, v.Key, cur, ErrCorrupt)
		}
		// Step 2: V does not supersede C: demote V against C.
		if !v.supersedes(c) {
			return demote(v, held, isHeld, c, first), nil
		}
	}
	// Step 3: keep V, set r/k = V, demote C against V. Our choice: a stub
	// copy of a version held whole keeps the body (possible only when r/k
	// was unset by a removal).
	whole := v.Form() == Whole || (isHeld && held.Form() == Whole)
	ops := keep(v, held, isHeld, whole)
	ops = append(ops, Op{Kind: OpSetCurrent, Meta: v})
	if cur != "" {
		ops = append(ops, demote(c, c, true, v, first)...)
	}
	return ops, nil
}

// demote is "demote D against the current W" (05 §10.1); d is the copy
// being placed (or the held version itself), first what g/<key> names.
func demote(d, held Meta, isHeld bool, w Meta, first string) []Op {
	var ops []Op
	if d.Retain {
		// Keep D whole if this copy is whole or the store holds it whole.
		whole := d.Form() == Whole || (isHeld && held.Form() == Whole)
		ops = keep(d, held, isHeld, whole)
		ops = append(ops, Op{Kind: OpSetRetained, Meta: d})
	} else {
		ops = keep(d, held, isHeld, false)
	}
	if d.Seq == 0 && w.Seq > 0 && (first == "" || d.ID < first) {
		ops = append(ops, Op{Kind: OpSetFirst, Meta: d})
	}
	return ops
}

// keep writes d in the form asked, unless it is held in that form already.
func keep(d, held Meta, isHeld, whole bool) []Op {
	if d.Deleted {
		whole = true // a delete has no body to drop: it is never a stub
	}
	if isHeld && (held.Form() == Whole) == whole {
		return nil
	}
	return []Op{{Kind: OpKeep, Meta: d, Whole: whole, Held: isHeld}}
}

// Unplace computes the writes that remove the version with id (05 §10.1
// "removing"): unset r/ and g/ where they name it, unset its h/ entry, drop
// it. It promotes no other version. Nothing when id is not held.
func Unplace(view View, id string) ([]Op, error) {
	held, ok, err := view.Held(id)
	if err != nil || !ok {
		return nil, err
	}
	cur, first, err := view.RecordEntries(held.Key)
	if err != nil {
		return nil, err
	}
	var ops []Op
	if cur == id {
		ops = append(ops, Op{Kind: OpUnsetCurrent, Meta: held})
	}
	if first == id {
		ops = append(ops, Op{Kind: OpUnsetFirst, Meta: held})
	}
	if held.Retain {
		ops = append(ops, Op{Kind: OpUnsetRetained, Meta: held})
	}
	return append(ops, Op{Kind: OpDrop, Meta: held}), nil
}

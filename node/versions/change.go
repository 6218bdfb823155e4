package versions

import (
	"fmt"
)

// writer is one landing as placement sees it: what is held, with the
// writes of the changes before in the same landing, and a way to write.
type writer interface {
	View
	// apply makes one write. c is the copy being placed (nil when removing);
	// an OpKeep that keeps a version whole takes its body from c.
	apply(op Op, c *versionCopy) error
}

// prefetcher is a writer that can read at once all that placing one
// version asks (a database: one statement instead of three), and all that
// placing a change's versions asks (one statement instead of one each).
type prefetcher interface {
	prefetch(m Meta) error
	readAhead(ms []Meta) error
}

// readAheadMin is the smallest change whose versions are read ahead
// together.
const readAheadMin = 4

// applyChange runs one change against w: each version placed in turn
// (05 §10.1), then each removal. On error the caller undoes what the change
// wrote; nothing else in the landing is touched.
func applyChange(w writer, c *change) error {
	if err := c.ctx.Err(); err != nil {
		return err
	}
	p, prefetches := w.(prefetcher)
	if prefetches && len(c.put) >= readAheadMin {
		ms := make([]Meta, len(c.put))
		for i, vc := range c.put {
			ms[i] = vc.meta
		}
		if err := p.readAhead(ms); err != nil {
			return err
		}
	}
	for _, vc := range c.put {
		if prefetches {
			if err := p.prefetch(vc.meta); err != nil {
				return err
			}
		}
		ops, err := Place(w, vc.meta)
		if err != nil {
			return err
		}
		if err := applyOps(w, ops, vc); err != nil {
			return fmt.Errorf("place %s: %w", vc.meta.ID, err)
		}
	}
	for _, id := range c.remove {
		ops, err := Unplace(w, id)
		if err != nil {
			return err
		}
		if err := applyOps(w, ops, nil); err != nil {
			return fmt.Errorf("remove %s: %w", id, err)
		}
	}
	return nil
}

func applyOps(w writer, ops []Op, c *versionCopy) error {
	for _, op := range ops {
		if op.Kind == OpKeep && op.Whole && !op.Meta.Deleted && (c == nil || c.meta.ID != op.Meta.ID || c.body == nil) {
			return fmt.Errorf("keep %s whole without its body: %w", op.Meta.ID, ErrCorrupt)
		}
		if err := w.apply(op, c); err != nil {
			return err
		}
	}
	return nil
}

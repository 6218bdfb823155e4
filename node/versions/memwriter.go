package versions

import (
	"fmt"

	"minca.dev/desktop/core/negentropy"
)

// memWriter writes one change into a Memory, keeping an undo for each
// write so that a change that fails leaves nothing (05 §10.1).
type memWriter struct {
	m     *Memory
	undos []func()
}

func (w *memWriter) RecordEntries(key string) (string, string, error) {
	return w.m.st.current[key], w.m.st.first[key], nil
}

func (w *memWriter) Held(id string) (Meta, bool, error) {
	mv, ok := w.m.st.versions[id]
	if !ok {
		return Meta{}, false, nil
	}
	return mv.meta, true, nil
}

func (w *memWriter) undo() {
	for i := len(w.undos) - 1; i >= 0; i-- {
		w.undos[i]()
	}
	w.undos = nil
}

// setEntry sets or (id "") deletes an entry of a map, remembering the old.
func (w *memWriter) setEntry(m map[string]string, key, id string) {
	old, had := m[key]
	if (had && old == id) || (!had && id == "") {
		return
	}
	if id == "" {
		delete(m, key)
	} else {
		m[key] = id
	}
	w.undos = append(w.undos, func() {
		if had {
			m[key] = old
		} else {
			delete(m, key)
		}
	})
}

func (w *memWriter) setRetained(r retainedEntry, on bool) {
	st := &w.m.st
	had := st.retained[r]
	if had == on {
		return
	}
	if on {
		st.retained[r] = true
	} else {
		delete(st.retained, r)
	}
	w.undos = append(w.undos, func() {
		if had {
			st.retained[r] = true
		} else {
			delete(st.retained, r)
		}
	})
}

// setVersion puts or (nil) deletes a version, keeping its collection's
// running sum (05 §10) and dropping the cached item set.
func (w *memWriter) setVersion(id string, mv *memVersion) {
	st := &w.m.st
	old, had := st.versions[id]
	if mv == nil {
		delete(st.versions, id)
	} else {
		st.versions[id] = mv
	}
	w.adjustSum(old, had, -1)
	w.adjustSum(mv, mv != nil, 1)
	w.undos = append(w.undos, func() {
		w.adjustSum(mv, mv != nil, -1)
		w.adjustSum(old, had, 1)
		if had {
			st.versions[id] = old
		} else {
			delete(st.versions, id)
		}
	})
}

func (w *memWriter) adjustSum(mv *memVersion, present bool, sign int) {
	if !present {
		return
	}
	c := mv.meta.Collection
	s := w.m.st.sums[c]
	if sign > 0 {
		s.Sum, s.Count = s.Sum.Add(negentropy.SumOf(mv.item)), s.Count+1
	} else {
		s.Sum, s.Count = s.Sum.Sub(negentropy.SumOf(mv.item)), s.Count-1
	}
	if s.Count == 0 {
		delete(w.m.st.sums, c)
	} else {
		w.m.st.sums[c] = s
	}
	delete(w.m.vectors, c)
}

func (w *memWriter) apply(op Op, c *versionCopy) error {
	st := &w.m.st
	m := op.Meta
	switch op.Kind {
	case OpKeep:
		old, had := st.versions[m.ID]
		var mv memVersion
		if had {
			mv = *old
		} else if c == nil || c.meta.ID != m.ID {
			return fmt.Errorf("keep %s: no copy to write: %w", m.ID, ErrCorrupt)
		} else {
			mv = memVersion{meta: c.meta, item: c.item, time: c.time, stub: c.stub}
		}
		mv.meta.HasBody, mv.body = false, nil
		if op.Whole && c != nil && c.body != nil {
			mv.meta.HasBody, mv.body = true, c.body
		}
		w.setVersion(m.ID, &mv)
	case OpSetCurrent:
		w.setEntry(st.current, m.Key, m.ID)
	case OpSetFirst:
		w.setEntry(st.first, m.Key, m.ID)
	case OpSetRetained, OpUnsetRetained:
		w.setRetained(retainedEntry{m.Key, m.Seq, m.ID}, op.Kind == OpSetRetained)
	case OpUnsetCurrent:
		w.setEntry(st.current, m.Key, "")
	case OpUnsetFirst:
		w.setEntry(st.first, m.Key, "")
	case OpDrop:
		w.setVersion(m.ID, nil)
	default:
		return fmt.Errorf("unknown write %d: %w", op.Kind, ErrCorrupt)
	}
	return nil
}

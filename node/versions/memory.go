package versions

import (
	"context"
	"fmt"
	"sync"

	"minca.dev/desktop/core/negentropy"
	"minca.dev/desktop/core/record"
)

// Memory is a Store held in memory: for tests, and for a node that keeps
// nothing on disk. It keeps versions encoded as the SQLite store does, so
// what it returns is always a fresh copy.
type Memory struct {
	lander *lander

	mu      sync.RWMutex
	st      memState
	vectors map[string]*negentropy.Vector // cached Items, dropped on change
	closed  bool
}

var _ Store = (*Memory)(nil)

type memVersion struct {
	meta       Meta
	item       negentropy.ID
	time       uint64
	stub, body []byte
}

type retainedEntry struct {
	key string
	seq int64
	id  string
}

type memState struct {
	versions map[string]*memVersion
	current  map[string]string // r/
	first    map[string]string // g/
	retained map[retainedEntry]bool
	sums     map[string]CollectionSum
	gen      uint64
}

// NewMemory makes an empty store.
func NewMemory() *Memory {
	m := &Memory{
		st: memState{
			versions: map[string]*memVersion{},
			current:  map[string]string{},
			first:    map[string]string{},
			retained: map[retainedEntry]bool{},
			sums:     map[string]CollectionSum{},
		},
		vectors: map[string]*negentropy.Vector{},
	}
	m.lander = newLander(m.land)
	return m
}

// Put implements Store.
func (m *Memory) Put(ctx context.Context, vs ...*record.Version) error {
	cs, err := prepareAll(vs)
	if err != nil || len(cs) == 0 {
		return err
	}
	return m.lander.submit(&change{ctx: ctx, put: cs})
}

// Remove implements Store.
func (m *Memory) Remove(ctx context.Context, ids ...string) error {
	if len(ids) == 0 {
		return nil
	}
	return m.lander.submit(&change{ctx: ctx, remove: ids})
}

// land applies a batch under the write lock; a failing change is undone.
func (m *Memory) land(batch []*change) []error {
	m.mu.Lock()
	defer m.mu.Unlock()
	errs := make([]error, len(batch))
	for i, c := range batch {
		if m.closed {
			errs[i] = ErrClosed
			continue
		}
		w := &memWriter{m: m}
		if err := applyChange(w, c); err != nil {
			w.undo()
			errs[i] = err
			continue
		}
		if len(w.undos) > 0 {
			m.st.gen++
		}
	}
	return errs
}

// Close implements Store.
func (m *Memory) Close() error {
	m.lander.close()
	m.mu.Lock()
	m.closed = true
	m.mu.Unlock()
	return nil
}

func (m *Memory) readLocked() error {
	if m.closed {
		return ErrClosed
	}
	return nil
}

// Get implements Store.
func (m *Memory) Get(ctx context.Context, id string) (*record.Version, error) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	if err := m.readLocked(); err != nil {
		return nil, err
	}
	mv, ok := m.st.versions[id]
	if !ok {
		return nil, fmt.Errorf("version %s: %w", id, ErrNotFound)
	}
	return decode(mv.stub, mv.body)
}

// Form implements Store.
func (m *Memory) Form(ctx context.Context, id string) (Form, error) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	if err := m.readLocked(); err != nil {
		return Absent, err
	}
	mv, ok := m.st.versions[id]
	if !ok {
		return Absent, nil
	}
	return mv.meta.Form(), nil
}

// Record implements Store.
func (m *Memory) Record(ctx context.Context, key string) (Entries, error) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	if err := m.readLocked(); err != nil {
		return Entries{}, err
	}
	e := Entries{Current: m.st.current[key], First: m.st.first[key]}
	var rs []retainedEntry
	for r := range m.st.retained {
		if r.key == key {
			rs = append(rs, r)
		}
	}
	sortRetained(rs)
	for _, r := range rs {
		e.Retained = append(e.Retained, r.id)
	}
	return e, nil
}

// Current implements Store.
func (m *Memory) Current(ctx context.Context, key string) (*record.Version, error) {
	m.mu.RLock()
	id, ok := m.st.current[key]
	m.mu.RUnlock()
	if !ok {
		return nil, fmt.Errorf("record %s: %w", key, ErrNotFound)
	}
	return m.Get(ctx, id)
}

// Collection implements Store.
func (m *Memory) Collection(ctx context.Context, collection string) ([]*record.Version, error) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	if err := m.readLocked(); err != nil {
		return nil, err
	}
	var kept []*memVersion
	for _, mv := range m.st.versions {
		if mv.meta.Collection == collection {
			kept = append(kept, mv)
		}
	}
	sortByItem(kept)
	out := make([]*record.Version, len(kept))
	for i, mv := range kept {
		v, err := decode(mv.stub, mv.body)
		if err != nil {
			return nil, err
		}
		out[i] = v
	}
	return out, nil
}

// Items implements Store.
func (m *Memory) Items(ctx context.Context, collection string) (negentropy.Storage, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if err := m.readLocked(); err != nil {
		return nil, err
	}
	if v, ok := m.vectors[collection]; ok {
		return v, nil
	}
	var items []negentropy.Item
	for _, mv := range m.st.versions {
		if mv.meta.Collection == collection {
			items = append(items, negentropy.Item{Timestamp: mv.time, ID: mv.item})
		}
	}
	v, err := negentropy.NewVector(items)
	if err != nil {
		return nil, fmt.Errorf("items of %s: %w: %w", collection, ErrCorrupt, err)
	}
	m.vectors[collection] = v
	return v, nil
}

// Sum implements Store.
func (m *Memory) Sum(ctx context.Context, collection string) (CollectionSum, error) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	return m.st.sums[collection], m.readLocked()
}

// Sums implements Store.
func (m *Memory) Sums(ctx context.Context) (map[string]CollectionSum, error) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	out := make(map[string]CollectionSum, len(m.st.sums))
	for c, s := range m.st.sums {
		out[c] = s
	}
	return out, m.readLocked()
}

// Generation implements Store.
func (m *Memory) Generation(ctx context.Context) (uint64, error) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	return m.st.gen, m.readLocked()
}

// Dump implements Store.
func (m *Memory) Dump(ctx context.Context) (Dump, error) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	d := newDump()
	for k, id := range m.st.current {
		d.Entries[currentEntry(k)] = id
	}
	for k, id := range m.st.first {
		d.Entries[firstEntry(k)] = id
	}
	for r := range m.st.retained {
		d.Entries[retainedEntryKey(r.key, r.seq, r.id)] = r.id
	}
	for id, mv := range m.st.versions {
		d.Entries[itemEntry(mv.meta.Collection, mv.time, id)] = id
		d.Versions[id] = mv.meta.Form()
	}
	for c, s := range m.st.sums {
		d.Sums[c] = s
	}
	return d, m.readLocked()
}

// Landings is how many writes the store made so far (05 §10.1).
func (m *Memory) Landings() uint64 { return m.lander.landings() }

package segments

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"

	"minca.dev/desktop/core/record"
	"minca.dev/desktop/node/blobstore"
	"minca.dev/desktop/node/folder"
	"minca.dev/desktop/node/versions"
)

// Limits of this store writer (05 §16.4 leaves them to it).
const (
	MaxPerSegment = 500
	CompactAt     = 8
)

// Config makes a Mirror.
type Config struct {
	Blobs   blobstore.Store
	SpaceID string
	Store   versions.Store // what this client keeps of the space
	Gate    Gate           // the gatekeeper over Store
	State   StateStore     // this store writer's state, outside Blobs
	// PerSegment overrides MaxPerSegment (tests).
	PerSegment int
}

// Mirror is one store writer of one space in one blob store (05 §16.2).
// Its methods are safe for concurrent use; they run one at a time.
type Mirror struct {
	cfg Config
	mu  sync.Mutex
	st  State
}

// Open loads the store writer's state, making a new random id on first use.
func Open(cfg Config) (*Mirror, error) {
	if err := folder.CheckSegment(cfg.SpaceID); err != nil {
		return nil, fmt.Errorf("mirror: space id: %w", err)
	}
	st, err := cfg.State.Load()
	if err != nil {
		return nil, err
	}
	st = clone(st)
	if st.WriterID == "" {
		if st.WriterID, err = NewWriterID(); err != nil {
			return nil, err
		}
		if err := cfg.State.Save(st); err != nil {
			return nil, err
		}
	}
	if !ValidWriterID(st.WriterID) {
		return nil, fmt.Errorf("mirror: saved writer id %q is not 32 lower-case hex", st.WriterID)
	}
	if cfg.PerSegment <= 0 {
		cfg.PerSegment = MaxPerSegment
	}
	return &Mirror{cfg: cfg, st: st}, nil
}

// WriterID is this store writer's id.
func (m *Mirror) WriterID() string { return m.st.WriterID }

func (m *Mirror) ownPrefix() string { return m.cfg.SpaceID + "/" + m.st.WriterID + "/" }

// Push uploads every version the store keeps that is not known to be in the
// blob store, and marks them known (05 §16.4). It returns how many went up.
func (m *Mirror) Push(ctx context.Context) (int, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	all, err := m.kept(ctx)
	if err != nil {
		return 0, err
	}
	var out []*record.Version
	for _, v := range all {
		if m.st.Known[v.ID] < versions.MetaOf(v).Form() {
			out = append(out, v)
		}
	}
	if err := m.upload(ctx, out); err != nil {
		return 0, err
	}
	return len(out), nil
}

// kept is every version the store keeps, as kept, in id order.
func (m *Mirror) kept(ctx context.Context) ([]*record.Version, error) {
	sums, err := m.cfg.Store.Sums(ctx)
	if err != nil {
		return nil, fmt.Errorf("push: %w", err)
	}
	var all []*record.Version
	for c := range sums {
		vs, err := m.cfg.Store.Collection(ctx, c)
		if err != nil {
			return nil, fmt.Errorf("push: collection %s: %w", c, err)
		}
		all = append(all, vs...)
	}
	sort.Slice(all, func(i, j int) bool { return all[i].ID < all[j].ID })
	return all, nil
}

// upload writes vs as new segments of this store writer, saving the state
// after each one.
func (m *Mirror) upload(ctx context.Context, vs []*record.Version) error {
	for start := 0; start < len(vs); start += m.cfg.PerSegment {
		chunk := vs[start:min(start+m.cfg.PerSegment, len(vs))]
		data, err := Encode(chunk)
		if err != nil {
			return err
		}
		counter := m.st.Counter + 1
		key := m.ownPrefix() + Name(counter, data)
		if err := m.cfg.Blobs.Put(ctx, key, data); err != nil {
			return fmt.Errorf("push: %w", err)
		}
		m.st.Counter = counter
		for _, v := range chunk {
			m.st.Known[v.ID] = versions.MetaOf(v).Form()
		}
		if err := m.cfg.State.Save(m.st); err != nil {
			return fmt.Errorf("push: %w", err)
		}
	}
	return nil
}

// Close pushes what is left (05 §16.4: push on close).
func (m *Mirror) Close(ctx context.Context) error {
	_, err := m.Push(ctx)
	return err
}

// Compact rewrites this store writer's own segments into as few as hold
// what its store still keeps, stubs where it keeps stubs, then deletes the
// old ones (05 §16.4). It does nothing below two segments unless force is
// false and fewer than CompactAt exist. It returns the segments deleted.
func (m *Mirror) Compact(ctx context.Context, force bool) (int, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	keys, err := m.cfg.Blobs.List(ctx, m.ownPrefix())
	if err != nil {
		return 0, fmt.Errorf("compact: %w", err)
	}
	var old []string
	for _, k := range keys {
		if _, _, ok := ParseName(strings.TrimPrefix(k, m.ownPrefix())); ok {
			old = append(old, k)
		}
	}
	if len(old) < 2 || (!force && len(old) < CompactAt) {
		return 0, nil
	}
	seen := map[string]bool{}
	var keep []*record.Version
	for _, k := range old {
		data, err := m.cfg.Blobs.Get(ctx, k)
		if errors.Is(err, blobstore.ErrNotFound) {
			continue
		}
		if err != nil {
			return 0, fmt.Errorf("compact: %w", err)
		}
		entries, _, _ := Decode(data)
		for _, e := range entries {
			id := e["id"].(string)
			if seen[id] {
				continue
			}
			seen[id] = true
			v, err := m.cfg.Store.Get(ctx, id)
			if errors.Is(err, versions.ErrNotFound) {
				continue
			}
			if err != nil {
				return 0, fmt.Errorf("compact: %w", err)
			}
			keep = append(keep, v)
		}
	}
	sort.Slice(keep, func(i, j int) bool { return keep[i].ID < keep[j].ID })
	if err := m.upload(ctx, keep); err != nil {
		return 0, err
	}
	for _, k := range old {
		if err := m.cfg.Blobs.Delete(ctx, k); err != nil {
			return 0, fmt.Errorf("compact: %w", err)
		}
	}
	return len(old), nil
}

// DeleteSpace deletes a space from a blob store: every key under
// <space id>/ and under files/<space id>/ (05 §16.4), whoever wrote it.
func DeleteSpace(ctx context.Context, blobs blobstore.Store, spaceID string) error {
	if err := folder.CheckSegment(spaceID); err != nil {
		return fmt.Errorf("delete space: %w", err)
	}
	for _, prefix := range []string{spaceID + "/", "files/" + spaceID + "/"} {
		keys, err := blobs.List(ctx, prefix)
		if err != nil {
			return fmt.Errorf("delete space: %w", err)
		}
		for _, k := range keys {
			if err := blobs.Delete(ctx, k); err != nil {
				return fmt.Errorf("delete space: %w", err)
			}
		}
	}
	return nil
}

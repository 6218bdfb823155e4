package versions

import (
	"context"
	"database/sql"
	"fmt"
	"slices"

	"minca.dev/desktop/core/negentropy"
)

// itemCache keeps, per collection, the item set last built (an immutable
// negentropy Vector) and what this handle's own landings added to or dropped
// from it since. It holds for one generation: when the store's generation is
// not the one the cache followed, another handle or process wrote, and the
// cache is read again from the database (05 §10.2).
type itemCache struct {
	gen   uint64
	colls map[string]*cachedItems
}

type cachedItems struct {
	vec     *negentropy.Vector
	pending map[negentropy.Item]int // +1 added, −1 dropped since vec
}

// landed follows one of this handle's landings: gen is the generation it
// moved to. If the cache followed the generation just before, the deltas
// carry it forward; otherwise it is dropped.
func (s *SQLite) landed(gen uint64, deltas []itemDelta) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.items.gen != gen-1 {
		s.items = itemCache{gen: gen, colls: map[string]*cachedItems{}}
		return
	}
	s.items.gen = gen
	for _, d := range deltas {
		ci := s.items.colls[d.collection]
		if ci == nil {
			continue // not cached: read whole when asked
		}
		if ci.pending == nil {
			ci.pending = map[negentropy.Item]int{}
		}
		ci.pending[d.item] += d.sign
	}
}

// Items implements Store: the cached set, brought up to date with this
// handle's own landings, while the generation is the one the cache follows;
// else read again from the index (05 §10.2).
func (s *SQLite) Items(ctx context.Context, collection string) (negentropy.Storage, error) {
	tx, err := s.db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, s.readErr(err)
	}
	defer tx.Rollback()
	var n int64
	if err := tx.QueryRowContext(ctx, "SELECT n FROM generation").Scan(&n); err != nil {
		return nil, s.readErr(fmt.Errorf("read generation: %w", err))
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.items.gen != uint64(n) || s.items.colls == nil {
		s.items = itemCache{gen: uint64(n), colls: map[string]*cachedItems{}}
	}
	ci := s.items.colls[collection]
	if ci == nil {
		v, err := readItems(ctx, tx, collection)
		if err != nil {
			return nil, err
		}
		s.items.colls[collection] = &cachedItems{vec: v}
		return v, nil
	}
	if len(ci.pending) > 0 {
		v, err := applyDelta(ci.vec, ci.pending)
		if err != nil {
			return nil, fmt.Errorf("items of %s: %w", collection, err)
		}
		ci.vec, ci.pending = v, nil
	}
	return ci.vec, nil
}

// applyDelta builds the set of v changed by delta: old items not dropped,
// merged with those added, in order (05 §2).
func applyDelta(v *negentropy.Vector, delta map[negentropy.Item]int) (*negentropy.Vector, error) {
	var added []negentropy.Item
	for it, d := range delta {
		if d > 0 {
			added = append(added, it)
		}
	}
	slices.SortFunc(added, negentropy.Item.Compare)
	old := v.Items()
	out := make([]negentropy.Item, 0, len(old)+len(added))
	i := 0
	for _, it := range old {
		for i < len(added) && added[i].Compare(it) < 0 {
			out = append(out, added[i])
			i++
		}
		if delta[it] < 0 {
			continue
		}
		out = append(out, it)
	}
	out = append(out, added[i:]...)
	return negentropy.NewVector(out)
}

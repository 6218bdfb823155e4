package netsync

import (
	"context"

	"minca.dev/desktop/core/access"
	"minca.dev/desktop/core/judge"
	"minca.dev/desktop/core/negentropy"
	"minca.dev/desktop/core/record"
	"minca.dev/desktop/core/space"
	"minca.dev/desktop/core/spacekey"
	"minca.dev/desktop/node/versions"
)

// view is what the gate reads of a space's replay (03 §4.6): who reads it
// now, its former members (03 §9.2), whether a key change is due, the
// current read key (04 §6.3) and the keepers (03 §10). A view is never
// changed once made; a new one replaces it.
type view struct {
	readers map[string]bool
	former  map[string]bool
	keyDue  bool
	current string // the current read key's DID; "" in a public space
	keys    []access.KeyEntry
	keepers []space.Keeper
}

func newView(h *access.History, private bool) *view {
	st := h.Current()
	v := &view{readers: set(st.Readers()), former: set(spacekey.FormerMembers(h)), keyDue: h.KeyDue()}
	if private {
		v.keys = st.Keys()
		if n := len(v.keys); n > 0 {
			v.current = v.keys[n-1].ReadKey
		}
	}
	ks, _ := st.Keepers()
	for _, k := range ks {
		v.keepers = append(v.keepers, space.Keeper{DID: k.DID, Name: k.Name})
	}
	return v
}

// keeperName is the name the space gives the keeper whose DID is did
// (03 §10); "" for a node that keeps nothing.
func (v *view) keeperName(did string) string {
	if v == nil {
		return ""
	}
	for _, k := range v.keepers {
		if k.DID == did {
			return k.Name
		}
	}
	return ""
}

func set(list []string) map[string]bool {
	m := make(map[string]bool, len(list))
	for _, s := range list {
		m[s] = true
	}
	return m
}

// admits says whether an account may have anything of the space (03 §9.2,
// 04 §6.3). on is the read key an inbound peer proved ("" for a node this
// one dialled, or a public space). A former member is refused, but for one
// that proved the current read key while no key change is due: it holds
// the key only if a reader gave it since (a new invite, 03 §7.4), and it
// is then let in as any holder of an invite, so that its join, which
// re-adds it (03 §4.3), can land.
func (v *view) admits(account, on string) bool {
	if account == "" {
		return false
	}
	if v.former[account] && (on == "" || on != v.current || v.keyDue) {
		return false
	}
	if on != "" && on != v.current && !v.readers[account] {
		return false // admitted on an old key, and no reader now (04 §6.3)
	}
	return true
}

// joined lists the readers of v that were not readers of old.
func (v *view) joined(old *view) []string {
	var out []string
	for a := range v.readers {
		if !old.readers[a] {
			out = append(out, a)
		}
	}
	return out
}

// replayStore builds the replay of every access version the store keeps,
// as node/syncer's Space does (03 §3.3, §4).
func replayStore(ctx context.Context, sp *space.Space, st versions.Store) (*access.History, error) {
	h, err := access.NewHistory(judge.GenesisOf(sp))
	if err != nil {
		return nil, err
	}
	sums, err := st.Sums(ctx)
	if err != nil {
		return nil, err
	}
	for c := range sums {
		if !record.IsAccessCollection(c) {
			continue
		}
		vs, err := st.Collection(ctx, c)
		if err != nil {
			return nil, err
		}
		evs, _ := judge.EventsFromVersions(vs, judge.Space{ID: sp.ID})
		if err := h.Add(evs...); err != nil {
			return nil, err
		}
	}
	return h, nil
}

// watched is a space's store as the engine sees it: every Put that lands an
// access version tells the Manager before Put returns, so the gate answers
// from the new replay before the engine sends anything more (03 §9.2);
// every Put takes what it stored out of the versions still to come
// (coming.go).
type watched struct {
	versions.Store
	onAccess func([]*record.Version)
	coming   coming
}

func (w *watched) Put(ctx context.Context, vs ...*record.Version) error {
	if err := w.Store.Put(ctx, vs...); err != nil {
		return err
	}
	var acc []*record.Version
	ids := make([]negentropy.ID, 0, len(vs))
	for _, v := range vs {
		if record.IsAccessCollection(v.Collection) {
			acc = append(acc, v)
		}
		if id, err := negentropy.IDFromVersionID(v.ID); err == nil {
			ids = append(ids, id)
		}
	}
	w.coming.gone(ids)
	if len(acc) > 0 {
		w.onAccess(acc)
	}
	return nil
}

// manyReader is a store that reads many versions at once (node/versions'
// SQLite): the engine's sender and intake use those reads when the store
// they see offers them.
type manyReader interface {
	versions.WireReader
	versions.FormsReader
}

// watchedMany is watched over a store that reads many at once, passing
// those reads through so the engine still finds them.
type watchedMany struct {
	*watched
	r manyReader
}

func (w watchedMany) Wires(ctx context.Context, ids []string) ([]versions.Wire, error) {
	return w.r.Wires(ctx, ids)
}

func (w watchedMany) Forms(ctx context.Context, ids []string) (map[string]versions.Form, error) {
	return w.r.Forms(ctx, ids)
}

// forEngine is w as the engine is given it: with the store's many-at-once
// reads when it has them.
func (w *watched) forEngine() versions.Store {
	if r, ok := w.Store.(manyReader); ok {
		return watchedMany{watched: w, r: r}
	}
	return w
}

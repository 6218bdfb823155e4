package runtime

import (
	"context"
	"sync"
	"sync/atomic"

	"minca.dev/desktop/core/access"
	"minca.dev/desktop/core/enc"
	"minca.dev/desktop/core/judge"
	"minca.dev/desktop/core/negentropy"
	"minca.dev/desktop/core/record"
	"minca.dev/desktop/node/versions"
)

// maxStep is how many versions new to the store are fetched one by one and
// added to the kept replay; with more (a first sync, say), the access
// collections are read whole and replayed anew.
const maxStep = 256

// spaceReplayLocked finds a held space (spaceLocked) and replays its access
// history as the store holds it now (held.replay): what every call that
// reads or changes a space's members, roles, invites or keepers starts
// from. A store that cannot be read is CodeInternal.
func (n *Node) spaceReplayLocked(ctx context.Context, id string) (*held, *access.History, error) {
	h, err := n.spaceLocked(id)
	if err != nil {
		return nil, nil, err
	}
	hist, err := h.replay(ctx)
	if err != nil {
		return nil, nil, internal(err)
	}
	return h, hist, nil
}

// keptReplay is one space's access history (03 §4), replayed once and
// advanced by the access versions the store takes in since: a write costs
// the versions it adds, not a read and replay of every one (03 §4: the
// replay is a function of the set of events, whatever order they arrive
// in, so adding the new ones to the kept replay is replaying the whole;
// core/access's tests hold History.Add to that, in every arrival order).
//
// It follows the store by its running sums (05 §3.3): an access collection
// whose sum moved is listed by its items, and the items not taken in yet
// are read and added. It replays whole instead when an item it took in is
// no longer there (a removal: History never forgets an event), when some
// access version was held as a stub (a body arriving later leaves the sum
// as it was), and past maxStep new versions.
type keptReplay struct {
	mu    sync.Mutex
	hist  *access.History // never handed out: callers get a Clone
	sums  map[string]versions.CollectionSum
	items map[string]map[negentropy.ID]bool // taken in, per access collection
	stubs bool
	// wholes and steps count whole replays and advances; tests read them.
	wholes, steps atomic.Int64
	// alwaysWhole replays whole at every call, as before there was a kept
	// replay: benchmarks set it to compare.
	alwaysWhole bool
}

// replay is the access history of what the store holds now (03 §4), a copy
// of the kept replay brought up to date: the caller may read it and add to
// it (a change it is only trying out) without touching the kept one or the
// engine's. Safe for concurrent use (the engine's opener asks through
// keys.keyring).
func (h *held) replay(ctx context.Context) (*access.History, error) {
	k := &h.kept
	k.mu.Lock()
	defer k.mu.Unlock()
	sums, err := h.store.Sums(ctx) // before any item is read: see keptReplay
	if err != nil {
		return nil, err
	}
	sums = accessSums(sums)
	if k.hist != nil && !k.stubs && !k.alwaysWhole {
		ok, err := h.advance(ctx, sums)
		if err != nil {
			return nil, err
		}
		if ok {
			k.sums = sums
			return k.hist.Clone(), nil
		}
	}
	if err := h.replayWhole(ctx, sums); err != nil {
		return nil, err
	}
	return k.hist.Clone(), nil
}

// accessSums keeps the sums of the access collections (03 §3.1).
func accessSums(all map[string]versions.CollectionSum) map[string]versions.CollectionSum {
	out := map[string]versions.CollectionSum{}
	for c, s := range all {
		if record.IsAccessCollection(c) {
			out[c] = s
		}
	}
	return out
}

// advance adds to the kept replay the versions of every access collection
// whose sum moved that it has not taken in. false: it cannot, replay whole.
func (h *held) advance(ctx context.Context, sums map[string]versions.CollectionSum) (bool, error) {
	k := &h.kept
	var fresh []negentropy.ID
	seen := map[string]bool{}
	check := func(c string) (bool, error) {
		if seen[c] {
			return true, nil
		}
		seen[c] = true
		if k.sums[c] == sums[c] {
			return true, nil
		}
		got, ok, err := h.newItems(ctx, c)
		fresh = append(fresh, got...)
		return ok && len(fresh) <= maxStep, err
	}
	for c := range sums {
		if ok, err := check(c); !ok || err != nil {
			return false, err
		}
	}
	for c := range k.sums {
		if ok, err := check(c); !ok || err != nil {
			return false, err
		}
	}
	if len(fresh) == 0 {
		return true, nil
	}
	vs := make([]*record.Version, 0, len(fresh))
	for _, id := range fresh {
		v, err := h.store.Get(ctx, enc.CIDOfDigest(id))
		if err != nil || v.IsStub() {
			return false, nil // gone since it was listed, say: read whole
		}
		vs = append(vs, v)
	}
	if err := k.hist.Add(h.events.events(vs, judge.Space{ID: h.sp.ID})...); err != nil {
		return false, err
	}
	for _, v := range vs {
		k.take(v)
	}
	k.steps.Add(1)
	return true, nil
}

// newItems lists the items of collection c not taken in yet. ok is false
// when an item taken in is gone.
func (h *held) newItems(ctx context.Context, c string) (fresh []negentropy.ID, ok bool, err error) {
	st, err := h.store.Items(ctx, c)
	if err != nil {
		return nil, false, err
	}
	known := h.kept.items[c]
	present := 0
	for i := range st.Len() {
		id := st.Item(i).ID
		if known[id] {
			present++
		} else {
			fresh = append(fresh, id)
		}
	}
	return fresh, present == len(known), nil
}

// replayWhole reads every access version the store holds and replays them
// anew; sums are the store's, read before.
func (h *held) replayWhole(ctx context.Context, sums map[string]versions.CollectionSum) error {
	k := &h.kept
	var vs []*record.Version
	for c := range sums {
		cv, err := h.store.Collection(ctx, c)
		if err != nil {
			return err
		}
		vs = append(vs, cv...)
	}
	hist, err := access.Replay(judge.GenesisOf(h.sp), h.events.events(vs, judge.Space{ID: h.sp.ID}))
	if err != nil {
		return err
	}
	k.hist, k.sums, k.items, k.stubs = hist, sums, map[string]map[negentropy.ID]bool{}, false
	for _, v := range vs {
		k.take(v)
	}
	k.wholes.Add(1)
	return nil
}

// take notes that v is taken in.
func (k *keptReplay) take(v *record.Version) {
	if v.IsStub() {
		k.stubs = true
	}
	id, err := negentropy.IDFromVersionID(v.ID)
	if err != nil {
		return // the store holds only version ids (05 §2)
	}
	if k.items[v.Collection] == nil {
		k.items[v.Collection] = map[negentropy.ID]bool{}
	}
	k.items[v.Collection][id] = true
}

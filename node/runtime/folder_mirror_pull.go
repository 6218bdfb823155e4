package runtime

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"minca.dev/desktop/core/record"
	"minca.dev/desktop/node/api"
	"minca.dev/desktop/node/segments"
	"minca.dev/desktop/node/syncer"
	"minca.dev/desktop/node/versions"
)

// pullDue pulls from the folder and sets when to pull next: mirrorPullMin
// after a pull that took something in, doubling up to mirrorPullMax while
// nothing comes or pulls fail. g is the store's generation before the pull.
func (sm *spaceMirror) pullDue(ctx context.Context, now time.Time, g uint64) {
	res, err := sm.m.Pull(ctx)
	sm.pulls.add(res)
	after, gerr := sm.h.store.Generation(ctx)
	switch {
	case err != nil || gerr != nil:
		sm.lastErr = errors.Join(err, gerr)
		sm.pullEvery = min(2*sm.pullEvery, mirrorPullMax)
	case after != g:
		// Something came in; look again soon. What came in is known in
		// the folder already, but a local write may have landed during
		// the pull: the next step pushes (only what is not known).
		sm.seenGen = after
		sm.pullEvery = mirrorPullMin
	default:
		sm.pullEvery = min(2*sm.pullEvery, mirrorPullMax)
	}
	sm.nextPull = now.Add(sm.pullEvery)
}

// pullCounts adds up a space mirror's pull results (api.FolderPulls): what
// came from the folder, and what was turned away, counted as everything
// from outside is. The mirror loop adds; a sync status reads.
type pullCounts struct {
	mu sync.Mutex
	c  api.FolderPulls
}

func (p *pullCounts) add(r segments.PullResult) {
	p.mu.Lock()
	defer p.mu.Unlock()
	c := &p.c
	c.Pulls++
	c.Segments += r.Segments
	c.Stored += r.Stored
	c.Refused += r.Refused
	c.Skipped += r.Skipped
	c.Empty += r.Empty
	c.BadHash += r.BadHash
	c.BadKey += r.BadKey
}

// get is a copy of the counts, nil before the first pull.
func (p *pullCounts) get() *api.FolderPulls {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.c.Pulls == 0 {
		return nil
	}
	c := p.c
	return &c
}

// withFolderPullsLocked gives each space of st that the node mirrors into
// the data folder the counts of its pulls from there.
func (n *Node) withFolderPullsLocked(st api.SyncStatus) api.SyncStatus {
	for i, s := range st.Spaces {
		h := n.spaces[s.SpaceID]
		if h == nil && n.registry != nil && n.registry.sp.ID == s.SpaceID {
			h = n.registry
		}
		if h == nil {
			continue
		}
		if sm := h.mirror.Load(); sm != nil {
			st.Spaces[i].Folder = sm.pulls.get()
		}
	}
	return st
}

// engineGate is segments.Gate over a held space's engine: each version
// read from the folder goes through Engine.Write, the gatekeeper of 05 §8
// under the engine's lock (the one sync's intake uses), unless the store
// holds the very same bytes already.
type engineGate struct {
	eng   *syncer.Engine
	store versions.Store
}

// Offer implements segments.Gate. Engine.Write says why a version was not
// taken only in its error text ("<id>: later…" when it waits on versions
// not held yet, 02 §9.5): syncer has no typed error or sentinel for Later
// (ErrNotTaken covers every answer), so the text is matched, and
// TestEngineGateOfferWaitsForPredecessor fails if it changes. A store that
// refused it counts as refused.
func (g engineGate) Offer(ctx context.Context, vs []*record.Version) ([]segments.Outcome, error) {
	out := make([]segments.Outcome, len(vs))
	for i, v := range vs {
		if g.sameAsHeld(ctx, v) {
			out[i] = segments.Stored
			continue
		}
		err := g.eng.Write(ctx, v)
		switch {
		case err == nil:
			out[i] = segments.Stored
		case errors.Is(err, syncer.ErrNotTaken):
			out[i] = segments.Refused
			if strings.Contains(err.Error(), v.ID+": "+record.Later.String()) {
				out[i] = segments.Waiting
			}
		default:
			return nil, fmt.Errorf("take %s from the folder: %w", v.ID, err)
		}
	}
	return out, nil
}

// sameAsHeld says whether the store holds v byte for byte (or v is the
// stub of what it holds): a copy that only shares an id is judged.
func (g engineGate) sameAsHeld(ctx context.Context, v *record.Version) bool {
	held, err := g.store.Get(ctx, v.ID)
	if err != nil {
		return false
	}
	if v.IsStub() && !held.IsStub() {
		held = held.Stub()
	}
	a, err1 := record.Marshal(v)
	b, err2 := record.Marshal(held)
	return err1 == nil && err2 == nil && string(a) == string(b)
}

package segments

import (
	"bytes"
	"context"
	"fmt"
	"sync"
	"time"

	"minca.dev/desktop/core/record"
	"minca.dev/desktop/node/syncer"
)

// Outcome is what the gatekeeper made of one version offered from a segment.
type Outcome int

const (
	// Stored: let in and written (or held already as good a copy).
	Stored Outcome = iota + 1
	// Waiting: it needs versions not held yet (05 §8 later); offered again.
	Waiting
	// Refused: it will never go in (05 §8).
	Refused
)

// Gate is the gatekeeper (05 §8) as a pull needs it: every version read from
// a segment goes through it, like one from a peer.
type Gate interface {
	// Offer judges a batch, each version seeing those let in before it, and
	// writes those let in as one change. It returns one outcome per version.
	Offer(ctx context.Context, vs []*record.Version) ([]Outcome, error)
}

// SpaceGate is the Gate over node/syncer's Space: Judge, Accept, Flush,
// exactly as the sync engine takes in a peer's versions (stands and
// withdrawn go in, later waits, anything else is refused). A Space is not
// safe for concurrent use: whoever else uses it must hold Lock too.
type SpaceGate struct {
	Space *syncer.Space
	Now   func() time.Time
	Lock  *sync.Mutex
}

// Offer implements Gate.
func (g SpaceGate) Offer(ctx context.Context, vs []*record.Version) ([]Outcome, error) {
	if g.Lock != nil {
		g.Lock.Lock()
		defer g.Lock.Unlock()
	}
	now := time.Now()
	if g.Now != nil {
		now = g.Now()
	}
	out := make([]Outcome, len(vs))
	accepted := map[string][]int{}
	batch := map[string]*record.Version{}
	for i, v := range vs {
		if g.Space.Held(ctx, v) && g.sameAsHeld(ctx, v, batch[v.ID]) {
			out[i] = Stored
			continue
		}
		switch verdict := g.Space.Judge(ctx, v, now, false); verdict.Answer {
		case record.Stands, record.Withdrawn:
			if err := g.Space.Accept(v); err != nil {
				return nil, fmt.Errorf("accept %s: %w", v.ID, err)
			}
			out[i] = Stored
			accepted[v.ID] = append(accepted[v.ID], i)
			batch[v.ID] = v
		case record.Later:
			out[i] = Waiting
		default:
			out[i] = Refused
		}
	}
	failed, err := g.Space.Flush(ctx)
	if err != nil {
		return nil, fmt.Errorf("flush: %w", err)
	}
	for _, id := range failed {
		for _, i := range accepted[id] {
			out[i] = Refused
		}
	}
	return out, nil
}

// sameAsHeld says whether v is byte for byte the copy held (or its stub):
// a copy from the folder that only shares a held version's id is judged,
// not taken as held, so a tampered duplicate is refused and never counted
// as known (05 §16.4: the blob store cannot forge versions).
func (g SpaceGate) sameAsHeld(ctx context.Context, v, inBatch *record.Version) bool {
	held := inBatch
	if held == nil {
		var err error
		if held, err = g.Space.Store().Get(ctx, v.ID); err != nil {
			return false
		}
	}
	if v.IsStub() && !held.IsStub() {
		held = held.Stub()
	}
	a, err1 := record.Marshal(v)
	b, err2 := record.Marshal(held)
	return err1 == nil && err2 == nil && bytes.Equal(a, b)
}

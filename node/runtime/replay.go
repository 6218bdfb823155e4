package runtime

import (
	"context"

	"minca.dev/desktop/core/access"
	"minca.dev/desktop/core/judge"
	"minca.dev/desktop/core/record"
)

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

// replay is the access history of what the store holds now (03 §4), read
// afresh so no caller shares the engine's own replay.
func (h *held) replay(ctx context.Context) (*access.History, error) {
	sums, err := h.store.Sums(ctx)
	if err != nil {
		return nil, err
	}
	var vs []*record.Version
	for c := range sums {
		if !record.IsAccessCollection(c) {
			continue
		}
		cv, err := h.store.Collection(ctx, c)
		if err != nil {
			return nil, err
		}
		vs = append(vs, cv...)
	}
	events := h.events.events(vs, judge.Space{ID: h.sp.ID})
	return access.Replay(judge.GenesisOf(h.sp), events)
}

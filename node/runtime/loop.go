package runtime

import (
	"context"
	"time"

	"minca.dev/desktop/core/spacekey"
)

// loopEvery is how often the node's background loop runs.
const loopEvery = 500 * time.Millisecond

// loop runs until the node closes: it follows the registry, and tells
// watchers about spaces whose store changed through sync (Watch deltas).
// The engines are ticked by node/netsync, or by the Hub.
func (n *Node) loop(stop <-chan struct{}) {
	defer n.bg.Done()
	n.bg.Add(1)
	go n.mirrorLoop(stop)
	t := time.NewTicker(loopEvery)
	defer t.Stop()
	gens := map[string]uint64{}
	for {
		select {
		case <-stop:
			return
		case <-t.C:
		}
		n.noticeChanges(gens)
	}
}

// noticeChanges emits a space event for each space whose store generation
// moved since the last look, and follows the registry when it moved.
func (n *Node) noticeChanges(gens map[string]uint64) {
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.closed || n.acct == nil {
		return
	}
	ctx := context.Background()
	if r := n.registry; r != nil {
		if g, err := r.store.Generation(ctx); err == nil && g != gens[r.sp.ID] {
			gens[r.sp.ID] = g
			n.followLocked(ctx)
		}
	}
	for id, h := range n.spaces {
		g, err := h.store.Generation(ctx)
		if err != nil || g == gens[id] {
			continue
		}
		gens[id] = g
		n.keyDueLocked(ctx, h)
		n.emitSpaceLocked(ctx, h)
	}
}

// keyDueLocked changes a private space's key when a change is due and this
// account should make it (03 §9.3: e.g. after a member left by itself).
func (n *Node) keyDueLocked(ctx context.Context, h *held) {
	if !h.private() {
		return
	}
	hist, err := h.replay(ctx)
	if err != nil {
		return
	}
	ring, err := h.keys.keyring(ctx)
	if err != nil || !spacekey.ShouldChange(hist, ring, n.acct.DID()) {
		return
	}
	n.changeKeyLocked(ctx, h)
}

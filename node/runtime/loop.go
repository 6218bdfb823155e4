package runtime

import (
	"context"
	"time"

	"minca.dev/desktop/core/spacekey"
	"minca.dev/desktop/node/syncer"
)

// loopEvery is how often the node's background loop runs.
const loopEvery = 500 * time.Millisecond

// loop runs until the node closes: it ticks the engines on node sockets
// (hellos, retries and timeouts of 05 §6; the Hub ticks its own), follows
// the registry, and tells watchers about spaces whose store changed
// through sync (Watch deltas).
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
		for _, e := range n.engines() {
			e.Tick(context.Background())
		}
		n.noticeChanges(gens)
	}
}

// engines are the engines to tick: those on node sockets.
func (n *Node) engines() []*syncer.Engine {
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.sock == nil || n.paused {
		return nil
	}
	var out []*syncer.Engine
	for _, h := range n.spaces {
		out = append(out, h.eng)
	}
	if n.registry != nil {
		out = append(out, n.registry.eng)
	}
	return out
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

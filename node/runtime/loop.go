package runtime

import (
	"context"
	"time"
)

// The node's loop wakes when a held space's store lands a change (wake.go),
// at once but at most once per loopEvery, the pace it once polled at; what
// no notice tells, a change another process made to a store (05 §10.2), it
// looks for loopEvery after a change, then less often, doubling up to
// loopIdle while nothing changes (our choice: a few looks a minute at
// rest; another process's write is seen within loopIdle).
const (
	loopEvery = 500 * time.Millisecond
	loopIdle  = 8 * time.Second
)

// loop runs until the node closes: it follows the registry, and tells
// watchers about spaces whose store changed through sync (Watch deltas).
// The engines are ticked by node/netsync, or by the Hub.
func (n *Node) loop(stop <-chan struct{}) {
	defer n.bg.Done()
	n.bg.Add(1)
	go n.mirrorLoop(stop)
	n.bg.Add(1)
	go n.refusalLoop(stop) // removal.go
	wt := &waiter{name: "loop", w: n.wake, notice: n.wake.loop, pace: loopEvery, last: n.wake.now()}
	b := newBackoff(loopEvery, loopIdle)
	gens := map[string]uint64{}
	for wt.wait(stop, b.cur) {
		moved := n.noticeChanges(gens)
		b.looked(moved || n.keysDue()) // a due key change is looked at again soon (keydue.go)
	}
}

// noticeChanges emits a space event for each space whose store generation
// moved since the last look, and follows the registry when it moved. It
// says whether any moved.
func (n *Node) noticeChanges(gens map[string]uint64) bool {
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.closed || n.acct == nil {
		return false
	}
	ctx := context.Background()
	moved := false
	if r := n.registry; r != nil {
		if g, err := r.store.Generation(ctx); err == nil && g != gens[r.sp.ID] {
			gens[r.sp.ID] = g
			moved = true
			n.followLocked(ctx)
		}
	}
	for id, h := range n.spaces {
		g, err := h.store.Generation(ctx)
		if err != nil || g == gens[id] {
			if err == nil && !h.dueSince.IsZero() {
				n.keyDueLocked(ctx, h) // due for a while now? (keydue.go)
			}
			continue
		}
		gens[id] = g
		moved = true
		n.keyDueLocked(ctx, h)
		n.finishJoinLocked(ctx, h)      // a kept join whose invite arrived (join_pending.go)
		n.dropClosedLinksLocked(ctx, h) // a closed invite's secret goes (invitelinks.go)
		n.emitSpaceLocked(ctx, h)
	}
	if moved && n.moved != nil {
		close(n.moved)
		n.moved = nil
	}
	return moved
}

// movedLocked is closed when the loop next finds a store moved.
func (n *Node) movedLocked() <-chan struct{} {
	if n.moved == nil {
		n.moved = make(chan struct{})
	}
	return n.moved
}

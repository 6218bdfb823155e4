package runtime

import (
	"context"
	"time"

	"minca.dev/desktop/core/access"
	"minca.dev/desktop/core/record"
	"minca.dev/desktop/node/api"
	"minca.dev/desktop/node/netsync"
)

// How the node notices that the account lost its place in a space (03 §9,
// api.Removal). Peers send a former member nothing, the removal itself
// included (03 §9.2, 04 §9.3): a removed node mostly learns of it by the
// computers it dials refusing it (close 4003, 04 §5.3), which no store
// change tells. refusalLoop looks when node/netsync tells of a peer come
// or gone and when a space opens (wake.go), then again refusalEvery after,
// doubling up to refusalIdle (a dial's close lands in its standing just
// after the peer's going is told); past that it waits for a notice alone,
// unless a dial is still connecting or backing off: a refusal of a new
// dial is told by nothing, so while one is, it looks every refusalIdle.
// When the removal does reach the node (e.g. it was written while the
// node was connected to someone who had not yet seen it), its summary
// says who and when as soon as the store lands it (loop.go's space events).
const (
	refusalEvery = 500 * time.Millisecond
	refusalIdle  = 8 * time.Second
)

// removalLocked is how h's summary says the account lost its place: nil
// while it has one as far as this node can tell.
func (n *Node) removalLocked(ctx context.Context, h *held, hist *access.History) *api.Removal {
	me := n.acct.DID()
	var r *api.Removal
	if !hist.Current().IsMember(me) {
		r = n.removedByLocked(ctx, h, hist, me)
	}
	if n.refusedLocked(h) {
		if r == nil {
			r = &api.Removal{}
		}
		r.Refused = true
	}
	return r
}

// removedByLocked finds the latest applied removal of me by another
// account (03 §2.5; leaving is the account's own).
func (n *Node) removedByLocked(ctx context.Context, h *held, hist *access.History, me string) *api.Removal {
	var last *access.Event
	for _, ev := range hist.Reductions(me) {
		if ev.Kind == access.KindRemove && ev.DID == me && ev.Root != me {
			last = &ev
		}
	}
	if last == nil {
		return nil
	}
	r := &api.Removal{By: last.Root, ByName: profileName(ctx, h, last.Root)}
	if v, err := h.store.Get(ctx, last.ID); err == nil {
		r.At, _ = record.ParseTime(v.CreatedAt)
	}
	return r
}

// refusedLocked says whether every node the space dials refuses this one
// (on sockets only: the Hub has no gate).
func (n *Node) refusedLocked(h *held) bool {
	if n.net == nil || n.paused {
		return false
	}
	refusing, _, dialled := n.net.Refusing(h.sp.ID)
	return dialled > 0 && refusing == dialled
}

// peerNotice tells refusalLoop of a node/netsync event that may change a
// refusal: a peer came or went, sync paused or resumed.
func (n *Node) peerNotice(e api.Event) {
	if c, ok := e.Data.(netsync.Change); ok && c.What != netsync.PeerConnected && c.What != netsync.PeerDisconnected {
		return
	}
	select {
	case n.wake.refusal <- struct{}{}:
	default:
	}
}

// refusalLoop emits a space event whenever a space's refusal changes, so
// an open page says so without a store change to wake it.
func (n *Node) refusalLoop(stop <-chan struct{}) {
	defer n.bg.Done()
	refused := map[string]bool{}
	wt := &waiter{name: "refusal", w: n.wake, notice: n.wake.refusal, pace: refusalEvery, last: n.wake.now()}
	b := newBackoff(refusalEvery, refusalIdle)
	rest := true // nothing told since the backoff reached refusalIdle, no dial pending
	for {
		noticed, ok := wt.await(stop, b.cur, rest)
		if !ok {
			return
		}
		if noticed {
			b = newBackoff(refusalEvery, refusalIdle)
		}
		changed, pending := n.noticeRefusals(refused)
		b.looked(changed)
		rest = b.cur == refusalIdle && !pending
	}
}

// await returns when a notice came (noticed; but not before pace after
// the last pass) or, unless rest, d passed; ok is false when stop closed
// first.
func (wt *waiter) await(stop <-chan struct{}, d time.Duration, rest bool) (noticed, ok bool) {
	var timer <-chan time.Time
	if !rest {
		t, cancel := wt.timer(d)
		defer cancel()
		timer = t
	}
	select {
	case <-stop:
		return false, false
	case <-timer:
	case <-wt.notice:
		noticed = true
		if wait := wt.pace - wt.w.now().Sub(wt.last); wait > 0 {
			t := time.NewTimer(wait)
			defer t.Stop()
			select {
			case <-stop:
				return false, false
			case <-t.C:
			}
		}
	}
	wt.last = wt.w.now()
	return noticed, true
}

// noticeRefusals emits a space event for each space whose refusal changed
// since the last look. It says whether any did, and whether a dial of any
// space is still connecting or backing off.
func (n *Node) noticeRefusals(refused map[string]bool) (changed, pending bool) {
	n.wake.looks.Add(1)
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.closed || n.acct == nil {
		return false, false
	}
	ctx := context.Background()
	for id, h := range n.spaces {
		if n.net != nil && !n.paused {
			_, p, _ := n.net.Refusing(id)
			pending = pending || p > 0
		}
		now := n.refusedLocked(h)
		if now == refused[id] {
			continue
		}
		refused[id] = now
		changed = true
		n.emitSpaceLocked(ctx, h)
	}
	return changed, pending
}

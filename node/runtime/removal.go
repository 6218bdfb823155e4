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
// change tells. refusalLoop looks when node/netsync tells that a dialer
// connected, was refused or failed, or the nodes a space dials changed
// (NotifyDials), when sync pauses or resumes and when a space opens
// (wake.go); never on a timer, at most once per refusalEvery. When the
// removal does reach the node (e.g. it was written while the node was
// connected to someone who had not yet seen it), its summary says who and
// when as soon as the store lands it (loop.go's space events).
//
// A removed node stops retrying often (our choice, 04 §5.4): 4003 is also
// what a node answers that does not hold the space yet, so a refusal alone
// proves nothing; but once the space's access history here shows the
// account removed, or every node the space dials has refused it for
// refusedLong, the space's dialers wait refusedRetry after each refusal
// (netsync.Manager.HoldRefused), and its summary says so (RetryEvery). A
// new invitation to the space (AddNodes), Sync now, and a restart try at
// once again.
const (
	refusalEvery = 500 * time.Millisecond
	refusedLong  = 10 * time.Minute
	refusedRetry = time.Hour
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
	if r != nil && n.net != nil {
		r.RetryEvery = n.net.RefusedHold(h.sp.ID)
	}
	return r
}

// removedByLocked finds the latest applied removal of me by another
// account (03 §2.5; leaving is the account's own).
func (n *Node) removedByLocked(ctx context.Context, h *held, hist *access.History, me string) *api.Removal {
	last := lastRemoval(hist, me)
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
	refusing, dialled := n.net.Refusing(h.sp.ID)
	return dialled > 0 && refusing == dialled
}

// lastRemoval is the latest applied removal of me by another account,
// nil if none.
func lastRemoval(hist *access.History, me string) *access.Event {
	var last *access.Event
	for _, ev := range hist.Reductions(me) {
		if ev.Kind == access.KindRemove && ev.DID == me && ev.Root != me {
			last = &ev
		}
	}
	return last
}

// peerNotice tells refusalLoop of a node/netsync event that may change a
// refusal: sync paused or resumed (node/netsync tells of its dialers
// itself, NotifyDials).
func (n *Node) peerNotice(e api.Event) {
	if e.Kind != netsync.EventStatus {
		return
	}
	select {
	case n.wake.refusal <- struct{}{}:
	default:
	}
}

// refusals is what refusalLoop knows of each space since its last look.
type refusals struct {
	refused map[string]bool
	since   map[string]time.Time // when every node it dials began to refuse it
}

func newRefusals() *refusals {
	return &refusals{refused: map[string]bool{}, since: map[string]time.Time{}}
}

// refusalLoop emits a space event whenever a space's refusal or hold
// changes, so an open page says so without a store change to wake it.
func (n *Node) refusalLoop(stop <-chan struct{}) {
	defer n.bg.Done()
	rs := newRefusals()
	wt := &waiter{name: "refusal", w: n.wake, notice: n.wake.refusal, pace: refusalEvery, last: n.wake.now()}
	for wt.told(stop) {
		n.noticeRefusals(rs)
	}
}

// noticeRefusals holds back or lets go the dialers of each space as
// refusedHold says, and emits a space event for each space whose refusal
// or hold changed since the last look. It says whether any did.
func (n *Node) noticeRefusals(rs *refusals) (changed bool) {
	n.wake.looks.Add(1)
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.closed || n.acct == nil {
		return false
	}
	ctx := context.Background()
	now := n.wake.now()
	for id, h := range n.spaces {
		refused := n.refusedLocked(h)
		if !refused {
			delete(rs.since, id)
		} else {
			n.wake.sawRefused.Add(1)
			if rs.since[id].IsZero() {
				rs.since[id] = now
			}
		}
		held := n.holdBackLocked(ctx, h, refused, now.Sub(rs.since[id]))
		if refused == rs.refused[id] && !held {
			continue
		}
		rs.refused[id] = refused
		changed = true
		n.emitSpaceLocked(ctx, h)
	}
	return changed
}

// holdBackLocked sets how long the dialers of h wait after each refusal, as
// refusedHold says, and says whether that changed.
func (n *Node) holdBackLocked(ctx context.Context, h *held, refused bool, refusedFor time.Duration) bool {
	if n.net == nil || n.paused {
		return false
	}
	removed := false
	if hist, err := h.replay(ctx); err == nil {
		me := n.acct.DID()
		removed = !hist.Current().IsMember(me) && lastRemoval(hist, me) != nil
	}
	want := refusedHold(removed, refused, refusedFor)
	if n.net.RefusedHold(h.sp.ID) == want {
		return false
	}
	n.net.HoldRefused(h.sp.ID, want)
	return true
}

// refusedHold is how long a space's dialers wait after each refusal: the
// transport's backoff alone (0) until the account's removal is in the
// space's history here, or every node it dials has refused it for
// refusedLong; then refusedRetry.
func refusedHold(removed, refused bool, refusedFor time.Duration) time.Duration {
	if removed || (refused && refusedFor >= refusedLong) {
		return refusedRetry
	}
	return 0
}

package runtime

import (
	"context"
	"time"

	"minca.dev/desktop/core/access"
	"minca.dev/desktop/core/record"
	"minca.dev/desktop/node/api"
)

// How the node notices that the account lost its place in a space (03 §9,
// api.Removal). Peers send a former member nothing, the removal itself
// included (03 §9.2, 04 §9.3): a removed node mostly learns of it by the
// computers it dials refusing it (close 4003, 04 §5.3), which no store
// change tells, so refusalLoop looks every refusalLook. When the removal
// does reach the node (e.g. it was written while the node was connected
// to someone who had not yet seen it), its summary says who and when as
// soon as the store lands it (loop.go's space events).
const refusalLook = 2 * time.Second

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
	refusing, dialled := n.net.Refusing(h.sp.ID)
	return dialled > 0 && refusing == dialled
}

// refusalLoop emits a space event whenever a space's refusal changes, so
// an open page says so without a store change to wake it.
func (n *Node) refusalLoop(stop <-chan struct{}) {
	defer n.bg.Done()
	refused := map[string]bool{}
	t := time.NewTicker(refusalLook)
	defer t.Stop()
	for {
		select {
		case <-stop:
			return
		case <-t.C:
			n.noticeRefusals(refused)
		}
	}
}

func (n *Node) noticeRefusals(refused map[string]bool) {
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.closed || n.acct == nil {
		return
	}
	ctx := context.Background()
	for id, h := range n.spaces {
		now := n.refusedLocked(h)
		if now == refused[id] {
			continue
		}
		refused[id] = now
		n.emitSpaceLocked(ctx, h)
	}
}

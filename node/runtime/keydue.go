package runtime

import (
	"context"
	"encoding/binary"
	"io"
	"time"

	"minca.dev/desktop/core/access"
	"minca.dev/desktop/core/spacekey"
)

// keyDueGrace is how long a key change stays due before this node makes
// it, when the change that made it due was not this node's (03 §9.3). The
// node whose removal made a change due makes it at once (RemoveMember →
// changeKeyLocked), and its key change reaches the others moments after
// the removal, often in another message. Without the wait, a node that
// took in the removal first, another device of the same account among
// them, would make a second, concurrent change: both stand (§9.3), but a
// view-only link made later carries only the current key, whose earlier
// keys do not include the other change's, so its holder could not open
// what was sealed under that one. Our choice: a few seconds.
const keyDueGrace = 3 * time.Second

// mendStagger spaces out the members who would mend concurrent key
// changes (spacekey.ShouldMend, 03-choices "Concurrent key changes"): the
// device that wrote the current key's change mends after keyDueGrace;
// any other member that may change the key waits one more mendStagger per
// place in the sorted list of such readers, plus up to one mendStagger at
// random (two devices of one account share a place), so one mend reaches
// the others before they make theirs. Our choice.
const mendStagger = 10 * time.Second

// keyDueLocked changes a private space's key once the loop has found a
// change this account should make for the wait keyChangeWaitLocked gives
// (03 §9.3: e.g. after a member left by itself).
func (n *Node) keyDueLocked(ctx context.Context, h *held) {
	if !h.private() {
		return
	}
	wait, should := n.keyChangeWaitLocked(ctx, h)
	if !should {
		h.dueSince = time.Time{}
		return
	}
	now := n.now()
	if h.dueSince.IsZero() {
		h.dueSince = now
	}
	if now.Sub(h.dueSince) < wait {
		return
	}
	h.dueSince = time.Time{}
	n.changeKeyLocked(ctx, h)
}

// keyChangeWaitLocked says whether this account should change h's key, and
// after how long: keyDueGrace when a change is due (spacekey.ShouldChange),
// mendWaitLocked's wait when concurrent changes left a key the current one
// does not reach (spacekey.ShouldMend).
func (n *Node) keyChangeWaitLocked(ctx context.Context, h *held) (time.Duration, bool) {
	hist, err := h.replay(ctx)
	if err != nil {
		return 0, false
	}
	ring, err := h.keys.keyring(ctx)
	if err != nil {
		return 0, false
	}
	me := n.acct.DID()
	if spacekey.ShouldChange(hist, ring, me) {
		return keyDueGrace, true
	}
	if !spacekey.ShouldMend(hist, ring, me) {
		return 0, false
	}
	return n.mendWaitLocked(h, hist), true
}

// mendWaitLocked is how long this node waits before mending (mendStagger).
func (n *Node) mendWaitLocked(h *held, hist *access.History) time.Duration {
	cur := hist.Current()
	if ks := cur.Keys(); len(ks) > 0 {
		if ev, ok := hist.Event(ks[len(ks)-1].Event); ok && ev.Author == n.session.DID() {
			return keyDueGrace
		}
	}
	place := 0
	for _, did := range cur.Readers() {
		if did == n.acct.DID() {
			break
		}
		if cur.May(did, spacekey.CmdKeyChange, map[string]any{}) {
			place++
		}
	}
	if h.mendJitter == 0 {
		var b [8]byte
		io.ReadFull(n.cfg.Rand, b[:])
		h.mendJitter = time.Duration(binary.LittleEndian.Uint64(b[:])%uint64(mendStagger)) + 1
	}
	return keyDueGrace + time.Duration(place+1)*mendStagger + h.mendJitter
}

// keysDue says whether a held space waits out keyDueGrace, so the
// loop looks again soon rather than at its idle pace.
func (n *Node) keysDue() bool {
	n.mu.Lock()
	defer n.mu.Unlock()
	for _, h := range n.spaces {
		if !h.dueSince.IsZero() {
			return true
		}
	}
	return false
}

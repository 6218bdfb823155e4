package runtime

import (
	"context"
	"time"

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

// keyDueLocked changes a private space's key when a change has been due,
// and this account should make it, for keyDueGrace (03 §9.3: e.g. after a
// member left by itself).
func (n *Node) keyDueLocked(ctx context.Context, h *held) {
	if !h.private() {
		return
	}
	if !n.shouldChangeKeyLocked(ctx, h) {
		h.dueSince = time.Time{}
		return
	}
	now := n.now()
	if h.dueSince.IsZero() {
		h.dueSince = now
	}
	if now.Sub(h.dueSince) < keyDueGrace {
		return
	}
	h.dueSince = time.Time{}
	n.changeKeyLocked(ctx, h)
}

// shouldChangeKeyLocked says whether a key change is due in h and this
// account should make it (spacekey.ShouldChange).
func (n *Node) shouldChangeKeyLocked(ctx context.Context, h *held) bool {
	hist, err := h.replay(ctx)
	if err != nil {
		return false
	}
	ring, err := h.keys.keyring(ctx)
	return err == nil && spacekey.ShouldChange(hist, ring, n.acct.DID())
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

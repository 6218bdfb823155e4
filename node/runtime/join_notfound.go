package runtime

import (
	"context"

	"minca.dev/desktop/node/netsync"
)

// A kept join whose invite the space does not name, though the space is
// synced (our choice, beside 03 §7.3). The link's secret gives the invite
// key (03 §7.1); a link with a damaged secret, still 32 bytes, gives a key
// no invite record has, and its join would wait in silence for ever. Once
// the space is synced with a connected node of it (node/netsync's state
// "synced", 05 §6.5: at least one admitted peer, nothing left to fetch,
// level with each) and its history still names no invite for the key, the
// space list says so (api.Joining.NotFound). The node keeps trying: another
// node may yet bring the record, and the join is written then; the word
// goes once the space is no longer synced or the record arrived.

// inviteMissingLocked says whether h's kept join's invite is missing from
// a synced space: no invite record for the link's key while the space is
// synced with a peer. False for no kept join, a closed one, one not tried
// since the node opened (its invite key not known yet), or a node not on
// sockets.
func (n *Node) inviteMissingLocked(ctx context.Context, h *held) bool {
	ss := n.stateOfLocked(h.sp.ID)
	if ss == nil || ss.Joining == nil || ss.Joining.Closed || ss.Joining.invite == "" {
		return false
	}
	if n.net == nil { // the Hub's "synced" does not wait to hear a peer (05 §6.1)
		return false
	}
	if st, ok := n.net.State(h.sp.ID); !ok || st != netsync.StateSynced {
		return false
	}
	hist, err := h.replay(ctx)
	if err != nil {
		return false
	}
	_, named := hist.Current().Invite(ss.Joining.invite)
	return !named
}

// joinsSyncedLocked looks again at every kept join after a sync change:
// one whose missing invite changed (inviteMissingLocked) is told to
// watchers as its space, and to a Join that waits (waitJoinLocked).
func (n *Node) joinsSyncedLocked(ctx context.Context) {
	for id, h := range n.spaces {
		ss := n.stateOfLocked(id)
		if ss == nil || ss.Joining == nil {
			continue
		}
		missing := n.inviteMissingLocked(ctx, h)
		if missing == ss.Joining.notFound {
			continue
		}
		ss.Joining.notFound = missing
		n.emitSpaceLocked(ctx, h)
		select {
		case n.wake.dials <- struct{}{}:
		default:
		}
	}
}

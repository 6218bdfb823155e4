package runtime

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"minca.dev/desktop/core/invite"
	"minca.dev/desktop/core/record"
	"minca.dev/desktop/core/spacekey"
	"minca.dev/desktop/node/api"
)

// Join joins the space a link invites to (03 §7.6): the node holds the space
// at once. A view-only invite is joined then. With a role invite the node
// keeps the invite (join_pending.go) and waits up to joinWait for the
// invite's record to arrive and be open, then writes its join (§7.3). If
// the record has not arrived by then, Join answers the space with Joining
// set: the account is no member yet, and the node writes the join by
// itself once the record arrives. A closed invite is refused, and a space
// held only for this join is let go.
func (n *Node) Join(ctx context.Context, link string) (api.SpaceSummary, error) {
	acc, err := invite.AcceptString(link)
	if err != nil {
		return api.SpaceSummary{}, refusedLink(err)
	}
	p := acc.Preview()
	name, _ := n.inviterName(ctx, p.InvitedBy, link)
	n.mu.Lock()
	defer n.mu.Unlock()
	if err := n.readyLocked(); err != nil {
		return api.SpaceSummary{}, err
	}
	h, ok := n.spaces[acc.Space.ID]
	if !ok {
		if h, err = n.holdLocked(ctx, acc.Space); err != nil {
			return api.SpaceSummary{}, err
		}
	}
	if err := n.holdInviteKeyLocked(h, acc); err != nil { // before the dials, which prove it
		return api.SpaceSummary{}, err
	}
	if err := n.dialLocked(h, nodesOf(acc)); err != nil {
		return api.SpaceSummary{}, err
	}
	if acc.ViewOnly() {
		if err := n.recordMembershipLocked(ctx, h); err != nil {
			return api.SpaceSummary{}, err
		}
		n.emitLocked(api.Event{Kind: "joined", SpaceID: h.sp.ID})
		return n.summaryLocked(ctx, h)
	}
	if err := n.keepJoinLocked(h, link, pendingJoin{InvitedBy: p.InvitedBy, InviterName: name, Role: p.Role}); err != nil {
		return api.SpaceSummary{}, err
	}
	if err := n.waitJoinLocked(ctx, h); err != nil {
		if errors.Is(err, invite.ErrInviteClosed) {
			n.undoJoinLocked(ctx, h)
		}
		return api.SpaceSummary{}, err
	}
	return n.summaryLocked(ctx, h)
}

// waitJoinLocked tries the kept join until it is written or joinWait has
// passed; nil then too, the join left to the node (finishJoinsLocked). It
// tries again each time the loop finds a store moved, not on a timer. When
// no node the space dials can be reached (every dial failed or was
// refused, none connected: netsync.Manager.Unreachable) it stops waiting
// at once: no record can come. Nor does it wait once the space is synced
// and names no invite for the link (inviteMissingLocked): the answer says
// so. It looks again at each dialler's change and sync change.
func (n *Node) waitJoinLocked(ctx context.Context, h *held) error {
	timeout := time.NewTimer(joinWait)
	defer timeout.Stop()
	for over := false; ; {
		done, err := n.tryJoinLocked(ctx, h)
		if done || err != nil || over || n.unreachableLocked(h) || n.inviteMissingLocked(ctx, h) {
			return err
		}
		moved := n.movedLocked()
		n.mu.Unlock()
		select {
		case <-ctx.Done():
			n.mu.Lock()
			return ctx.Err()
		case <-timeout.C:
			over = true
		case <-moved:
		case <-n.wake.dials:
		}
		n.mu.Lock()
		if n.spaces[h.sp.ID] != h {
			return api.Errorf(api.CodeNotFound, "the space %s was let go while joining", h.sp.ID)
		}
	}
}

// unreachableLocked says whether no node h dials can be reached now.
func (n *Node) unreachableLocked(h *held) bool {
	return n.net != nil && n.net.Unreachable(h.sp.ID)
}

// writeJoinLocked writes the account's join through the invite (03 §7.3)
// in role, then its member key (private spaces) and profile.
func (n *Node) writeJoinLocked(ctx context.Context, h *held, secret []byte, role string) error {
	me := n.acct.DID()
	d, err := invite.JoinDraft(secret, h.sp.ID, me, role)
	if err != nil {
		return api.Errorf(api.CodeInvalid, "join: %w", err)
	}
	if cur, err := h.store.Current(ctx, d.Key); err == nil {
		nd := record.Next(cur)
		nd.Body, nd.HasBody, nd.Retain = d.Body, true, true
		d = nd
	}
	if _, err := n.writeLocked(ctx, h, d); err != nil {
		return err
	}
	if h.private() {
		if err := n.writeMemberKeyLocked(ctx, h); err != nil {
			return err
		}
	}
	return n.writeProfileLocked(ctx, h)
}

// dialLocked keeps sockets to the nodes an invite names, now and after
// restarts (they go into the node's state). A new invite is also a reason
// to try the nodes the space dials already at once, those waiting after a
// refusal included (removal.go): it may carry a key they check now (03
// §7.4, 04 §6.3), as a view-only link made after a key change does, also
// one that names no node (its inviter's does not listen).
func (n *Node) dialLocked(h *held, nodes []string) error {
	if n.net == nil {
		return nil
	}
	if len(nodes) == 0 {
		if err := n.net.AddNodes(h.sp.ID, nil); err != nil {
			return internal(err)
		}
		return nil
	}
	for i := range n.st.Spaces {
		if n.st.Spaces[i].ID == h.sp.ID {
			for _, u := range nodes {
				if !slices.Contains(n.st.Spaces[i].Nodes, u) {
					n.st.Spaces[i].Nodes = append(n.st.Spaces[i].Nodes, u)
				}
			}
		}
	}
	if err := n.net.AddNodes(h.sp.ID, nodes); err != nil {
		return refusedInvite(api.CodeInvalid, api.InviteBroken, fmt.Errorf("the invite's nodes: %w", err))
	}
	return n.saveLocked()
}

// holdInviteKeyLocked keeps the key a private space's invite carries.
func (n *Node) holdInviteKeyLocked(h *held, acc *invite.Accepted) error {
	if !h.private() || acc.Invitation.Key == nil {
		return nil
	}
	k, err := spacekey.FromRaw(acc.Invitation.Key)
	if err != nil {
		return refusedInvite(api.CodeInvalid, api.InviteBroken, fmt.Errorf("the invite's key: %w", err))
	}
	return n.holdKeyLocked(h, k)
}

func parseTime(s string) time.Time {
	t, _ := record.ParseTime(s)
	return t
}

package runtime

import (
	"context"
	"fmt"
	"slices"
	"time"

	"minca.dev/desktop/core/invite"
	"minca.dev/desktop/core/record"
	"minca.dev/desktop/core/spacekey"
	"minca.dev/desktop/node/api"
)

// Join joins the space a link invites to (03 §7.6): the node holds the space
// at once; with a role invite it waits for the invite's record to arrive
// and be open, then writes its join (§7.3).
func (n *Node) Join(ctx context.Context, link string) (api.SpaceSummary, error) {
	acc, err := invite.AcceptString(link)
	if err != nil {
		return api.SpaceSummary{}, refusedLink(err)
	}
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
	if err := n.dialLocked(h, nodesOf(acc)); err != nil {
		return api.SpaceSummary{}, err
	}
	if err := n.holdInviteKeyLocked(h, acc); err != nil {
		return api.SpaceSummary{}, err
	}
	if err := n.recordMembershipLocked(ctx, h); err != nil {
		return api.SpaceSummary{}, err
	}
	if !acc.ViewOnly() {
		if err := n.joinRoleLocked(ctx, h, acc); err != nil {
			return api.SpaceSummary{}, err
		}
	}
	n.emitLocked(api.Event{Kind: "joined", SpaceID: h.sp.ID})
	return n.summaryLocked(ctx, h)
}

func (n *Node) joinRoleLocked(ctx context.Context, h *held, acc *invite.Accepted) error {
	me := n.acct.DID()
	deadline := time.Now().Add(joinWait)
	var role string
	for {
		hist, err := h.replay(ctx)
		if err != nil {
			return internal(err)
		}
		role, err = invite.JoinReady(hist.Current(), acc.InviteDID, me)
		if err == nil {
			break
		}
		if hist.Current().IsMember(me) && hist.KnownInvite(acc.InviteDID) {
			return nil // holds its role already
		}
		if time.Now().After(deadline) {
			return refusedJoin(err)
		}
		n.mu.Unlock()
		select {
		case <-ctx.Done():
			n.mu.Lock()
			return ctx.Err()
		case <-time.After(50 * time.Millisecond):
		}
		n.mu.Lock()
	}
	d, err := invite.JoinDraft(acc.Secret, h.sp.ID, me, role)
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
// restarts (they go into the node's state).
func (n *Node) dialLocked(h *held, nodes []string) error {
	if n.net == nil || len(nodes) == 0 {
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
		return refusedInvite(api.CodeInvalid, inviteBroken, fmt.Errorf("the invite's nodes: %w", err))
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
		return refusedInvite(api.CodeInvalid, inviteBroken, fmt.Errorf("the invite's key: %w", err))
	}
	return n.holdKeyLocked(h, k)
}

func parseTime(s string) time.Time {
	t, _ := record.ParseTime(s)
	return t
}

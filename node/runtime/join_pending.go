package runtime

import (
	"context"
	"errors"

	"minca.dev/desktop/core/enc"
	"minca.dev/desktop/core/invite"
	"minca.dev/desktop/core/record"
	"minca.dev/desktop/node/api"
	"minca.dev/desktop/node/registry"
)

// A join that waits for its invite (03 §7.3): "If the invite's record has
// not arrived yet, the joiner keeps the secret and tries again as records
// arrive; once joined it forgets the secret." The node keeps the invite
// (the invitation and the secret beside it) in its own state
// (spaceState.Joining), sealed as the registry's spaceinvite:<space id>
// entry is at rest (05 §12, §15: envelope(local key, "minca/at-rest/v1",
// {"entry": "spaceinvite:<space id>"}, invite)), so it survives a restart
// and never lies in the clear. It tries again each time the space's store
// lands a change (loop.go noticeChanges: what a sync brings, and the first
// look after the node opens), never on a timer. Until then the space is
// listed with api.SpaceSummary.Joining and the account is no member; the
// registry records the space (03 §13.2) once the join is written.
// LeaveSpace forgets the space, and the invite with it.

// joinEntry is the registry entry a kept invite is sealed as (05 §12).
func joinEntry(spaceID string) string { return "spaceinvite:" + spaceID }

// pendingJoin is a join the node has not written yet: the sealed invite,
// and what the space list says of it (nothing secret).
type pendingJoin struct {
	Sealed      string `json:"sealed"` // base64url of the sealed invite
	InvitedBy   string `json:"invitedBy"`
	InviterName string `json:"inviterName,omitempty"`
	Role        string `json:"role"`
	Closed      bool   `json:"closed,omitempty"` // the invite arrived closed (03 §7.2)
}

// keepJoinLocked seals acc's invite into h's state entry as pj, replacing
// any join kept before.
func (n *Node) keepJoinLocked(h *held, acc *invite.Accepted, pj pendingJoin) error {
	ss := n.stateOfLocked(h.sp.ID)
	if ss == nil {
		return internal(api.Errorf(api.CodeNotFound, "space %s is not held", h.sp.ID))
	}
	s, err := invite.Encode(acc.Invitation.Version, acc.Secret)
	if err != nil {
		return internal(err)
	}
	lk, err := n.localKeyLocked()
	if err != nil {
		return internal(err)
	}
	env, err := registry.Seal(lk, joinEntry(h.sp.ID), []byte(s), n.cfg.Rand)
	if err != nil {
		return internal(err)
	}
	pj.Sealed = enc.B64URL(env)
	ss.Joining = &pj
	return n.saveLocked()
}

// keptJoinLocked opens h's kept invite; nil when none is kept.
func (n *Node) keptJoinLocked(spaceID string) (*invite.Accepted, *pendingJoin, error) {
	ss := n.stateOfLocked(spaceID)
	if ss == nil || ss.Joining == nil {
		return nil, nil, nil
	}
	lk, err := n.localKeyLocked()
	if err != nil {
		return nil, nil, err
	}
	env, err := enc.DecodeB64URL(ss.Joining.Sealed)
	if err != nil {
		return nil, nil, err
	}
	raw, err := registry.Unseal(lk, joinEntry(spaceID), env)
	if err != nil {
		return nil, nil, err
	}
	acc, err := invite.AcceptString(string(raw))
	if err != nil || acc.Space.ID != spaceID || acc.ViewOnly() {
		return nil, nil, errors.Join(errors.New("the kept invite is not this space's role invite"), err)
	}
	return acc, ss.Joining, nil
}

// tryJoinLocked writes the kept join of h when its invite is open here
// (03 §7.3); done once the account holds the invite's role, or nothing is
// kept. A closed invite is marked so and answered as refusedJoin.
func (n *Node) tryJoinLocked(ctx context.Context, h *held) (done bool, err error) {
	acc, pj, err := n.keptJoinLocked(h.sp.ID)
	if err != nil {
		n.forgetJoinLocked(h) // a kept invite that does not open never will
		return false, internal(err)
	}
	if acc == nil {
		return true, nil
	}
	hist, err := h.replay(ctx)
	if err != nil {
		return false, internal(err)
	}
	me := n.acct.DID()
	if hist.Current().IsMember(me) && hist.KnownInvite(acc.InviteDID) {
		return true, n.joinedLocked(ctx, h) // joined through it already
	}
	role, err := invite.JoinReady(hist.Current(), acc.InviteDID, me)
	switch {
	case errors.Is(err, invite.ErrNotYet):
		return false, nil
	case errors.Is(err, invite.ErrAlreadyHeld):
		return true, n.joinedLocked(ctx, h)
	case errors.Is(err, invite.ErrInviteClosed):
		if !pj.Closed {
			pj.Closed = true
			n.saveLocked()
			n.emitSpaceLocked(ctx, h)
		}
		return false, refusedJoin(err)
	case err != nil:
		return false, refusedJoin(err)
	}
	if err := n.writeJoinLocked(ctx, h, acc.Secret, role); err != nil {
		return false, err
	}
	return true, n.joinedLocked(ctx, h)
}

// joinedLocked forgets the kept invite of a join written (03 §7.3),
// records the space in the registry (03 §13.2) and tells watchers.
func (n *Node) joinedLocked(ctx context.Context, h *held) error {
	n.forgetJoinLocked(h)
	if err := n.recordMembershipLocked(ctx, h); err != nil {
		return err
	}
	n.emitLocked(api.Event{Kind: "joined", SpaceID: h.sp.ID})
	n.emitSpacesLocked(ctx)
	return nil
}

// forgetJoinLocked deletes h's kept invite, if any.
func (n *Node) forgetJoinLocked(h *held) {
	if ss := n.stateOfLocked(h.sp.ID); ss != nil && ss.Joining != nil {
		ss.Joining = nil
		n.saveLocked()
	}
}

// undoJoinLocked takes back a join its invite refused: a space held only
// for it is let go; else only the kept invite goes.
func (n *Node) undoJoinLocked(ctx context.Context, h *held) {
	n.forgetJoinLocked(h)
	hist, err := h.replay(ctx)
	if err == nil && hist.Current().IsMember(n.acct.DID()) {
		return
	}
	if cur, err := n.registry.store.Current(ctx, record.SpaceKey(h.sp.ID)); err == nil && !cur.Deleted {
		return // held before, as the registry says (a view-only join)
	}
	n.dropLocked(ctx, h.sp.ID)
}

// finishJoinLocked tries h's kept join again, if any: loop.go calls it when
// h's store landed a change. What it refuses shows in the space's Joining.
func (n *Node) finishJoinLocked(ctx context.Context, h *held) {
	if ss := n.stateOfLocked(h.sp.ID); ss != nil && ss.Joining != nil {
		n.tryJoinLocked(ctx, h)
	}
}

// joiningLocked is the space list's word for h's kept join; nil when none.
func (n *Node) joiningLocked(spaceID string) *api.Joining {
	ss := n.stateOfLocked(spaceID)
	if ss == nil || ss.Joining == nil {
		return nil
	}
	pj := ss.Joining
	return &api.Joining{InvitedBy: pj.InvitedBy, InviterName: pj.InviterName, Role: pj.Role, Closed: pj.Closed}
}

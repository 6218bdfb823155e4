package runtime

import (
	"context"
	"errors"
	"time"

	"minca.dev/desktop/core/invite"
	"minca.dev/desktop/core/record"
	"minca.dev/desktop/node/api"
	"minca.dev/desktop/node/registry"
)

// A join that waits for its invite (03 §7.3): "If the invite's record has
// not arrived yet, the joiner keeps the secret and tries again as records
// arrive; once joined it forgets the secret." The node keeps the invite
// (the invitation and the secret beside it) in the account's registry, the
// entry spaceinvite:<space id> (05 §12) in the data folder, sealed under
// the account's local key (05 §15), so it survives a restart, never lies
// in the clear, and every device of the account that shares the folder
// sees it (join_registry.go). The node's own state keeps only what the
// space list says of it (spaceState.Joining: who invited, the role).
//
// It tries again each time the space's store lands a change (loop.go
// noticeChanges: what a sync brings, and the first look after the node
// opens), never on a timer. Until then the space is listed with
// api.SpaceSummary.Joining and the account is no member; the registry
// space records it (03 §13.2) once the join is written, and the entry is
// deleted then, when the invite turns out closed (the space still listed,
// joining closed, until left), and when the node stops holding the space
// (LeaveSpace: dropLocked).
//
// Two devices of the account may both hold the entry. A join is the
// account's (03 §7.3: its assign key names the account and the role), so
// the second to try finds the account holding the role and only deletes
// the entry. To keep both from writing it at once, the device that kept
// the join writes it as soon as the invite is open; a device that found
// it in the registry (pendingJoin.Found) waits joinDefer after first
// seeing the invite open, then looks again (the entry still there, the
// account still no member) before it writes: the first device's join
// reaches it meanwhile when that device is on. Our choice.

// joinDefer is how long a device that found a kept join in the registry
// waits, once the invite is open, before writing the join itself.
const joinDefer = 30 * time.Second

// pendingJoin is a join the node has not written yet: what the space list
// says of it (nothing secret). The invite is in the registry.
type pendingJoin struct {
	// Sealed is an older build's kept invite (sealed as the registry
	// entry is): moved into the registry on open (migrateJoinsLocked).
	Sealed      string    `json:"sealed,omitempty"`
	InvitedBy   string    `json:"invitedBy"`
	InviterName string    `json:"inviterName,omitempty"`
	Role        string    `json:"role"`
	Closed      bool      `json:"closed,omitempty"` // the invite arrived closed (03 §7.2)
	Found       bool      `json:"found,omitempty"`  // found in the registry: kept by another device
	Folder      string    `json:"folder,omitempty"` // the data folder whose registry holds it
	openSince   time.Time // a found join's invite first seen open (deferredLocked)
	goneSince   time.Time // its registry entry first seen gone (joinGoneLocked)
	invite      string    // the invite key's DID, once tried (join_notfound.go)
	notFound    bool      // its invite last told missing (joinsSyncedLocked)
}

// errJoinGone: the kept join's registry entry is gone (another device
// wrote the join, or gave it up).
var errJoinGone = errors.New("the kept invite left the registry")

// keepJoinLocked keeps the invite link (with its secret) in the registry
// and pj in h's state entry, replacing any join kept before.
func (n *Node) keepJoinLocked(h *held, link string, pj pendingJoin) error {
	if n.stateOfLocked(h.sp.ID) == nil {
		return internal(api.Errorf(api.CodeNotFound, "space %s is not held", h.sp.ID))
	}
	if err := n.withRegistryLocked(func(rs *registry.Store) error { return rs.Put(joinEntry(h.sp.ID), []byte(link)) }); err != nil {
		return api.Errorf(api.CodeUnavailable, "keep the invite in the data folder: %w", err)
	}
	pj.Folder = n.folderPathLocked()
	n.stateOfLocked(h.sp.ID).Joining = &pj
	return n.saveLocked()
}

// keptJoinLocked opens h's kept invite; nil when none is kept.
// errJoinGone when its entry left the registry.
func (n *Node) keptJoinLocked(spaceID string) (*invite.Accepted, *pendingJoin, error) {
	ss := n.stateOfLocked(spaceID)
	if ss == nil || ss.Joining == nil {
		return nil, nil, nil
	}
	var raw []byte
	var err error
	if ss.Joining.Sealed != "" {
		raw, err = n.openOldJoinLocked(spaceID, ss.Joining.Sealed)
	} else {
		err = n.withRegistryLocked(func(rs *registry.Store) error {
			raw, err = rs.Get(joinEntry(spaceID))
			return err
		})
	}
	if errors.Is(err, registry.ErrNotFound) {
		return nil, ss.Joining, errJoinGone
	}
	if err != nil {
		return nil, ss.Joining, err
	}
	acc, err := invite.AcceptString(string(raw))
	if err != nil || acc.Space.ID != spaceID || acc.ViewOnly() {
		return nil, ss.Joining, errors.Join(registry.ErrRefused, errors.New("the kept invite is not this space's role invite"), err)
	}
	return acc, ss.Joining, nil
}

// tryJoinLocked writes the kept join of h when its invite is open here
// (03 §7.3); done once the account holds the invite's role, or nothing is
// kept. A closed invite is marked so, its registry entry deleted, and
// answered as refusedJoin. A kept invite out of reach (the data folder) is
// tried again later.
func (n *Node) tryJoinLocked(ctx context.Context, h *held) (done bool, err error) {
	if ss := n.stateOfLocked(h.sp.ID); ss != nil && ss.Joining != nil && ss.Joining.Closed {
		return false, refusedJoin(invite.ErrInviteClosed) // its invite is gone from the registry
	}
	acc, pj, err := n.keptJoinLocked(h.sp.ID)
	switch {
	case errors.Is(err, errJoinGone):
		return n.joinGoneLocked(ctx, h, pj), nil
	case errors.Is(err, registry.ErrRefused):
		n.forgetJoinLocked(h) // a kept invite that does not open never will
		return false, internal(err)
	case err != nil:
		return false, nil
	case acc == nil:
		return true, nil
	}
	pj.invite = acc.InviteDID
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
		pj.Closed = true // listed so until left; the secret opens nothing now
		n.deleteJoinLocked(h.sp.ID)
		n.saveLocked()
		n.emitSpaceLocked(ctx, h)
		return false, refusedJoin(err)
	case err != nil:
		return false, refusedJoin(err)
	}
	if pj.Found && !n.deferredLocked(h, pj) {
		return false, nil
	}
	if err := n.writeJoinLocked(ctx, h, acc.Secret, role); err != nil {
		return false, err
	}
	return true, n.joinedLocked(ctx, h)
}

// joinGoneLocked settles a kept join whose registry entry is gone: another
// device of the account wrote the join, or gave it up (LeaveSpace). Once
// the account is a member here, or the registry space lists the space
// (03 §13.2), it was written: the join is forgotten, the space kept. Else
// the node waits joinDefer for that to arrive (the entry's delete may
// travel faster than the join and the membership), then lets the space
// go as given up (undoJoinLocked). True once settled.
func (n *Node) joinGoneLocked(ctx context.Context, h *held, pj *pendingJoin) bool {
	if n.joinedElsewhereLocked(ctx, h) {
		n.forgetJoinLocked(h)
		n.emitLocked(api.Event{Kind: "joined", SpaceID: h.sp.ID})
		n.emitSpacesLocked(ctx)
		return true
	}
	if pj.goneSince.IsZero() {
		pj.goneSince = time.Now()
		id := h.sp.ID
		time.AfterFunc(joinDefer, func() { n.retryJoin(id) })
		return false
	}
	if time.Since(pj.goneSince) < joinDefer {
		return false
	}
	n.undoJoinLocked(ctx, h)
	n.emitSpacesLocked(ctx)
	return true
}

// joinedElsewhereLocked says whether the account is a member of h, or the
// registry space lists it.
func (n *Node) joinedElsewhereLocked(ctx context.Context, h *held) bool {
	if hist, err := h.replay(ctx); err == nil && hist.Current().IsMember(n.acct.DID()) {
		return true
	}
	cur, err := n.registry.store.Current(ctx, record.SpaceKey(h.sp.ID))
	return err == nil && !cur.Deleted
}

// deferredLocked says whether a join found in the registry has waited
// joinDefer since its invite was first seen open; the first time, it has
// the join tried again then.
func (n *Node) deferredLocked(h *held, pj *pendingJoin) bool {
	now := time.Now() // the real clock: the wait is real time
	if pj.openSince.IsZero() {
		pj.openSince = now
		id := h.sp.ID
		time.AfterFunc(joinDefer, func() { n.retryJoin(id) })
		return false
	}
	return now.Sub(pj.openSince) >= joinDefer
}

// retryJoin tries the kept join of space id again, if it is still held.
func (n *Node) retryJoin(id string) {
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.closed || n.acct == nil {
		return
	}
	if h := n.spaces[id]; h != nil {
		n.finishJoinLocked(context.Background(), h)
	}
}

// joinedLocked records the space in the registry (03 §13.2), then forgets
// the kept invite of a join written (03 §7.3), and tells watchers.
func (n *Node) joinedLocked(ctx context.Context, h *held) error {
	if err := n.recordMembershipLocked(ctx, h); err != nil {
		return err
	}
	n.forgetJoinLocked(h)
	n.emitLocked(api.Event{Kind: "joined", SpaceID: h.sp.ID})
	n.emitSpacesLocked(ctx)
	return nil
}

// forgetJoinLocked deletes h's kept invite, if any.
func (n *Node) forgetJoinLocked(h *held) {
	n.deleteJoinLocked(h.sp.ID)
	if ss := n.stateOfLocked(h.sp.ID); ss != nil && ss.Joining != nil {
		ss.Joining = nil
		n.saveLocked()
	}
}

// undoJoinLocked takes back a join its invite refused, or another device
// gave up: a space held only for it is let go; else only the kept invite
// goes.
func (n *Node) undoJoinLocked(ctx context.Context, h *held) {
	n.forgetJoinLocked(h)
	if !n.joinedElsewhereLocked(ctx, h) { // else a member, or held before as the registry says (a view-only join)
		n.dropLocked(ctx, h.sp.ID)
	}
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
	j := &api.Joining{InvitedBy: pj.InvitedBy, InviterName: pj.InviterName, Role: pj.Role, Closed: pj.Closed}
	if h := n.spaces[spaceID]; h != nil {
		j.NotFound = n.inviteMissingLocked(context.Background(), h)
	}
	return j
}

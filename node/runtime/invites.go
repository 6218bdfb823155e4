package runtime

import (
	"context"
	"errors"
	"time"

	"minca.dev/desktop/core/access"
	"minca.dev/desktop/core/identity"
	"minca.dev/desktop/core/invite"
	"minca.dev/desktop/core/space"
	"minca.dev/desktop/node/api"
)

// joinWait is how long Join waits for the invite's record to arrive
// (03 §7.3: a join is written only once the invite is open here).
const joinWait = 10 * time.Second

// CreateInvite opens a role invite (its sys.invite record first, 03 §7.2)
// or makes a view-only one, and returns its link (03 §7.4, §7.5); a role
// invite's link is kept, sealed, for InviteLink until the invite is closed.
func (n *Node) CreateInvite(ctx context.Context, req api.CreateInvite) (api.Invite, error) {
	n.mu.Lock()
	defer n.mu.Unlock()
	h, err := n.spaceLocked(req.SpaceID)
	if err != nil {
		return api.Invite{}, err
	}
	if req.ViewOnly == (req.Role != "") {
		return api.Invite{}, api.Errorf(api.CodeInvalid, "an invite names a role or is view-only, not both or neither")
	}
	if req.Role != "" && !space.IsRoleName(req.Role) {
		return api.Invite{}, api.Errorf(api.CodeInvalid, "%q is not a role name", req.Role)
	}
	if err := n.mayWriteLocked(ctx, h); err != nil { // a view-only invite has no event to judge (03 §7.5)
		return api.Invite{}, err
	}
	secret, err := invite.NewSecret(n.cfg.Rand)
	if err != nil {
		return api.Invite{}, internal(err)
	}
	out := api.Invite{SpaceID: req.SpaceID, Role: req.Role, ViewOnly: req.ViewOnly, CreatedAt: n.now()}
	if req.Role != "" {
		did, err := invite.DID(secret)
		if err != nil {
			return api.Invite{}, internal(err)
		}
		if err := n.inviteRightLocked(ctx, h, did, req.Role, true); err != nil {
			return api.Invite{}, err
		}
		d, err := invite.OpenDraft(req.SpaceID, did, req.Role)
		if err != nil {
			return api.Invite{}, api.Errorf(api.CodeInvalid, "invite: %w", err)
		}
		if _, err := n.writeLocked(ctx, h, d); err != nil {
			return api.Invite{}, err
		}
		out.Key = did
	} else {
		secret = nil
	}
	var spaceKey []byte
	if h.private() {
		ring, err := h.keys.keyring(ctx)
		if err != nil {
			return api.Invite{}, internal(err)
		}
		cur, ok := ring.Current()
		if !ok {
			return api.Invite{}, api.Errorf(api.CodeForbidden, "this node does not hold the space's current key")
		}
		spaceKey = cur.Raw()
	}
	v, err := invite.Make(invite.Params{Signer: n.session, Note: n.note, Space: h.sp, Role: req.Role, SpaceKey: spaceKey,
		RoleInvite: req.Role != "", Nodes: n.inviteNodesLocked(ctx, h), CreatedAt: n.now(), Rnd: n.cfg.Rand})
	if err != nil {
		return api.Invite{}, api.Errorf(api.CodeInvalid, "invitation: %w", err)
	}
	link, err := invite.Encode(v, secret)
	if err != nil {
		return api.Invite{}, internal(err)
	}
	out.Link = invite.WithFrom(LinkPrefix+link, n.st.ProfileName)
	if out.Key != "" {
		// Kept sealed so it can be shown again until closed (invitelinks.go);
		// HasLink says whether it was.
		out.HasLink = n.keepLinkLocked(req.SpaceID, out.Key, out.Link) == nil
	}
	return out, nil
}

// LinkPrefix starts the links the node hands out (03 §7.4: the invite rides
// after #invite=). The account's profile name follows the invite
// (invite.WithFrom), for the joiner's preview.
const LinkPrefix = "https://minca.dev/join#invite="

// nodeURLsLocked are this node's URLs for the invitations it makes
// (04 §5.2): its listening socket, pinned by its DID; none when it does
// not listen.
func (n *Node) nodeURLsLocked() []string {
	if n.net == nil || n.netURL == "" {
		return nil
	}
	return []string{n.netURL}
}

// Invites lists the open role invites of a space (03 §7.2), each with who
// joined through it (03 §7.3; invite_joined.go).
func (n *Node) Invites(ctx context.Context, id string) ([]api.Invite, error) {
	n.mu.Lock()
	defer n.mu.Unlock()
	h, hist, err := n.spaceReplayLocked(ctx, id)
	if err != nil {
		return nil, err
	}
	out := []api.Invite{}
	snap := hist.Current().Snapshot()
	joined := joinedThrough(hist)
	for key, inv := range snap.Invites {
		if !inv.Open {
			continue
		}
		i := api.Invite{SpaceID: id, Key: key, Role: inv.Role}
		if j := joined[key]; j != nil {
			i.Joined, i.StillMembers, i.JoinedNames = len(j.dids), j.still, joinedNames(ctx, h, j.dids)
		}
		if v, err := h.store.Current(ctx, invite.RecordKey(key)); err == nil {
			i.CreatedAt = parseTime(v.CreatedAt)
		}
		_, i.HasLink = n.keptLinkLocked(id, key)
		out = append(out, i)
	}
	n.dropClosedLinksLocked(ctx, h)
	return out, nil
}

// inviteRightLocked is nil when the space would take this account opening
// (open) an invite to role, or closing the invite key (its role read from
// the space), else why not (rights.check).
func (n *Node) inviteRightLocked(ctx context.Context, h *held, key, role string, open bool) error {
	hist, err := h.replay(ctx)
	if err != nil {
		return internal(err)
	}
	s := hist.Current()
	if !open {
		role = s.Snapshot().Invites[key].Role
	}
	return n.rightsLocked(ctx, h, hist).check(access.Event{Kind: access.KindInvite, InviteKey: key, Role: role, Open: open})
}

// CloseInvite closes an open invite (03 §7.2).
func (n *Node) CloseInvite(ctx context.Context, id, inviteKey string) error {
	n.mu.Lock()
	defer n.mu.Unlock()
	h, err := n.spaceLocked(id)
	if err != nil {
		return err
	}
	if !identity.IsDID(inviteKey) {
		return api.Errorf(api.CodeInvalid, "%q is not an invite key", inviteKey)
	}
	cur, err := h.store.Current(ctx, invite.RecordKey(inviteKey))
	if err != nil {
		return api.Errorf(api.CodeNotFound, "no invite %s in %s", inviteKey, id)
	}
	// Checked before writing, as the replay will judge it (03 §7.2: closing
	// takes the right to assign its role): a refused close is not written.
	if err := n.inviteRightLocked(ctx, h, inviteKey, "", false); err != nil {
		return err
	}
	d, err := invite.CloseDraft(cur)
	if err != nil {
		return api.Errorf(api.CodeInvalid, "close invite: %w", err)
	}
	if _, err = n.writeLocked(ctx, h, d); err != nil {
		return err
	}
	n.dropLinksLocked(id, func(k string) bool { return k != inviteKey }) // its secret goes with it
	return nil
}

// Sentences for an invite the node refuses, as people read them; the
// protocol's reason goes into api.Error's Detail (03 §7.6, §7.2, §7.3).
const (
	inviteClosed  = "This invite was closed: ask whoever sent it for a new link."
	inviteNotHere = "This invite has not reached this computer yet: the computer that made it, or a host that keeps the space, must be on and reachable. Try again then."
)

// refusedLink is the error of a link invite.AcceptString refuses (03 §7.6
// steps 1–5): a headline by its reason, the refusal as Detail.
func refusedLink(err error) *api.Error {
	reason := api.InviteReason(string(invite.ReasonOf(err)))
	e := refusedInvite(api.CodeInvalid, api.InviteHeadline(reason), err)
	e.Reason = reason
	return e
}

// refusedJoin is the error of a join the space's state refuses (03 §7.3):
// the invite is closed, or has not arrived here.
func refusedJoin(err error) *api.Error {
	if errors.Is(err, invite.ErrInviteClosed) {
		return refusedInvite(api.CodeForbidden, inviteClosed, err)
	}
	return refusedInvite(api.CodeUnavailable, inviteNotHere, err)
}

func refusedInvite(code api.Code, msg string, err error) *api.Error {
	return &api.Error{Code: code, Message: msg, Detail: err.Error(), Err: err}
}

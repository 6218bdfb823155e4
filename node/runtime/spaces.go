package runtime

import (
	"context"
	"slices"
	"time"

	"minca.dev/desktop/core/record"
	"minca.dev/desktop/core/space"
	"minca.dev/desktop/core/spacekey"
	"minca.dev/desktop/node/api"
	"minca.dev/desktop/node/runtime/templates"
)

// Spaces lists the spaces the node holds.
func (n *Node) Spaces(ctx context.Context) ([]api.SpaceSummary, error) {
	n.mu.Lock()
	defer n.mu.Unlock()
	if err := n.readyLocked(); err != nil {
		return nil, err
	}
	if err := n.followLocked(ctx); err != nil {
		return nil, err
	}
	return n.summariesLocked(ctx)
}

func (n *Node) summariesLocked(ctx context.Context) ([]api.SpaceSummary, error) {
	out := []api.SpaceSummary{}
	for _, id := range sortedIDs(n.spaces) {
		s, err := n.summaryLocked(ctx, n.spaces[id])
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}

func (n *Node) summaryLocked(ctx context.Context, h *held) (api.SpaceSummary, error) {
	hist, err := h.replay(ctx)
	if err != nil {
		return api.SpaceSummary{}, internal(err)
	}
	cur := hist.Current()
	snap := cur.Snapshot()
	me := n.acct.DID()
	roles := cur.RolesOf(me)
	if roles == nil {
		roles = []string{}
	}
	removed := n.removalLocked(ctx, h, hist)
	return api.SpaceSummary{ID: h.sp.ID, Name: h.sp.Name, Private: h.sp.Visibility == space.VisibilityPriv,
		Roles: roles, Founder: cur.IsFounder(me), Members: len(shownMembers(snap, me, removed != nil)),
		Sync: n.syncStateLocked(h), Removed: removed, Joining: n.joiningLocked(h.sp.ID)}, nil
}

// Space is one space's page.
func (n *Node) Space(ctx context.Context, id string) (api.SpaceDetail, error) {
	n.mu.Lock()
	defer n.mu.Unlock()
	h, hist, err := n.spaceReplayLocked(ctx, id)
	if err != nil {
		return api.SpaceDetail{}, err
	}
	sum, err := n.summaryLocked(ctx, h)
	if err != nil {
		return api.SpaceDetail{}, err
	}
	created, _ := record.ParseTime(h.sp.CreatedAt)
	d := api.SpaceDetail{SpaceSummary: sum, CreatedAt: created, RoleTemplates: roleInfos(h.sp, hist.Current().Snapshot()),
		Peers: n.spacePeersLocked(ctx, h), May: n.rightsLocked(ctx, h, hist).space()}
	if ks, _ := hist.Current().Keepers(); len(ks) > 0 {
		d.Keepers = n.apiKeepersLocked(ks)
	}
	if h.private() {
		if ring, err := h.keys.keyring(ctx); err == nil {
			d.KeyID = ring.CurrentID()
		}
	}
	return d, nil
}

// CreateSpace founds a space from a role template (03 §1.3): the account is
// its founder and takes the template's founding roles.
func (n *Node) CreateSpace(ctx context.Context, req api.CreateSpace) (api.SpaceSummary, error) {
	n.mu.Lock()
	defer n.mu.Unlock()
	if err := n.readyLocked(); err != nil {
		return api.SpaceSummary{}, err
	}
	if req.Template == "" {
		req.Template = "team"
	}
	tp, err := templates.Get(req.Template)
	if err != nil {
		return api.SpaceSummary{}, api.Errorf(api.CodeInvalid, "%w", err)
	}
	nonce := make([]byte, 12)
	if _, err := n.cfg.Rand.Read(nonce); err != nil {
		return api.SpaceSummary{}, internal(err)
	}
	me := n.acct.DID()
	d := space.Draft{Name: req.Name, Visibility: space.VisibilityPub, Founders: []string{me},
		Roles: tp.Roles, Assigned: map[string][]string{me: tp.Founder}, CreatedAt: n.now(), Nonce: nonce}
	var key *spacekey.Key
	if req.Private {
		if key, err = spacekey.Generate(n.cfg.Rand); err != nil {
			return api.SpaceSummary{}, internal(err)
		}
		d.Visibility = space.VisibilityPriv
	}
	sp, err := newSpace(d, key)
	if err != nil {
		return api.SpaceSummary{}, api.Errorf(api.CodeInvalid, "space: %w", err)
	}
	h, err := n.holdLocked(ctx, sp)
	if err != nil {
		return api.SpaceSummary{}, err
	}
	if key != nil {
		if err := n.holdKeyLocked(h, key); err != nil {
			return api.SpaceSummary{}, err
		}
		if err := n.writeMemberKeyLocked(ctx, h); err != nil {
			return api.SpaceSummary{}, err
		}
	}
	if err := n.writeProfileLocked(ctx, h); err != nil {
		return api.SpaceSummary{}, err
	}
	if err := n.recordMembershipLocked(ctx, h); err != nil {
		return api.SpaceSummary{}, err
	}
	return n.summaryLocked(ctx, h)
}

// holdLocked starts holding sp: in the node state, opened, with the
// account's profile written there, and announced to watchers.
func (n *Node) holdLocked(ctx context.Context, sp *space.Space) (*held, error) {
	ss := spaceState{ID: sp.ID, Constitution: sp.JSON()}
	if err := n.openSpaceLocked(ctx, ss); err != nil {
		return nil, err
	}
	if !slices.ContainsFunc(n.st.Spaces, func(s spaceState) bool { return s.ID == sp.ID }) {
		n.st.Spaces = append(n.st.Spaces, ss)
	}
	if err := n.saveLocked(); err != nil {
		return nil, err
	}
	h := n.spaces[sp.ID]
	n.emitSpacesLocked(ctx)
	return h, nil
}

// writeProfileLocked writes the account's profile into a space (03 §11),
// when it has a name and the space does not already say it.
func (n *Node) writeProfileLocked(ctx context.Context, h *held) error {
	name := n.st.ProfileName
	if name == "" {
		return nil
	}
	key := space.ProfileKey(n.acct.DID())
	body := map[string]any{"name": name}
	d := &record.Version{Collection: collProfile, Key: key, Body: body, HasBody: true}
	if cur, err := h.store.Current(ctx, key); err == nil {
		if p, err := space.ParseProfile(cur.Body); err == nil && p.Name == name {
			return nil
		}
		d = record.Next(cur)
		d.Body, d.HasBody = body, true
	}
	_, err := n.writeLocked(ctx, h, d)
	return err
}

const collProfile = "sys.profile"

// newSpace founds a public space, or a private one whose first key is key.
func newSpace(d space.Draft, key *spacekey.Key) (*space.Space, error) {
	if key == nil {
		return space.Create(d)
	}
	return spacekey.NewSpace(d, key)
}

// LeaveSpace leaves a space: the self-removal is written first (03 §6.2)
// and handed to the connected peers (leaveWait at most, as a one-shot
// command's last writes: what is not acknowledged by then would be lost
// with the store), then the node stops holding it and drops its store.
func (n *Node) LeaveSpace(ctx context.Context, id string) error {
	h, wrote, err := n.writeLeave(ctx, id)
	if err != nil {
		return err
	}
	if wrote {
		n.handOver(leaveWait)
	}
	n.mu.Lock()
	defer n.mu.Unlock()
	if err := n.readyLocked(); err != nil {
		return err
	}
	if n.spaces[id] != h {
		return nil // let go meanwhile
	}
	if err := n.forgetMembershipLocked(ctx, id); err != nil {
		return err
	}
	n.dropLocked(ctx, id)
	return nil
}

// leaveWait bounds how long LeaveSpace waits for the peers to acknowledge
// the leave (our choice; flushWait's reasoning, shorter: a person waits).
const leaveWait = 2 * time.Second

// writeLeave writes the account's self-removal from space id unless it is
// no member there; wrote says whether it did.
func (n *Node) writeLeave(ctx context.Context, id string) (h *held, wrote bool, err error) {
	n.mu.Lock()
	defer n.mu.Unlock()
	h, hist, err := n.spaceReplayLocked(ctx, id)
	if err != nil {
		return nil, false, err
	}
	if !hist.Current().IsMember(n.acct.DID()) {
		return h, false, nil
	}
	if _, err := n.writeLocked(ctx, h, removeDraft(n.acct.DID())); err != nil {
		return nil, false, err
	}
	return h, true, nil
}

package runtime

import (
	"context"
	"slices"
	"sort"

	"minca.dev/desktop/core/access"
	"minca.dev/desktop/core/enc"
	"minca.dev/desktop/core/identity"
	"minca.dev/desktop/core/record"
	"minca.dev/desktop/core/space"
	"minca.dev/desktop/node/api"
)

// Access collections the node writes (03 §3.1).
const (
	collAssign   = "sys.assign"
	collRemove   = "sys.remove"
	collStepdown = "sys.stepdown"
	collRole     = "sys.role"
)

// members are the accounts holding a role, and the founders (03 §4.1).
func members(s access.Snapshot) []string {
	set := map[string]bool{}
	for did, roles := range s.Assigned {
		if len(roles) > 0 {
			set[did] = true
		}
	}
	for _, f := range s.Founders {
		set[f] = true
	}
	out := make([]string, 0, len(set))
	for d := range set {
		out = append(out, d)
	}
	sort.Strings(out)
	return out
}

// shownMembers are the members an account's views count and list: once it
// appears removed (SpaceSummary.Removed, even when only refusals tell it and
// its own history still lists it) it is not among them, so its space list
// and space page agree and neither counts it.
func shownMembers(s access.Snapshot, me string, removed bool) []string {
	out := members(s)
	if removed {
		out = slices.DeleteFunc(out, func(did string) bool { return did == me })
	}
	return out
}

// Members lists the space's members with their profile names and roles;
// not this account once it appears removed (shownMembers).
func (n *Node) Members(ctx context.Context, id string) ([]api.Member, error) {
	n.mu.Lock()
	defer n.mu.Unlock()
	h, hist, err := n.spaceReplayLocked(ctx, id)
	if err != nil {
		return nil, err
	}
	cur := hist.Current()
	me := n.acct.DID()
	removed := n.removalLocked(ctx, h, hist) != nil
	out := []api.Member{}
	for _, did := range members(cur.Snapshot()) {
		roles := cur.RolesOf(did)
		if roles == nil {
			roles = []string{}
		}
		out = append(out, api.Member{DID: did, ProfileName: profileName(ctx, h, did), Roles: roles,
			Founder: cur.IsFounder(did), Self: did == me})
	}
	out = append(out, pending(ctx, h, hist, out)...)
	if removed {
		out = slices.DeleteFunc(out, func(m api.Member) bool { return m.DID == me })
	}
	may := n.rightsLocked(ctx, h, hist)
	for i := range out {
		out[i].May = may.member(out[i].DID, out[i].Roles)
	}
	return out, nil
}

// pending are the accounts whose assignment waits (03 §4.2) and who hold
// no role yet: shown with the roles they wait for.
func pending(ctx context.Context, h *held, hist *access.History, have []api.Member) []api.Member {
	byDID := map[string]*api.Member{}
	var order []string
	for _, e := range hist.Log() {
		ev := e.Event
		if ev.Kind != access.KindAssign || !ev.Assigned || e.Status.Outcome != access.Waiting {
			continue
		}
		if slices.ContainsFunc(have, func(m api.Member) bool { return m.DID == ev.DID }) {
			continue
		}
		m := byDID[ev.DID]
		if m == nil {
			m = &api.Member{DID: ev.DID, ProfileName: profileName(ctx, h, ev.DID), Pending: true}
			byDID[ev.DID] = m
			order = append(order, ev.DID)
		}
		if !slices.Contains(m.Roles, ev.Role) {
			m.Roles = append(m.Roles, ev.Role)
		}
	}
	out := []api.Member{}
	for _, d := range order {
		out = append(out, *byDID[d])
	}
	return out
}

// profileName is the name an account's profile gives in the space (03 §11).
func profileName(ctx context.Context, h *held, did string) string {
	v, err := h.store.Current(ctx, space.ProfileKey(did))
	if err != nil {
		return ""
	}
	b, ok := h.body(ctx, v)
	if !ok {
		return ""
	}
	p, err := space.ParseProfile(b)
	if err != nil {
		return ""
	}
	return p.Name
}

// accessDraft is the next version of an access record: the first at key,
// or the one after the version currently there. Access versions are
// retained (03 §3.2).
func accessDraft(ctx context.Context, h *held, collection, key string, body map[string]any) *record.Version {
	d := &record.Version{Collection: collection, Key: key}
	if cur, err := h.store.Current(ctx, key); err == nil {
		d = record.Next(cur)
	}
	d.Body, d.HasBody, d.Retain = body, true, true
	return d
}

func removeDraft(did string) *record.Version {
	return &record.Version{Collection: collRemove, Key: record.RemoveKey(did),
		Body: map[string]any{"did": did}, HasBody: true, Retain: true}
}

// memberArgs checks a DID and role given by a UI.
func checkDIDRole(did, role string, needRole bool) error {
	if !identity.IsDID(did) {
		return api.Errorf(api.CodeInvalid, "%q is not an account (did:key)", did)
	}
	if needRole && !space.IsRoleName(role) {
		return api.Errorf(api.CodeInvalid, "%q is not a role name", role)
	}
	return nil
}

// Assign gives account a role (03 §2.5).
func (n *Node) Assign(ctx context.Context, id, account, role string) error {
	return n.assign(ctx, id, account, role, true)
}

// Unassign takes a role from account (03 §2.5).
func (n *Node) Unassign(ctx context.Context, id, account, role string) error {
	return n.assign(ctx, id, account, role, false)
}

func (n *Node) assign(ctx context.Context, id, account, role string, on bool) error {
	n.mu.Lock()
	defer n.mu.Unlock()
	h, hist, err := n.spaceReplayLocked(ctx, id)
	if err != nil {
		return err
	}
	if err := checkDIDRole(account, role, true); err != nil {
		return err
	}
	if err := checkRoleKnown(hist.Current(), account, role, on); err != nil {
		return err
	}
	if err := n.rightsLocked(ctx, h, hist).check(assignEvent(account, role, on)); err != nil {
		return err
	}
	body := map[string]any{"did": account, "role": role, "assigned": on}
	if !on { // taking a role takes power (03 §6.3)
		if body, err = withCutoff(ctx, h, hist.Current(), account, body); err != nil {
			return err
		}
	}
	_, err = n.writeLocked(ctx, h, accessDraft(ctx, h, collAssign, record.AssignKey(account, role), body))
	return err
}

// RemoveMember removes another account from the space (03 §6.1). What it
// writes is checked before any of it is written (member_checks.go): a refused
// removal, or a key change a private space would then refuse, leaves the
// space as it was. The account's own leaves with LeaveSpace.
func (n *Node) RemoveMember(ctx context.Context, id, account string) error {
	n.mu.Lock()
	defer n.mu.Unlock()
	h, hist, err := n.spaceReplayLocked(ctx, id)
	if err != nil {
		return err
	}
	if err := checkDIDRole(account, "", false); err != nil {
		return err
	}
	if account == n.acct.DID() {
		return &api.Error{Code: api.CodeInvalid, Message: "this is your own account: removing it is leaving the space",
			Hint: "to leave, use `minca space leave " + id + "`"}
	}
	if err := n.rightsLocked(ctx, h, hist).blockedErr(); err != nil {
		return err
	}
	if !hist.Current().IsMember(account) {
		return api.Errorf(api.CodeNotFound, "%s is not a member of %s", account, id)
	}
	if err := n.checkRemovalLocked(ctx, h, hist, account); err != nil {
		return err
	}
	body, err := withCutoff(ctx, h, hist.Current(), account, map[string]any{"did": account})
	if err != nil {
		return err
	}
	if _, err := n.writeLocked(ctx, h, accessDraft(ctx, h, collRemove, record.RemoveKey(account), body)); err != nil {
		return err
	}
	if h.private() {
		return n.changeKeyLocked(ctx, h) // 03 §9.3: at once
	}
	return nil
}

// StepDown gives up the account's founder status (03 §6.2).
func (n *Node) StepDown(ctx context.Context, id string) error {
	n.mu.Lock()
	defer n.mu.Unlock()
	h, hist, err := n.spaceReplayLocked(ctx, id)
	if err != nil {
		return err
	}
	me := n.acct.DID()
	if err := n.rightsLocked(ctx, h, hist).check(access.Event{Kind: access.KindStepdown, DID: me}); err != nil {
		return err
	}
	body, err := withCutoff(ctx, h, hist.Current(), me, map[string]any{"did": me})
	if err != nil {
		return err
	}
	_, err = n.writeLocked(ctx, h, accessDraft(ctx, h, collStepdown, record.StepdownKey(me), body))
	return err
}

// DefineRole defines or redefines a role (03 §2.4): its grants are
// delegation payloads from the account to the role.
func (n *Node) DefineRole(ctx context.Context, id string, def api.RoleDefinition) error {
	n.mu.Lock()
	defer n.mu.Unlock()
	h, hist, err := n.spaceReplayLocked(ctx, id)
	if err != nil {
		return err
	}
	if !space.IsRoleName(def.Name) {
		return api.Errorf(api.CodeInvalid, "%q is not a role name", def.Name)
	}
	if err := n.rightsLocked(ctx, h, hist).check(access.Event{Kind: access.KindRole, Name: def.Name}); err != nil {
		return err
	}
	me := n.acct.DID()
	grants := []any{}
	for _, g := range def.Grants {
		pol := g.Pol
		if pol == nil {
			pol = []any{}
		}
		sg, err := space.ParseGrant(map[string]any{"cmd": g.Cmd, "pol": pol})
		if err != nil {
			return api.Errorf(api.CodeInvalid, "grant %s: %w", g.Cmd, err)
		}
		nonce := make([]byte, 12)
		if _, err := n.cfg.Rand.Read(nonce); err != nil {
			return internal(err)
		}
		grants = append(grants, space.GrantPayload(sg, me, id, def.Name, enc.B64URL(nonce)))
	}
	body := map[string]any{"name": def.Name, "grants": grants}
	if def.Title != "" {
		body["title"] = def.Title
	}
	if len(def.Nests) > 0 {
		nests := []any{}
		for _, s := range def.Nests {
			nests = append(nests, s)
		}
		body["nests"] = nests
	}
	if _, err := space.ParseDefinition(body, record.RoleKey(def.Name), me, id); err != nil {
		return api.Errorf(api.CodeInvalid, "role %s: %w", def.Name, err)
	}
	_, err = n.writeLocked(ctx, h, accessDraft(ctx, h, collRole, record.RoleKey(def.Name), body))
	return err
}

package runtime

import (
	"context"
	"slices"

	"minca.dev/desktop/core/access"
	"minca.dev/desktop/node/api"
)

// What this account may do in a space (api.Rights, api.MemberRights): each
// right is refusal(e, S) (03 §4.5) of the event the account would write,
// asked of the space's current state with access.State.Refusal, the code
// the replay judges every access version with. No rule is written out
// again here: a custom role's policy answers as it would for a real change.

// Placeholders in the events rights are judged on; never stored.
const (
	probeID = "rights-probe"
	// probeNewcomer stands for an account that holds nothing in the space
	// yet: whoever an invite would let in.
	probeNewcomer = "did:key:rights-probe-newcomer"
	// probeInvite stands for a new invite's key.
	probeInvite = "did:key:rights-probe-invite"
)

// rights judges the events one account would write in one state.
type rights struct {
	s       *access.State
	me      string
	private bool
	blocked string // an api.Blocked* reason, "" when the node may write
	// nameOf is an account's profile name in the space, "" if unknown (or
	// nil): what a refusal's words name it by.
	nameOf func(did string) string
}

// rightsLocked prepares the rights of this account in h's current state
// (hist, a fresh replay). An account that appears removed (removedLocked)
// may write nothing, whatever its roles in this node's history: what is
// left to it is to remove the space from this computer (LeaveSpace).
func (n *Node) rightsLocked(ctx context.Context, h *held, hist *access.History) rights {
	r := newRights(hist.Current(), n.acct.DID(), h.private(), !h.private() || holdsCurrentKey(ctx, h))
	if n.removedLocked(h, hist) {
		r.blocked = api.BlockedRemoved
	}
	r.nameOf = func(did string) string { return profileName(ctx, h, did) }
	return r
}

// mayWriteLocked is nil when this node may write in h's space at all, else
// why not (rights.blockedErr).
func (n *Node) mayWriteLocked(ctx context.Context, h *held) error {
	hist, err := h.replay(ctx)
	if err != nil {
		return internal(err)
	}
	return n.rightsLocked(ctx, h, hist).blockedErr()
}

// removedLocked says whether the account appears removed from h's space,
// as its summary's Removal says (removalLocked): its removal is in the
// history here, or every node the space dials refuses this one (a removed
// node mostly learns of its removal so, 03 §9.2). A founder in the history
// here is never taken for removed on refusals alone: no one may remove a
// founder (03 §6.1), and a node that does not hold the space refuses too.
func (n *Node) removedLocked(h *held, hist *access.History) bool {
	me, s := n.acct.DID(), hist.Current()
	if !s.IsMember(me) {
		return lastRemoval(hist, me) != nil
	}
	return !s.IsFounder(me) && n.refusedLocked(h)
}

// newRights prepares the rights of account me in state s; hasKey says
// this node holds the current key of a private space.
func newRights(s *access.State, me string, private, hasKey bool) rights {
	r := rights{s: s, me: me, private: private}
	switch {
	case !s.IsMember(me):
		r.blocked = api.BlockedNotMember
	case private && !hasKey:
		r.blocked = api.BlockedNoKey
	}
	return r
}

// holdsCurrentKey says whether this node holds a private space's current
// key, without which it writes nothing there (03 §8.3).
func holdsCurrentKey(ctx context.Context, h *held) bool {
	ring, err := h.keys.keyring(ctx)
	if err != nil {
		return false
	}
	_, ok := ring.Current()
	return ok
}

// allows says whether the space takes e from this account (03 §4.5).
func (r rights) allows(e access.Event) bool {
	if r.blocked != "" {
		return false
	}
	e.ID, e.Root, e.Author, e.N = probeID, r.me, r.me, access.NoPlace
	return r.s.Refusal(&e) == nil
}

// roleNames are the roles the space defines now (03 §2.4), sorted.
func roleNames(s *access.State) []string {
	var out []string
	for name, defs := range s.Snapshot().Roles {
		if len(defs) > 0 {
			out = append(out, name)
		}
	}
	slices.Sort(out)
	return out
}

// space is api.Rights for the space as a whole.
func (r rights) space() api.Rights {
	roles := roleNames(r.s)
	out := api.Rights{Member: r.s.IsMember(r.me), Blocked: r.blocked,
		AssignSelf: []string{}, AssignOthers: []string{}, DefineRoles: []string{}, Invite: []string{}, CloseInvites: []string{}}
	held := r.s.RolesOf(r.me)
	for _, role := range roles {
		if !slices.Contains(held, role) && r.allows(assignEvent(r.me, role, true)) {
			out.AssignSelf = append(out.AssignSelf, role)
		}
		if r.allows(assignEvent(probeNewcomer, role, true)) {
			out.AssignOthers = append(out.AssignOthers, role)
		}
		if r.allows(access.Event{Kind: access.KindRole, Name: role}) {
			out.DefineRoles = append(out.DefineRoles, role)
		}
		if r.allows(access.Event{Kind: access.KindInvite, InviteKey: probeInvite, Role: role, Open: true}) {
			out.Invite = append(out.Invite, role)
		}
	}
	for _, m := range r.s.Readers() {
		if m != r.me && r.mayRemove(m) {
			out.RemoveMembers = true
			break
		}
	}
	out.StepDown = r.allows(access.Event{Kind: access.KindStepdown, DID: r.me})
	out.Leave = r.allows(access.Event{Kind: access.KindRemove, DID: r.me})
	keepers, copies := r.s.Keepers()
	out.Keepers = r.allows(access.Event{Kind: access.KindKeepers, Keepers: keepers, Copies: copies})
	// A view-only invite has no record to judge (03 §7.5): a member whose
	// node may write (and so holds the current key) makes one.
	out.InviteViewOnly = r.blocked == ""
	keys := make([]string, 0)
	for key, inv := range r.s.Snapshot().Invites {
		if inv.Open && r.allows(access.Event{Kind: access.KindInvite, InviteKey: key, Role: inv.Role}) {
			keys = append(keys, key)
		}
	}
	slices.Sort(keys)
	out.CloseInvites = keys
	return out
}

// member is api.MemberRights toward one member.
func (r rights) member(did string, roles []string) api.MemberRights {
	out := api.MemberRights{Give: []string{}, Take: []string{}}
	for _, role := range roleNames(r.s) {
		if !slices.Contains(roles, role) && r.allows(assignEvent(did, role, true)) {
			out.Give = append(out.Give, role)
		}
	}
	for _, role := range roles {
		if r.allows(assignEvent(did, role, false)) {
			out.Take = append(out.Take, role)
		}
	}
	out.Remove = did != r.me && r.mayRemove(did)
	return out
}

// mayRemove: the removal, and in a private space the key change due at
// once after it (03 §9.3), which RemoveMember checks before writing
// either (checkRemovalLocked). The removal of another account changes
// none of this account's grants, so the key change is asked of the same
// state.
func (r rights) mayRemove(did string) bool {
	if !r.allows(access.Event{Kind: access.KindRemove, DID: did}) {
		return false
	}
	return !r.private || r.s.May(r.me, access.CmdKeyChange, map[string]any{})
}

func assignEvent(did, role string, on bool) access.Event {
	return access.Event{Kind: access.KindAssign, DID: did, Role: role, Assigned: on}
}

// check is nil when the space would take e from this account, else the
// error saying why in people's words (refusedWords), the protocol's
// sentence as its Detail: a change is checked so before it is written, and
// a refused one leaves the space as it was.
func (r rights) check(e access.Event) error {
	if err := r.blockedErr(); err != nil {
		return err
	}
	e.ID, e.Root, e.Author, e.N = probeID, r.me, r.me, access.NoPlace
	if ref := r.s.Refusal(&e); ref != nil {
		name := ""
		if who := refusedAccount(e, ref); who != "" && r.nameOf != nil {
			name = r.nameOf(who)
		}
		return refusedChange(ref, name)
	}
	return nil
}

// blockedErr is why this node may write nothing in the space, nil when it
// may write: also the answer to a change no event judges (a view-only
// invite, 03 §7.5).
func (r rights) blockedErr() error {
	switch r.blocked {
	case api.BlockedRemoved:
		return &api.Error{Code: api.CodeForbidden, Reason: api.ReasonNotMember, Message: msgRemoved, Hint: hintRemoved,
			Detail: "the account's removal is in the space's history here, or every computer the space syncs with refuses this one (03 §9.2)"}
	case api.BlockedNotMember:
		return &api.Error{Code: api.CodeForbidden, Reason: api.ReasonNotMember, Message: msgNoPlace, Detail: "isMember(S, " + r.me + ") is false"}
	case api.BlockedNoKey:
		return &api.Error{Code: api.CodeForbidden, Reason: api.ReasonNoKey, Message: msgNoKey, Hint: hintNoKey, Detail: "this node holds no current key of the space (03 §8.3)"}
	}
	return nil
}

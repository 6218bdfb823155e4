package runtime

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"minca.dev/desktop/core/access"
	"minca.dev/desktop/node/api"
)

// What a change to the members would write is checked before it is written,
// so a refused change leaves the space as it was (members.go).

// pendingRemoval is the id of the removal RemoveMember is about to write,
// as checkRemovalLocked adds it to a replay of its own (never stored).
const pendingRemoval = "pending-removal"

// checkRemovalLocked says whether every change RemoveMember would write is
// one the space takes from this account, before any is written: the
// removal as the current state judges it (03 §4.5: refusal(e, S)) and, in
// a private space, the key change due at once after it (03 §9.3), judged
// in the state the removal makes, with the keys the change needs held.
// hist is a fresh replay (held.replay): the removal is added to it.
func (n *Node) checkRemovalLocked(ctx context.Context, h *held, hist *access.History, account string) error {
	me := n.acct.DID()
	ev := access.Event{ID: pendingRemoval, Kind: access.KindRemove, Root: me, Author: n.session.DID(),
		Seen: hist.Heads(), N: access.NoPlace, DID: account}
	if r := hist.Current().Refusal(&ev); r != nil {
		return refusedChange(r, profileName(ctx, h, refusedAccount(ev, r)))
	}
	if !h.private() {
		return nil
	}
	ring, err := h.keys.keyring(ctx)
	if err != nil {
		return internal(err)
	}
	_, first := ring.First()
	_, current := ring.Current()
	if !first || !current {
		return &api.Error{Code: api.CodeForbidden, Reason: api.ReasonNoKey, Message: "This computer does not have the space's keys yet, and removing someone from a private space changes its key: nothing was removed.",
			Hint:   "Let it sync with another member's computer first, or remove them from a computer that reads the space.",
			Detail: "this node does not hold the space's keys, so it cannot change the key after the removal (03 §9.3)"}
	}
	if err := hist.Add(ev); err != nil {
		return internal(err)
	}
	if !hist.Current().May(me, access.CmdKeyChange, map[string]any{}) {
		return &api.Error{Code: api.CodeForbidden, Reason: string(access.RefusedNoGrant), Message: "Removing someone from a private space changes its key, which your roles do not allow: nothing was removed.",
			Hint:   "Ask someone who may change the key, such as an admin, to remove them.",
			Detail: "this account may not change the space's key (" + access.CmdKeyChange + "), which a removal in a private space needs at once (03 §9.3)"}
	}
	return nil
}

// checkRoleKnown refuses an assignment of a role the space does not define
// (03 §2.4), or taking one neither defined nor held, naming the roles
// there are; a UI lists them to choose from.
func checkRoleKnown(s *access.State, account, role string, assign bool) error {
	if s.RoleExists(role) || (!assign && slices.Contains(s.RolesOf(account), role)) {
		return nil
	}
	var names []string
	for name, defs := range s.Snapshot().Roles {
		if len(defs) > 0 {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	return &api.Error{Code: api.CodeInvalid, Message: fmt.Sprintf("this space has no role %q; its roles: ", role) + strings.Join(names, ", "),
		Hint: fmt.Sprintf("give one of its roles, or define %q first", role)}
}

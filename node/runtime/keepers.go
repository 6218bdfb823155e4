package runtime

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"minca.dev/desktop/core/access"
	"minca.dev/desktop/core/identity"
	"minca.dev/desktop/core/invite"
	"minca.dev/desktop/core/space"
	"minca.dev/desktop/node/api"
)

// The keepers of a space (03 §10): sys.keepers at keepers:space, { keepers:
// [{ did, name }], copies }, written only by an account granted
// /space/keepers. A keeper is named by its node URL without the pin
// (invite.KeeperFor), so every member's node dials it from the history
// alone (node/netsync), and the invites this node makes name it (03 §7.4).

const collKeepersRecord = "sys.keepers"

// Keepers lists the keepers the space names now.
func (n *Node) Keepers(ctx context.Context, id string) ([]api.Keeper, error) {
	n.mu.Lock()
	defer n.mu.Unlock()
	_, hist, err := n.spaceReplayLocked(ctx, id)
	if err != nil {
		return nil, err
	}
	ks, _ := hist.Current().Keepers()
	return n.apiKeepersLocked(ks), nil
}

// SetKeepers replaces the space's keepers with req.Keepers, each a pinned
// node URL or the DID of a keeper named already (kept as named). Copies
// stays as it was. A list equal to the current one writes nothing.
func (n *Node) SetKeepers(ctx context.Context, req api.SetKeepers) ([]api.Keeper, error) {
	n.mu.Lock()
	defer n.mu.Unlock()
	h, hist, err := n.spaceReplayLocked(ctx, req.SpaceID)
	if err != nil {
		return nil, err
	}
	if err := n.rightsLocked(ctx, h, hist).blockedErr(); err != nil {
		return nil, err
	}
	cur := hist.Current()
	if me := n.acct.DID(); !cur.May(me, space.CmdSpaceKeepers, map[string]any{}) {
		return nil, &api.Error{Code: api.CodeForbidden,
			Message: fmt.Sprintf("only someone who manages the space may name its keepers (03 §10: %s); your roles here: %s",
				space.CmdSpaceKeepers, rolesText(cur.RolesOf(me))),
			Hint: "ask one of the space's admins or founders to add the host"}
	}
	old, copies := cur.Keepers()
	ks, err := keepersFrom(req.Keepers, old)
	if err != nil {
		return nil, err
	}
	if slices.Equal(ks, old) {
		return n.apiKeepersLocked(ks), nil
	}
	list := make([]any, len(ks))
	for i, k := range ks {
		list[i] = map[string]any{"did": k.DID, "name": k.Name}
	}
	var c any
	if copies != nil {
		c = float64(*copies)
	}
	body := map[string]any{"keepers": list, "copies": c}
	if _, err := space.ParseKeepers(body); err != nil {
		return nil, api.Errorf(api.CodeInvalid, "keepers: %w", err)
	}
	if _, err := n.writeLocked(ctx, h, accessDraft(ctx, h, collKeepersRecord, space.KeepersKey, body)); err != nil {
		return nil, err
	}
	return n.apiKeepersLocked(ks), nil
}

// keepersFrom reads a list a UI gave: node URLs, or DIDs of keepers in
// old. At most api.MaxKeepers, no node twice.
func keepersFrom(list []string, old []access.Keeper) ([]access.Keeper, error) {
	if len(list) > api.MaxKeepers {
		return nil, api.Errorf(api.CodeInvalid, "%d keepers: a space names at most %d (03 §10)", len(list), api.MaxKeepers)
	}
	out := []access.Keeper{}
	seen := map[string]bool{} // DIDs, and addresses (04 §5.2: no URL has two pins)
	for _, s := range list {
		s = strings.TrimSpace(s)
		k, err := keeperOf(s, old)
		if err != nil {
			return nil, err
		}
		if seen[k.DID] {
			return nil, api.Errorf(api.CodeInvalid, "%s is named twice (03 §10)", k.DID)
		}
		if _, ok := invite.KeeperNode(space.Keeper{DID: k.DID, Name: k.Name}); ok && seen[k.Name] {
			return nil, api.Errorf(api.CodeInvalid, "%s is named twice, with two different keys (04 §5.2)", k.Name)
		}
		seen[k.DID], seen[k.Name] = true, true
		out = append(out, k)
	}
	return out, nil
}

func keeperOf(s string, old []access.Keeper) (access.Keeper, error) {
	if identity.IsDID(s) {
		if i := slices.IndexFunc(old, func(k access.Keeper) bool { return k.DID == s }); i >= 0 {
			return old[i], nil
		}
		return access.Keeper{}, api.Errorf(api.CodeInvalid,
			"%s is not a keeper of the space yet: give the host's address (its node URL, what `minca host` prints after \"Accepting peers at\")", s)
	}
	k, err := invite.KeeperFor(s)
	if err != nil {
		if errors.Is(err, invite.ErrNodes) && !strings.Contains(s, "#") {
			return access.Keeper{}, api.Errorf(api.CodeInvalid,
				"%q is not a host's address: it must end with #did:key:… (copy all of what `minca host` prints after \"Accepting peers at\")", s)
		}
		return access.Keeper{}, api.Errorf(api.CodeInvalid, "%q: %w", s, err)
	}
	return access.Keeper{DID: k.DID, Name: k.Name}, nil
}

// apiKeepersLocked is ks as the UI shows them.
func (n *Node) apiKeepersLocked(ks []access.Keeper) []api.Keeper {
	self := n.wireDIDLocked()
	out := make([]api.Keeper, 0, len(ks))
	for _, k := range ks {
		a := api.Keeper{DID: k.DID, Name: k.Name, This: k.DID == self}
		if nd, ok := invite.KeeperNode(space.Keeper{DID: k.DID, Name: k.Name}); ok {
			a.URL = nd.String()
		}
		out = append(out, a)
	}
	return out
}

// inviteNodesLocked are the node URLs an invite to h names (03 §7.4: "the
// hosts the inviter's account uses, and those the space names"): this
// node's, then the keepers' the space names by URL; at most
// invite.MaxNodes, no URL twice.
func (n *Node) inviteNodesLocked(ctx context.Context, h *held) []string {
	out := n.nodeURLsLocked()
	hist, err := h.replay(ctx)
	if err != nil {
		return out
	}
	ks, _ := hist.Current().Keepers()
	sk := make([]space.Keeper, len(ks))
	for i, k := range ks {
		sk[i] = space.Keeper{DID: k.DID, Name: k.Name}
	}
	for _, nd := range invite.KeeperNodes(sk) {
		if len(out) == invite.MaxNodes {
			break
		}
		if !slices.ContainsFunc(out, func(u string) bool { b, _, _ := strings.Cut(u, "#"); return b == nd.URL }) {
			out = append(out, nd.String())
		}
	}
	return out
}

func rolesText(roles []string) string {
	if len(roles) == 0 {
		return "none"
	}
	return strings.Join(roles, ", ")
}

package runtime

import (
	"context"
	"slices"

	"minca.dev/desktop/core/invite"
	"minca.dev/desktop/core/space"
	"minca.dev/desktop/node/api"
)

// PreviewInvite says what a link offers, before joining (03 §7.6): the
// space, the role, who invited (the account the invitation speaks for,
// §7.4) and that account's name (inviterName).
func (n *Node) PreviewInvite(ctx context.Context, link string) (api.InvitePreview, error) {
	acc, err := invite.AcceptString(link)
	if err != nil {
		return api.InvitePreview{}, refusedLink(err)
	}
	p := acc.Preview()
	out := api.InvitePreview{SpaceID: p.SpaceID, SpaceName: p.SpaceName, Private: p.Visibility == space.VisibilityPriv,
		Role: p.Role, RoleTitle: p.RoleTitle, ViewOnly: p.ViewOnly, InvitedBy: p.InvitedBy}
	out.InviterName, out.InviterNameFrom = n.inviterName(ctx, p.InvitedBy, link)
	for _, nd := range acc.Nodes {
		out.Nodes = append(out.Nodes, nd.URL)
	}
	return out, nil
}

// inviterName is the name to show for the inviter: their profile (03 §11)
// in a space this node holds with them (the first by space id), read as
// the member lists read it; else the name the link carries (invite.From),
// which nothing checks; else none.
func (n *Node) inviterName(ctx context.Context, did, link string) (name, from string) {
	n.mu.Lock()
	defer n.mu.Unlock()
	return n.inviterNameLocked(ctx, did, link)
}

func (n *Node) inviterNameLocked(ctx context.Context, did, link string) (name, from string) {
	ids := make([]string, 0, len(n.spaces))
	for id := range n.spaces {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for _, id := range ids {
		if name := profileName(ctx, n.spaces[id], did); name != "" {
			return name, api.NameFromProfile
		}
	}
	if name := invite.From(link); name != "" {
		return name, api.NameFromLink
	}
	return "", ""
}

package runtime

import (
	"context"
	"slices"

	"minca.dev/desktop/core/enc"
	"minca.dev/desktop/core/identity"
	"minca.dev/desktop/core/invite"
	"minca.dev/desktop/node/api"
)

// The links of open invites, kept so that the account that made one can
// show it again until it is closed (issue 8 item 3). The link carries the
// invite's secret (03 §7.1), which lets anyone join, so it never lies in
// the clear. Our choice (docs/spec/06-nodes.md §1.5): the node keeps each
// link in its own state (the node store, spaceState.InviteLinks), sealed as a
// registry entry is at rest (05 §15): envelope(local key, "minca/at-rest/v1",
// {"entry": "invitelink:<space id>/<invite DID>"}, link). Not in the
// registry's spaceinvite: entry: that one is keyed by space id, one per
// space (05 §12), and is the registry's, in the data folder; these links are
// this node's alone. A link leaves with its invite: at CloseInvite, and when
// the node sees its invite closed or struck by anyone (noticeChanges); all
// of a space's go when the node stops holding it.

// linkEntry is what a kept link's envelope is bound to: its space and
// invite, so a sealed link moved to another invite does not open.
func linkEntry(spaceID, inviteKey string) map[string]any {
	return map[string]any{"entry": "invitelink:" + spaceID + "/" + inviteKey}
}

// keptLink is one open invite's link, sealed.
type keptLink struct {
	Key    string `json:"key"`    // the invite key's DID
	Sealed string `json:"sealed"` // base64url of the envelope of the link
}

// stateOfLocked is the node's state entry of a space; nil if not held.
func (n *Node) stateOfLocked(spaceID string) *spaceState {
	i := slices.IndexFunc(n.st.Spaces, func(s spaceState) bool { return s.ID == spaceID })
	if i < 0 {
		return nil
	}
	return &n.st.Spaces[i]
}

// keepLinkLocked seals an invite's link into the node's state.
func (n *Node) keepLinkLocked(spaceID, inviteKey, link string) error {
	ss := n.stateOfLocked(spaceID)
	if ss == nil {
		return internal(api.Errorf(api.CodeNotFound, "space %s is not held", spaceID))
	}
	lk, err := n.localKeyLocked()
	if err != nil {
		return internal(err)
	}
	env, err := identity.Seal(lk, identity.LabelAtRest, linkEntry(spaceID, inviteKey), []byte(link), n.cfg.Rand)
	if err != nil {
		return internal(err)
	}
	ss.InviteLinks = append(slices.DeleteFunc(ss.InviteLinks, func(k keptLink) bool { return k.Key == inviteKey }),
		keptLink{Key: inviteKey, Sealed: enc.B64URL(env)})
	return n.saveLocked()
}

// keptLinkLocked opens the link kept for an invite; ok is false when none
// is kept, or it does not open (sealed by another account, moved).
func (n *Node) keptLinkLocked(spaceID, inviteKey string) (link string, ok bool) {
	ss := n.stateOfLocked(spaceID)
	if ss == nil {
		return "", false
	}
	i := slices.IndexFunc(ss.InviteLinks, func(k keptLink) bool { return k.Key == inviteKey })
	if i < 0 {
		return "", false
	}
	lk, err := n.localKeyLocked()
	if err != nil {
		return "", false
	}
	env, err := enc.DecodeB64URL(ss.InviteLinks[i].Sealed)
	if err != nil {
		return "", false
	}
	raw, err := identity.Open(lk, identity.LabelAtRest, linkEntry(spaceID, inviteKey), env)
	if err != nil {
		return "", false
	}
	return string(raw), true
}

// dropLinksLocked deletes the kept links of a space's invites that open
// does not name, and saves the state if any went.
func (n *Node) dropLinksLocked(spaceID string, open func(inviteKey string) bool) {
	ss := n.stateOfLocked(spaceID)
	if ss == nil || len(ss.InviteLinks) == 0 {
		return
	}
	before := len(ss.InviteLinks)
	ss.InviteLinks = slices.DeleteFunc(ss.InviteLinks, func(k keptLink) bool { return !open(k.Key) })
	if len(ss.InviteLinks) != before {
		n.saveLocked()
	}
}

// dropClosedLinksLocked deletes the kept links of h's invites that are no
// longer open (closed here or elsewhere, or struck: 03 §7.2, §4).
func (n *Node) dropClosedLinksLocked(ctx context.Context, h *held) {
	ss := n.stateOfLocked(h.sp.ID)
	if ss == nil || len(ss.InviteLinks) == 0 {
		return
	}
	hist, err := h.replay(ctx)
	if err != nil {
		return
	}
	open := hist.Current().Snapshot().Invites
	n.dropLinksLocked(h.sp.ID, func(key string) bool { return open[key].Open })
}

// InviteLink gives an open invite again with its link, which this node
// kept when it made the invite. CodeNotFound when the invite is not open,
// or this node did not make it (another device of the account, or before
// links were kept).
func (n *Node) InviteLink(ctx context.Context, spaceID, inviteKey string) (api.Invite, error) {
	if !identity.IsDID(inviteKey) {
		return api.Invite{}, api.Errorf(api.CodeInvalid, "%q is not an invite key", inviteKey)
	}
	n.mu.Lock()
	defer n.mu.Unlock()
	h, hist, err := n.spaceReplayLocked(ctx, spaceID)
	if err != nil {
		return api.Invite{}, err
	}
	inv, open := hist.Current().Snapshot().Invites[inviteKey]
	if !open || !inv.Open {
		n.dropLinksLocked(spaceID, func(k string) bool { return k != inviteKey })
		return api.Invite{}, api.Errorf(api.CodeNotFound, "no open invite %s in %s", inviteKey, spaceID)
	}
	link, ok := n.keptLinkLocked(spaceID, inviteKey)
	if !ok {
		return api.Invite{}, &api.Error{Code: api.CodeNotFound, Message: "This computer does not have this invite's link: it was made on another computer, or before Minca kept links.",
			Hint: "close it and make a new one"}
	}
	out := api.Invite{SpaceID: spaceID, Key: inviteKey, Role: inv.Role, Link: link, HasLink: true}
	if v, err := h.store.Current(ctx, invite.RecordKey(inviteKey)); err == nil {
		out.CreatedAt = parseTime(v.CreatedAt)
	}
	return out, nil
}

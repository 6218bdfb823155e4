package runtime

import (
	"context"
	"os"
	"path/filepath"
	"slices"

	"minca.dev/desktop/core/account"
	"minca.dev/desktop/core/invite"
	"minca.dev/desktop/core/record"
)

// The account registry (03 §13): a private space the account derives from
// its key, in which every device records the spaces the account holds
// (sys.joined at space:<id>, a delete when it leaves) and which every device
// follows.

// openRegistryLocked opens the account's registry space; its key is derived,
// so nothing about it goes into the node's state.
func (n *Node) openRegistryLocked(ctx context.Context) error {
	d, err := account.FromSeed(n.seed, account.Registry)
	if err != nil {
		return internal(err)
	}
	h, err := n.openHeldLocked(ctx, d.Space, nil)
	if err != nil {
		return err
	}
	h.keys.add(d.Key)
	eng, err := n.localEngine(ctx, h)
	if err != nil {
		h.store.Close()
		return internal(err)
	}
	n.startHeldLocked(ctx, h, eng)
	n.registry = h
	return nil
}

// viewInvite is a view-only invite string to h (03 §7.5): the space and,
// for a private one, its current key, as a membership carries it.
func (n *Node) viewInviteLocked(ctx context.Context, h *held) (string, error) {
	p := invite.Params{Signer: n.session, Note: n.note, Space: h.sp, CreatedAt: n.now(), Rnd: n.cfg.Rand}
	if h.private() {
		ring, err := h.keys.keyring(ctx)
		if err != nil {
			return "", err
		}
		if cur, ok := ring.Current(); ok {
			p.SpaceKey = cur.Raw()
		}
	}
	v, err := invite.Make(p)
	if err != nil {
		return "", err
	}
	return invite.Encode(v, nil)
}

// recordMembershipLocked writes that the account holds h (03 §13.2),
// unless the registry says so already.
func (n *Node) recordMembershipLocked(ctx context.Context, h *held) error {
	r := n.registry
	key := record.SpaceKey(h.sp.ID)
	cur, err := r.store.Current(ctx, key)
	if err == nil && !cur.Deleted {
		return nil
	}
	inv, err := n.viewInviteLocked(ctx, h)
	if err != nil {
		return internal(err)
	}
	body := account.Membership{Space: h.sp.ID, Invite: inv}.Body()
	d := &record.Version{Collection: account.CollectionMembership, Key: key, Body: body, HasBody: true}
	if cur != nil {
		d = record.Next(cur)
		d.Body, d.HasBody = body, true
	}
	_, err = n.writeLocked(ctx, r, d)
	return err
}

// forgetMembershipLocked writes that the account left the space id.
func (n *Node) forgetMembershipLocked(ctx context.Context, id string) error {
	cur, err := n.registry.store.Current(ctx, record.SpaceKey(id))
	if err != nil || cur.Deleted {
		return nil
	}
	d := record.Next(cur)
	d.Deleted = true
	_, err = n.writeLocked(ctx, n.registry, d)
	return err
}

// followLocked holds every space the registry lists that the node does not
// hold yet, and stops holding those the registry says the account left,
// but for one it is joining (again) now.
func (n *Node) followLocked(ctx context.Context) error {
	r := n.registry
	vs, err := r.store.Collection(ctx, account.CollectionMembership)
	if err != nil {
		return internal(err)
	}
	var held []account.Held
	left := map[string]bool{}
	for _, v := range vs {
		root := rootOf(v)
		if v.Deleted {
			if cur, err := r.store.Current(ctx, v.Key); err == nil && cur.ID == v.ID {
				left[v.Key] = true
			}
			held = append(held, account.Held{Version: v, Root: root})
			continue
		}
		body, ok := r.body(ctx, v)
		if !ok {
			continue
		}
		opened := *v
		opened.Body = body
		held = append(held, account.Held{Version: &opened, Root: root})
	}
	for _, m := range account.Memberships(n.acct.DID(), held) {
		if _, ok := n.spaces[m.Space]; ok || m.Invite == "" {
			continue
		}
		if err := n.followOneLocked(ctx, m); err != nil {
			return err
		}
	}
	for id := range n.spaces {
		// A space joined again after it was left is joining: the kept
		// join is the account's later word (its membership is written
		// once it lands), not the leave before it.
		if left[record.SpaceKey(id)] && n.joiningLocked(id) == nil {
			n.dropLocked(ctx, id)
		}
	}
	return nil
}

func (n *Node) followOneLocked(ctx context.Context, m account.Membership) error {
	acc, err := invite.AcceptString(m.Invite)
	if err != nil || acc.Space.ID != m.Space {
		return nil // a membership whose invite does not check is passed over
	}
	h, err := n.holdLocked(ctx, acc.Space)
	if err != nil {
		return err
	}
	return n.holdInviteKeyLocked(h, acc)
}

// dropLocked stops holding a space and removes its store.
func (n *Node) dropLocked(ctx context.Context, id string) {
	h := n.spaces[id]
	if h == nil {
		return
	}
	n.closeHeldLocked(h)
	n.deleteJoinLocked(id) // its kept invite, if any (05 §12)
	delete(n.spaces, id)
	n.st.Spaces = slices.DeleteFunc(n.st.Spaces, func(s spaceState) bool { return s.ID == id })
	n.saveLocked()
	base := filepath.Join(n.dir, spacesDir, id+".db")
	for _, p := range []string{base, base + "-wal", base + "-shm"} {
		os.Remove(p)
	}
	n.emitSpacesLocked(ctx)
}

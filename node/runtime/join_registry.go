package runtime

import (
	"context"
	"errors"
	"slices"
	"strings"

	"minca.dev/desktop/core/enc"
	"minca.dev/desktop/core/invite"
	"minca.dev/desktop/node/folder"
	"minca.dev/desktop/node/registry"
)

// Kept joins in the account's registry (05 §12: spaceinvite:<space id>,
// sealed, §15), in the data folder (node/registry): written when a join is
// kept (join_pending.go), read when the node opens and whenever the
// folder mirror's pass finds the entries changed (another device of the
// account sharing the folder kept or finished one), deleted once joined,
// refused or given up. The value is the invite link as pasted: the invite
// string with its secret (03 §7.4), and the inviter's name a link may
// carry; our choice where 05 §12 names no format. (An older build's kept
// invite, moved here, is the invite string alone.)
//
// Reading them makes the node's spaces match: a join an entry names that
// the node does not know is held and listed as joining (found, tried as
// records arrive); a join the node lists whose entry is gone was written
// or given up by another device: the join is forgotten once the account is
// a member or the registry space lists the space, and the space let go if
// neither comes within joinDefer (joinGoneLocked). A join an older
// build kept in state.json (pendingJoin.Sealed) moves into the registry.

const joinPrefix = "spaceinvite:"

// joinEntry is the registry entry a kept invite is (05 §12).
func joinEntry(spaceID string) string { return joinPrefix + spaceID }

// withRegistryLocked runs f on the account's registry store in the data
// folder, opened for it.
func (n *Node) withRegistryLocked(f func(*registry.Store) error) error {
	dir := n.folderPathLocked()
	if dir == "" || n.st.AccountID == "" {
		return errors.New("no data folder")
	}
	root, err := n.openFolderAt(dir)
	if err != nil {
		return err
	}
	defer root.Close()
	rs, err := n.registryAtLocked(root)
	if err != nil {
		return err
	}
	return f(rs)
}

func (n *Node) registryAtLocked(root *folder.Root) (*registry.Store, error) {
	lk, err := n.localKeyLocked()
	if err != nil {
		return nil, err
	}
	return registry.Open(root, n.st.AccountID, lk)
}

// deleteJoinLocked deletes space id's kept invite from the registry; one
// out of reach stays, and is found joined or gone later.
func (n *Node) deleteJoinLocked(id string) {
	n.withRegistryLocked(func(rs *registry.Store) error { return rs.Delete(joinEntry(id)) })
}

// openOldJoinLocked opens an older build's kept invite (sealed as the
// registry entry is, kept in state.json).
func (n *Node) openOldJoinLocked(spaceID, sealed string) ([]byte, error) {
	lk, err := n.localKeyLocked()
	if err != nil {
		return nil, err
	}
	env, err := enc.DecodeB64URL(sealed)
	if err != nil {
		return nil, errors.Join(registry.ErrRefused, err)
	}
	return registry.Unseal(lk, joinEntry(spaceID), env)
}

// lookJoinsLocked reads the kept joins of the registry in the data folder
// (the node opening).
func (n *Node) lookJoinsLocked(ctx context.Context) {
	n.withRegistryLocked(func(rs *registry.Store) error {
		n.matchJoinsLocked(ctx, rs)
		return nil
	})
}

// lookJoins is the folder mirror's look (root: the data folder it has
// open): the kept joins read again when the registry's entries are not
// those the node lists.
func (n *Node) lookJoins(root *folder.Root) {
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.closed || n.acct == nil || n.st.AccountID == "" || root.Dir() != n.folderPathLocked() {
		return
	}
	rs, err := n.registryAtLocked(root)
	if err != nil {
		return
	}
	keys, err := rs.Keys(joinPrefix)
	if err != nil || slices.Equal(keys, n.joiningKeysLocked()) {
		return
	}
	n.matchJoinsLocked(context.Background(), rs)
}

// joiningKeysLocked are the registry entries of the joins the node lists,
// sorted; an older build's (not in the registry yet) never matches, and a
// closed one's entry is gone.
func (n *Node) joiningKeysLocked() []string {
	var keys []string
	for _, ss := range n.st.Spaces {
		if ss.Joining != nil && !ss.Joining.Closed {
			if ss.Joining.Sealed != "" {
				return []string{""}
			}
			keys = append(keys, joinEntry(ss.ID))
		}
	}
	slices.Sort(keys)
	return keys
}

// matchJoinsLocked makes the node's kept joins those of the registry.
func (n *Node) matchJoinsLocked(ctx context.Context, rs *registry.Store) {
	n.migrateJoinsLocked(rs)
	n.followFolderLocked(rs)
	l, err := rs.List(joinPrefix)
	if err != nil {
		return
	}
	listed := map[string]bool{}
	for _, key := range l.Refused {
		listed[strings.TrimPrefix(key, joinPrefix)] = true // refused alone (05 §15), not gone
	}
	for _, e := range l.Entries {
		id := strings.TrimPrefix(e.Key, joinPrefix)
		listed[id] = true
		n.foundJoinLocked(ctx, id, string(e.Value))
	}
	var gone []string
	for _, ss := range n.st.Spaces {
		if ss.Joining != nil && ss.Joining.Sealed == "" && !ss.Joining.Closed && !listed[ss.ID] {
			gone = append(gone, ss.ID)
		}
	}
	for _, id := range gone {
		if h := n.spaces[id]; h != nil {
			n.tryJoinLocked(ctx, h) // joinGoneLocked
		}
	}
}

// foundJoinLocked takes in the registry's kept invite s of space id: a
// join the node does not list yet is held and listed, found. An entry that
// is no role invite to that space is left alone.
func (n *Node) foundJoinLocked(ctx context.Context, id, s string) {
	if ss := n.stateOfLocked(id); ss != nil && ss.Joining != nil {
		return
	}
	acc, err := invite.AcceptString(s)
	if err != nil || acc.Space.ID != id || acc.ViewOnly() {
		return
	}
	h, ok := n.spaces[id]
	if !ok {
		if h, err = n.holdLocked(ctx, acc.Space); err != nil {
			return
		}
	}
	if n.holdInviteKeyLocked(h, acc) != nil || n.dialLocked(h, nodesOf(acc)) != nil { // the key first: the dials prove it
		return
	}
	p := acc.Preview()
	name, _ := n.inviterNameLocked(ctx, p.InvitedBy, s)
	n.stateOfLocked(id).Joining = &pendingJoin{InvitedBy: p.InvitedBy, InviterName: name, Role: p.Role, Found: true,
		Folder: n.folderPathLocked()}
	n.saveLocked()
	n.tryJoinLocked(ctx, h) // the account may be a member already: the entry goes
	n.emitSpacesLocked(ctx)
}

// followFolderLocked moves the kept joins of another data folder (the
// node switched folders: api.SetFolder) into this one's registry rs, so
// they are not taken for joins another device wrote or gave up. One whose
// old folder is out of reach waits; one neither folder holds is left to
// matchJoinsLocked.
func (n *Node) followFolderLocked(rs *registry.Store) {
	here := n.folderPathLocked()
	for i := range n.st.Spaces {
		ss := &n.st.Spaces[i]
		pj := ss.Joining
		if pj == nil || pj.Sealed != "" || pj.Folder == "" || pj.Folder == here {
			continue
		}
		if _, err := rs.Get(joinEntry(ss.ID)); err != nil && !n.moveJoinLocked(rs, pj.Folder, ss.ID) {
			continue
		}
		pj.Folder = here
		n.saveLocked()
	}
}

// moveJoinLocked copies space id's kept invite from the registry of the
// data folder dir into rs: false when dir is out of reach. One dir does
// not hold either is not copied.
func (n *Node) moveJoinLocked(rs *registry.Store, dir, id string) bool {
	root, err := n.openFolderAt(dir)
	if err != nil {
		return false
	}
	defer root.Close()
	old, err := n.registryAtLocked(root)
	if err != nil {
		return false
	}
	raw, err := old.Get(joinEntry(id))
	if errors.Is(err, registry.ErrNotFound) {
		return true
	}
	return err == nil && rs.Put(joinEntry(id), raw) == nil
}

// migrateJoinsLocked moves the joins an older build kept in state.json
// into the registry; one whose invite does not open is forgotten.
func (n *Node) migrateJoinsLocked(rs *registry.Store) {
	for i := range n.st.Spaces {
		ss := &n.st.Spaces[i]
		if ss.Joining == nil || ss.Joining.Sealed == "" {
			continue
		}
		raw, err := n.openOldJoinLocked(ss.ID, ss.Joining.Sealed)
		switch {
		case err != nil:
			ss.Joining = nil
		case ss.Joining.Closed: // its secret opens nothing now
			ss.Joining.Sealed = ""
		case rs.Put(joinEntry(ss.ID), raw) == nil:
			ss.Joining.Sealed, ss.Joining.Folder = "", n.folderPathLocked()
		default:
			continue
		}
		n.saveLocked()
	}
}

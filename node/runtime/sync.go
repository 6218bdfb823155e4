package runtime

import (
	"context"
	"slices"

	"minca.dev/desktop/node/api"
	"minca.dev/desktop/node/netsync"
)

// kindSync is the Watch event that carries the sync status.
const kindSync = "sync"

// syncStateLocked is a space's sync state (api.SpaceSync.State): node/netsync's
// on sockets, the Hub's otherwise.
func (n *Node) syncStateLocked(h *held) string {
	if n.net != nil {
		if st, ok := n.net.State(h.sp.ID); ok {
			return st
		}
	}
	return n.hubStateLocked(h)
}

// spacePeersLocked are the peers of one space.
func (n *Node) spacePeersLocked(ctx context.Context, h *held) []api.PeerStatus {
	if n.net == nil {
		return n.hubPeersLocked(h)
	}
	out := []api.PeerStatus{}
	for _, p := range n.net.Status(ctx).Peers {
		if slices.Contains(p.Spaces, h.sp.ID) {
			out = append(out, p)
		}
	}
	n.namePeersLocked(ctx, out)
	return out
}

// namePeersLocked says who each peer is, past the account and keeper name
// node/netsync knows (docs/spec/06-nodes.md §1.7): the account's profile
// name in the first space of the peer's that gives one (03 §11), and
// whether the account is this one, the peer one of its own devices.
func (n *Node) namePeersLocked(ctx context.Context, peers []api.PeerStatus) {
	if n.acct == nil {
		return
	}
	me := n.acct.DID()
	for i := range peers {
		p := &peers[i]
		if p.Account == "" {
			continue
		}
		p.Own = p.Account == me
		for _, id := range p.Spaces {
			if h := n.spaces[id]; h != nil && p.ProfileName == "" {
				p.ProfileName = profileName(ctx, h, p.Account)
			}
		}
	}
}

// SyncStatus is the sync state of every space and peer.
func (n *Node) SyncStatus(ctx context.Context) (api.SyncStatus, error) {
	n.mu.Lock()
	defer n.mu.Unlock()
	if err := n.readyLocked(); err != nil {
		return api.SyncStatus{}, err
	}
	return n.syncStatusLocked(ctx), nil
}

// syncStatusLocked is node/netsync's status on sockets, with Listen the
// node URL others dial (04 §5.2); the Hub's otherwise.
func (n *Node) syncStatusLocked(ctx context.Context) api.SyncStatus {
	if n.net == nil {
		return n.withFolderPullsLocked(n.hubStatusLocked(ctx))
	}
	st := n.net.Status(ctx)
	st.Listen = n.netURL
	n.namePeersLocked(ctx, st.Peers)
	return n.withFolderPullsLocked(st)
}

// SyncNow writes the boxes due in one space ("" = every space), then says
// hello to its peers so sessions begin (05 §6.2).
func (n *Node) SyncNow(ctx context.Context, id string) error {
	n.mu.Lock()
	defer n.mu.Unlock()
	if err := n.readyLocked(); err != nil {
		return err
	}
	list := n.spaces
	if id != "" {
		h, err := n.spaceLocked(id)
		if err != nil {
			return err
		}
		list = map[string]*held{id: h}
	}
	for _, h := range list {
		if err := n.boxesDueLocked(ctx, h); err != nil {
			return err
		}
	}
	if n.net != nil {
		return internal(n.net.SyncNow(ctx, id))
	}
	for _, h := range list {
		if err := h.eng.Tick(ctx); err != nil {
			return internal(err)
		}
	}
	return nil
}

// PauseSync takes every space off the network until ResumeSync, kept in
// the node's state: the node opens paused after a restart or a takeover.
func (n *Node) PauseSync(ctx context.Context) error {
	n.mu.Lock()
	defer n.mu.Unlock()
	if err := n.readyLocked(); err != nil {
		return err
	}
	if err := n.keepPausedLocked(true); err != nil {
		return err
	}
	if n.net != nil {
		if err := n.net.Pause(); err != nil {
			return internal(err)
		}
	}
	if !n.paused && n.cfg.Hub != nil {
		for id := range n.spaces {
			n.cfg.Hub.leave(id, n.wire.DID())
		}
	}
	n.paused = true
	n.emitLocked(api.Event{Kind: kindSync, Data: n.syncStatusLocked(ctx)})
	return nil
}

// ResumeSync puts every space back on the network, and keeps that.
func (n *Node) ResumeSync(ctx context.Context) error {
	n.mu.Lock()
	defer n.mu.Unlock()
	if err := n.readyLocked(); err != nil {
		return err
	}
	if err := n.keepPausedLocked(false); err != nil {
		return err
	}
	if n.net != nil {
		if err := n.net.Resume(); err != nil {
			return api.Errorf(api.CodeUnavailable, "resume: %w", err)
		}
	}
	if n.paused && n.cfg.Hub != nil {
		for id, h := range n.spaces {
			n.cfg.Hub.join(ctx, id, h.eng, n.wire.DID())
		}
	}
	n.paused = false
	n.emitLocked(api.Event{Kind: kindSync, Data: n.syncStatusLocked(ctx)})
	return nil
}

// keepPausedLocked writes whether sync is paused into the node's state
// before the change is made; a state that cannot be written changes nothing.
func (n *Node) keepPausedLocked(on bool) error {
	if n.st.Paused == on {
		return nil
	}
	n.st.Paused = on
	if err := n.saveLocked(); err != nil {
		n.st.Paused = !on
		return err
	}
	return nil
}

// The in-process Hub's view of sync (tests): a peer is another node on
// the hub holding the space.

func (n *Node) hubStateLocked(h *held) string {
	peers := n.hubPeersLocked(h)
	switch {
	case n.paused:
		return netsync.StatePaused
	case len(peers) == 0:
		return netsync.StateOffline
	}
	for _, p := range peers {
		if !h.eng.Synced(p.DID) {
			return netsync.StateSyncing
		}
	}
	return netsync.StateSynced
}

// hubPeersLocked are the other nodes on the hub holding h, by their
// engines' DIDs.
func (n *Node) hubPeersLocked(h *held) []api.PeerStatus {
	out := []api.PeerStatus{}
	if n.paused || n.cfg.Hub == nil {
		return out
	}
	for _, p := range n.cfg.Hub.peers(h.sp.ID, n.wire.DID()) {
		out = append(out, api.PeerStatus{DID: p, State: netsync.PeerStateConnected, Spaces: []string{h.sp.ID}})
	}
	return out
}

func (n *Node) hubStatusLocked(ctx context.Context) api.SyncStatus {
	out := api.SyncStatus{Paused: n.paused, Spaces: []api.SpaceSync{}, Peers: []api.PeerStatus{}}
	for _, id := range sortedIDs(n.spaces) {
		h := n.spaces[id]
		count := 0
		if sums, err := h.store.Sums(ctx); err == nil {
			for _, s := range sums {
				count += s.Count
			}
		}
		out.Spaces = append(out.Spaces, api.SpaceSync{SpaceID: id, State: n.hubStateLocked(h), Versions: count})
		out.Peers = append(out.Peers, n.hubPeersLocked(h)...)
	}
	return out
}

package runtime

import (
	"context"
	"strings"

	"minca.dev/desktop/node/api"
)

// Sync states a space or the node is in (api.SpaceSync.State).
const (
	syncSynced  = "synced"
	syncSyncing = "syncing"
	syncOffline = "offline"
	syncPaused  = "paused"
)

func (n *Node) syncStateLocked(h *held) string {
	switch {
	case n.paused:
		return syncPaused
	case n.cfg.Hub == nil && n.sock == nil:
		return syncOffline
	}
	var peers []string
	if n.cfg.Hub != nil {
		for _, p := range n.cfg.Hub.peers(h.sp.ID, n.wire.DID()) {
			peers = append(peers, sessionOf(p))
		}
	}
	if n.sock != nil {
		for _, p := range n.sock.tr.Peers(h.sp.ID) {
			peers = append(peers, p.DID())
		}
	}
	if len(peers) == 0 {
		return syncOffline
	}
	for _, p := range peers {
		if !h.eng.Synced(p) {
			return syncSyncing
		}
	}
	return syncSynced
}

func sessionOf(peer string) string {
	_, s, _ := strings.Cut(peer, " ")
	return s
}

func (n *Node) peersLocked(h *held) []api.PeerStatus {
	out := []api.PeerStatus{}
	if n.paused {
		return out
	}
	if n.cfg.Hub != nil {
		for _, p := range n.cfg.Hub.peers(h.sp.ID, n.wire.DID()) {
			acct, _, _ := strings.Cut(p, " ")
			out = append(out, api.PeerStatus{DID: acct, State: "connected", Spaces: []string{h.sp.ID}})
		}
	}
	if n.sock != nil {
		counters := n.sock.tr.Counters()
		for _, p := range n.sock.tr.Peers(h.sp.ID) {
			ps := api.PeerStatus{DID: p.DID(), State: "connected", Spaces: []string{h.sp.ID}}
			if c, ok := counters[p.DID()]; ok {
				ps.Dropped = c.Malformed + c.BadSignature + c.Refused + c.Oversize + c.Dropped
			}
			out = append(out, ps)
		}
	}
	return out
}

// SyncStatus is the sync state of every space and peer.
func (n *Node) SyncStatus(ctx context.Context) (api.SyncStatus, error) {
	n.mu.Lock()
	defer n.mu.Unlock()
	if err := n.readyLocked(); err != nil {
		return api.SyncStatus{}, err
	}
	out := api.SyncStatus{Paused: n.paused, Spaces: []api.SpaceSync{}, Peers: []api.PeerStatus{}}
	if n.sock != nil {
		out.Listen = n.sock.listen
	}
	for _, id := range sortedIDs(n.spaces) {
		h := n.spaces[id]
		st := h.eng.Stats()
		_ = st
		count := 0
		if sums, err := h.store.Sums(ctx); err == nil {
			for _, s := range sums {
				count += int(s.Count)
			}
		}
		out.Spaces = append(out.Spaces, api.SpaceSync{SpaceID: id, State: n.syncStateLocked(h), Versions: count})
		out.Peers = append(out.Peers, n.peersLocked(h)...)
	}
	return out, nil
}

// SyncNow ticks the engines of one space ("" = every space): hellos go out
// and sessions begin with every peer (05 §6.2).
func (n *Node) SyncNow(ctx context.Context, id string) error {
	n.mu.Lock()
	defer n.mu.Unlock()
	if err := n.readyLocked(); err != nil {
		return err
	}
	if id != "" {
		h, err := n.spaceLocked(id)
		if err != nil {
			return err
		}
		if err := n.boxesDueLocked(ctx, h); err != nil {
			return err
		}
		return internal(h.eng.Tick(ctx))
	}
	for _, h := range n.spaces {
		if err := n.boxesDueLocked(ctx, h); err != nil {
			return err
		}
		if err := h.eng.Tick(ctx); err != nil {
			return internal(err)
		}
	}
	return nil
}

// PauseSync takes every space off the network until ResumeSync.
func (n *Node) PauseSync(ctx context.Context) error {
	n.mu.Lock()
	defer n.mu.Unlock()
	if err := n.readyLocked(); err != nil {
		return err
	}
	if !n.paused && n.cfg.Hub != nil {
		for id := range n.spaces {
			n.cfg.Hub.leave(id, n.wire.DID())
		}
	}
	n.paused = true
	n.emitLocked(api.Event{Kind: "sync", Data: map[string]any{"paused": true}})
	return nil
}

// ResumeSync puts every space back on the network.
func (n *Node) ResumeSync(ctx context.Context) error {
	n.mu.Lock()
	defer n.mu.Unlock()
	if err := n.readyLocked(); err != nil {
		return err
	}
	if n.paused && n.cfg.Hub != nil {
		for id, h := range n.spaces {
			n.cfg.Hub.join(ctx, id, n.acct.DID(), h.eng, n.wire.DID())
		}
	}
	n.paused = false
	n.emitLocked(api.Event{Kind: "sync", Data: map[string]any{"paused": false}})
	return nil
}

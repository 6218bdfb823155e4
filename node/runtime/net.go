package runtime

import (
	"context"
	"fmt"
	"io"

	"minca.dev/desktop/core/identity"
	"minca.dev/desktop/core/invite"
	"minca.dev/desktop/core/note"
	"minca.dev/desktop/core/spacekey"
	"minca.dev/desktop/core/syncmsg"
	"minca.dev/desktop/node/api"
	"minca.dev/desktop/node/netsync"
	"minca.dev/desktop/node/syncer"
)

// labelNodeKey derives this node's key on the wire from the account seed and
// the node's (public, random) id in its state: stable across restarts, so
// node URLs pinned by its DID keep working, and never stored (the node's own
// label).
const labelNodeKey = "minca-desktop/node-key/v1|"

// netTick is how often node/netsync ticks the engines (05 §6.2, §6.3): the
// pace the node's own loop kept before.
const netTick = loopEvery

// nodeKey is the node's key on the wire (and its sync engines' Self, so both
// sides agree who initiates, 05 §6.2); versions are signed by the session key.
func nodeKey(seed []byte, nodeID string) (*identity.KeyPair, error) {
	okm, err := identity.HKDF(seed, labelNodeKey+nodeID, 32)
	if err != nil {
		return nil, err
	}
	return identity.DeriveKeyPairFromSeed(okm)
}

// wireNote is the account's note to the node's key on the wire, sent as
// `who` (04 §6.4) and sealed in member proofs (04 §6.3): the peer takes its
// root as the account behind the connection. Our choice: it grants
// /record/read, since the wire key signs no versions (the session key's
// note grants "/"), and, like that note, it does not expire.
func wireNote(acct, wire *identity.KeyPair, rnd io.Reader) (*note.Note, error) {
	return note.Make(acct, note.Grant{Aud: wire.DID(), Cmd: note.CmdRecordRead}, rnd)
}

// startNetLocked makes the node's netsync.Manager when the node is
// configured for sockets (04 §5), listening as Config.Listen or the network
// setting says (listen.go), and forwards its events to the watchers. Only
// Config.Listen failing is an error: the setting failing leaves the node
// not listening, with netErr saying why.
func (n *Node) startNetLocked() error {
	if !n.cfg.Sockets || n.net != nil {
		return nil
	}
	wn, err := wireNote(n.acct, n.wire, n.cfg.Rand)
	if err != nil {
		return fmt.Errorf("note to the node's key: %w", err)
	}
	n.netNote, n.netErr, n.netURL = "", "", ""
	p, err := n.planLocked()
	if err != nil && p.fixed {
		return fmt.Errorf("node sockets: %w", err)
	}
	if err != nil {
		n.netErr = err.Error()
	}
	m, err := n.listenLocked(&p, wn)
	if err != nil {
		return fmt.Errorf("node sockets: %w", err)
	}
	n.net, n.netURL = m, m.URL()
	// Its dialers' refusals are told to removal.go's loop, and to a Join
	// that waits (join.go).
	m.NotifyDials(n.wake.refusal)
	m.NotifyDials(n.wake.dials)
	if n.paused { // kept paused across restarts (sync.go)
		if err := m.Pause(); err != nil {
			return fmt.Errorf("node sockets: %w", err)
		}
	}
	evs, _ := m.Events() // closed by m.Close
	n.bg.Add(1)
	go n.forward(evs)
	n.emitLocked(api.Event{Kind: kindNetwork, Data: n.networkLocked()})
	return nil
}

// listenLocked makes the Manager for plan p: a kept port that is taken is
// replaced by any free one, and the port bound is kept (the setting's
// only); a setting that still fails gives a Manager that does not listen.
func (n *Node) listenLocked(p *listenPlan, wn *note.Note) (*netsync.Manager, error) {
	cfg := n.netConfigLocked(*p)
	cfg.Note = wn
	m, err := netsync.New(cfg)
	if err == nil || p.fixed || p.addr == "" {
		if err == nil && !p.fixed && p.addr != "" {
			err = n.keepPortLocked(boundPort(m))
		}
		return m, err
	}
	first := err
	if n.st.Network.Port != 0 {
		cfg.Listen = anyPort(p.addr)
		if m, err = netsync.New(cfg); err == nil {
			n.netNote = fmt.Sprintf("Port %d was taken, so Minca now uses port %d: invites made before name the old port.",
				n.st.Network.Port, boundPort(m))
			return m, n.keepPortLocked(boundPort(m))
		}
	}
	n.netErr = fmt.Sprintf("Minca could not accept connections: %v", first)
	*p = listenPlan{}
	cfg = n.netConfigLocked(*p)
	cfg.Note = wn
	return netsync.New(cfg)
}

// keepPortLocked keeps port as the setting's, for the next starts.
func (n *Node) keepPortLocked(port int) error {
	if port == 0 || port == n.st.Network.Port {
		return nil
	}
	n.st.Network.Port = port
	return n.saveLocked()
}

// engineLocked gives a held space its engine: node/netsync's when the node
// is on sockets (the space is then synced with the nodes given), else its
// own, for the Hub or for none. The registry always has its own (it is not
// served on sockets: the account's devices meet through the data folder).
// Whatever the engine lands, the node's loops hear of (heed).
func (n *Node) engineLocked(ctx context.Context, h *held, nodes []string) (*syncer.Engine, error) {
	n.heed(h)
	if n.net == nil {
		return n.localEngine(ctx, h)
	}
	cfg := netsync.SpaceConfig{Space: h.sp, Store: h.store}
	if h.private() {
		cfg.Opener = h.keys
		cfg.Keys = h.keys.all
	}
	eng, err := n.net.Add(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("sync %s: %w", h.sp.ID, err)
	}
	// One at a time: the state gathers several invitations' nodes, which
	// together need not make one valid list (03 §7.4); a bad one is passed over.
	for _, u := range nodes {
		n.net.AddNodes(h.sp.ID, []string{u})
	}
	return eng, nil
}

// localEngine is an engine of the node's own over h's store, whose
// landings the node's loops hear of (heed).
func (n *Node) localEngine(ctx context.Context, h *held) (*syncer.Engine, error) {
	n.heed(h)
	cfg := syncer.SpaceConfig{Space: h.sp, Store: h.store}
	if h.private() {
		cfg.Opener = h.keys
	}
	gate, err := syncer.NewSpace(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("space %s: %w", h.sp.ID, err)
	}
	return syncer.New(syncer.Config{Self: n.wire.DID(), Space: gate, Clock: clock{n}, Holds: syncmsg.HoldsAll})
}

// all is every key of the space the account reaches now, for the
// handshakes of node/netsync (04 §6.3): the keys the history names, then
// the held ones it does not name yet (an invite's current key while the
// history is only the genesis, 03 §7.4), which prove reading to a peer
// whose history names them.
func (k *keys) all() []*spacekey.Key {
	r, err := k.keyring(context.Background())
	if err != nil {
		return nil
	}
	return append(r.Keys(), r.Unplaced()...)
}

// forward turns the Manager's deltas into the node's Watch events: a sync
// change as the whole sync status (the UI merges it), a new reader as the
// space's summary (its member count).
func (n *Node) forward(evs <-chan api.Event) {
	defer n.bg.Done()
	for e := range evs {
		n.mu.Lock()
		if !n.closed && n.readyLocked() == nil {
			n.netEventLocked(e)
		}
		n.mu.Unlock()
	}
}

func (n *Node) netEventLocked(e api.Event) {
	ctx := context.Background()
	n.peerNotice(e) // removal.go
	switch e.Kind {
	case netsync.EventJoined:
		if h := n.spaces[e.SpaceID]; h != nil {
			n.emitSpaceLocked(ctx, h)
		}
	default:
		n.emitLocked(api.Event{Kind: kindSync, Data: n.syncStatusLocked(ctx)})
		n.joinsSyncedLocked(ctx) // a kept join's invite missing (join_notfound.go)
	}
}

// nodesOf are the pinned node URLs an invite names (04 §5.2).
func nodesOf(acc *invite.Accepted) []string {
	var out []string
	for _, nd := range acc.Nodes {
		out = append(out, nd.String())
	}
	return out
}

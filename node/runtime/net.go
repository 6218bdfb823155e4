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
// configured for sockets (04 §5), listening when Config.Listen is set, and
// forwards its events to the watchers.
func (n *Node) startNetLocked() error {
	if !n.cfg.Sockets || n.net != nil {
		return nil
	}
	wn, err := wireNote(n.acct, n.wire, n.cfg.Rand)
	if err != nil {
		return fmt.Errorf("note to the node's key: %w", err)
	}
	m, err := netsync.New(netsync.Config{Key: n.wire, Note: wn, Listen: n.cfg.Listen,
		ServerTLS: n.cfg.ServerTLS, ClientTLS: n.cfg.ClientTLS, Tick: netTick, Rand: n.cfg.Rand, Now: n.cfg.Now})
	if err != nil {
		return fmt.Errorf("node sockets: %w", err)
	}
	n.net = m
	evs, _ := m.Events() // closed by m.Close
	n.bg.Add(1)
	go n.forward(evs)
	return nil
}

// engineLocked gives a held space its engine: node/netsync's when the node
// is on sockets (the space is then synced with the nodes given), else its
// own, for the Hub or for none. The registry always has its own (it is not
// served on sockets: the account's devices meet through the data folder).
func (n *Node) engineLocked(ctx context.Context, h *held, nodes []string) (*syncer.Engine, error) {
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

// localEngine is an engine of the node's own over h's store.
func (n *Node) localEngine(ctx context.Context, h *held) (*syncer.Engine, error) {
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
// handshakes of node/netsync (04 §6.3).
func (k *keys) all() []*spacekey.Key {
	r, err := k.keyring(context.Background())
	if err != nil {
		return nil
	}
	return r.Keys()
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
	switch e.Kind {
	case netsync.EventJoined:
		if h := n.spaces[e.SpaceID]; h != nil {
			n.emitSpaceLocked(ctx, h)
		}
	default:
		n.emitLocked(api.Event{Kind: kindSync, Data: n.syncStatusLocked(ctx)})
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

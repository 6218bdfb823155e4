package runtime

import (
	"context"
	"fmt"

	"minca.dev/desktop/node/api"
)

// The network setting (04 §5.3): whether other nodes may connect to this
// one, kept in the node store (the profile, never the data folder: it is this
// computer's). Choices of the node's own:
//   - A new profile starts with api.NetworkOff: the node dials the nodes its
//     spaces name and accepts nothing; the person opens it in Settings.
//   - One port is chosen the first time the node listens (any free one) and
//     kept for every later start and either mode, so the node URLs in
//     invites made before keep working. If it is taken at a start, another
//     free one is taken, kept instead, and Network's Note says so.
//   - A change applies at once: the node's sockets (node/netsync) are
//     closed and opened again with the new address; the spaces stay held,
//     their engines are made anew over the same stores, and peers reconnect.
//   - Config.Listen (`minca host --listen`) wins over the setting for the
//     run; SetNetwork still saves the setting, for the next run.
//   - Listening failing is no failure of the node: it runs without
//     listening, and Network's Error says why.

// kindNetwork is the Watch event that carries api.Network: in the snapshot,
// and whenever the setting or what is in force changes.
const kindNetwork = "network"

// Network is the network setting and what is in force now.
func (n *Node) Network(ctx context.Context) (api.Network, error) {
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.closed {
		return api.Network{}, api.Errorf(api.CodeUnavailable, "the node is closed")
	}
	return n.networkLocked(), nil
}

// SetNetwork saves the network setting and applies it.
func (n *Node) SetNetwork(ctx context.Context, req api.SetNetwork) (api.Network, error) {
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.closed {
		return api.Network{}, api.Errorf(api.CodeUnavailable, "the node is closed")
	}
	if !api.ValidNetworkMode(req.Mode) {
		return api.Network{}, &api.Error{Code: api.CodeInvalid, Message: fmt.Sprintf("%q is no network mode", req.Mode),
			Hint: "use off, this-computer or local-network"}
	}
	if req.Mode == n.modeLocked() {
		return n.networkLocked(), nil
	}
	before := n.st.Network
	n.st.Network.Mode = req.Mode
	if err := n.saveLocked(); err != nil {
		n.st.Network = before
		return api.Network{}, err
	}
	if n.net != nil && n.cfg.Listen == "" {
		if err := n.restartNetLocked(ctx); err != nil {
			return api.Network{}, internal(err)
		}
	}
	out := n.networkLocked()
	n.emitLocked(api.Event{Kind: kindNetwork, Data: out})
	n.emitLocked(api.Event{Kind: kindSync, Data: n.syncStatusLocked(ctx)})
	return out, nil
}

// modeLocked is the setting's mode, api.NetworkOff when none was made.
func (n *Node) modeLocked() string {
	if n.st.Network.Mode == "" {
		return api.NetworkOff
	}
	return n.st.Network.Mode
}

// networkLocked is the setting, with what the last start of the node's
// sockets made of it.
func (n *Node) networkLocked() api.Network {
	out := api.Network{Mode: n.modeLocked(), Port: n.st.Network.Port, Fixed: n.cfg.Listen,
		Note: n.netNote, Error: n.netErr}
	if n.net != nil {
		out.URL = n.netURL
	}
	switch {
	case !n.cfg.Sockets:
		out.Error = "this node does not use node sockets"
	case n.net == nil && out.Mode != api.NetworkOff:
		out.Note = "Minca accepts connections once your account is open."
	}
	return out
}

// restartNetLocked closes the node's sockets and opens them again as the
// setting now says: every held space gets an engine of the new Manager
// over its store (a new held, so the folder mirror reopens on it), and a
// pause stays.
func (n *Node) restartNetLocked(ctx context.Context) error {
	_ = n.net.Close() // what failed to close is let go all the same
	n.net = nil
	if err := n.startNetLocked(); err != nil { // paused again if it was
		return err
	}
	for _, ss := range n.st.Spaces {
		old := n.spaces[ss.ID]
		if old == nil {
			continue
		}
		h := &held{sp: old.sp, store: old.store, lines: old.lines, keys: old.keys}
		eng, err := n.engineLocked(ctx, h, ss.Nodes)
		if err != nil {
			return err
		}
		h.eng = eng
		n.spaces[ss.ID] = h
	}
	return nil
}

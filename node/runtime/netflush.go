package runtime

import (
	"context"
	"time"
)

// flushWait bounds how long Close waits for the peers to acknowledge the
// node's last writes (netsync.Manager.Flush; 05 §7, §8 step 5). Choice of
// ours: a one-shot command that writes (`minca join`) and a quitting tray
// hand their writes over while a peer is connected, and never hang on one
// that stays silent; what is not acknowledged reaches the peer on the next
// sync.
const flushWait = 3 * time.Second

// flushNet waits up to flushWait for the pushes of the node's sockets to be
// acknowledged, without holding n.mu (the acknowledgements arrive through
// the engines, which the node's calls must stay free to use).
func (n *Node) flushNet() { n.handOver(flushWait) }

// handOver waits up to wait for the pushes of the node's sockets to be
// acknowledged, without holding n.mu.
func (n *Node) handOver(wait time.Duration) {
	n.mu.Lock()
	net := n.net
	n.mu.Unlock()
	if net == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	_ = net.Flush(ctx) // what is not acknowledged syncs next time
}

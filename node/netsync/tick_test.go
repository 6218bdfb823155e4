package netsync

import (
	"testing"
	"time"
)

// TestTicksOnlyWithPeers: with no peer the loop does not tick (a space
// added is ticked once, which announces its standing); a peer admitted
// starts the ticks, and its going stops them again once the space is
// announced offline. Ticks are counted, at a Tick of 1 ms.
func TestTicksOnlyWithPeers(t *testing.T) {
	fa, mb := keyOf(t, 1), keyOf(t, 2)
	w := newWorld(t, false, fa, mb)
	a := newNode(t, w, fa, opts{listen: ListenLoopback, tick: time.Millisecond})
	eventually(t, "a's standing announced", func() bool { return a.saw(EventSync, SpaceProgress) })
	atRest(t, a, "no peer yet")

	b := newNode(t, w, mb, opts{nodes: []string{a.url()}, tick: time.Millisecond})
	eventually(t, "connected", func() bool { return a.connectedTo(b.sess.DID()) })
	from := a.m.ticks.Load()
	eventually(t, "ticks with a peer", func() bool { return a.m.ticks.Load() >= from+20 })

	b.close()
	eventually(t, "a offline", func() bool { return a.spaceStatus().State == StateOffline })
	atRest(t, a, "the peer gone")
}

// atRest fails when n's loop ticks more than twice in 200 ms (200 ticks
// of 1 ms if it ticked regardless): one pass under way, and the one a
// peer's going asks for, may fall in it.
func atRest(t *testing.T, n *node, when string) {
	t.Helper()
	before := n.m.ticks.Load()
	time.Sleep(200 * time.Millisecond)
	if got := n.m.ticks.Load() - before; got > 2 {
		t.Fatalf("%s: %d ticks in 200 ms with no peer, want at most 2", when, got)
	}
}

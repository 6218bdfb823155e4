package syncer

import (
	"testing"
	"time"

	"minca.dev/desktop/node/syncer/memnet"
)

// TestUnackedClearsOnStored: a push waits for its stored; once the peer's
// stored arrives nothing is out; a peer that goes away takes its pushes
// with it (unacked.go).
func TestUnackedClearsOnStored(t *testing.T) {
	c := newCluster(t, 3, 11, memnet.Faults{})
	a, b, o := c.nodes[0], c.nodes[1], c.nodes[2]
	c.connect(a, b)
	c.connect(a, o)
	c.run(5 * time.Second)
	if n := a.eng.Unacked(); n != 0 {
		t.Fatalf("before any write: %d unacked", n)
	}
	v := a.create("app.wiki", "page", map[string]any{"text": "hi"})
	if n := a.eng.Unacked(); n != 2 {
		t.Fatalf("after a push to two peers: %d unacked, want 2", n)
	}
	c.run(2 * time.Second)
	if !b.has(v.ID) || !o.has(v.ID) {
		t.Fatal("the push did not arrive")
	}
	if n := a.eng.Unacked(); n != 0 {
		t.Fatalf("after the stored: %d unacked", n)
	}
	// o never answers: its push stays out until o is gone.
	c.net.SetFilter(func(from, to string, msg []byte) bool { return from != o.name })
	a.create("app.wiki", "page2", map[string]any{"text": "there"})
	c.run(2 * time.Second)
	if n := a.eng.Unacked(); n != 1 {
		t.Fatalf("o silent: %d unacked, want 1", n)
	}
	a.eng.RemovePeer(o.name)
	if n := a.eng.Unacked(); n != 0 {
		t.Fatalf("o gone: %d unacked", n)
	}
}

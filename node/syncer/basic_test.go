package syncer

import (
	"testing"
	"time"

	"minca.dev/desktop/node/syncer/memnet"
)

// TestTwoNodesSync: what one node wrote before connecting reaches the other
// by reconciliation, and both end level and synced (05 §6).
func TestTwoNodesSync(t *testing.T) {
	c := newCluster(t, 2, 1, memnet.Faults{})
	a, b := c.nodes[0], c.nodes[1]
	for i := range 40 {
		a.create("app.wiki", key(i), map[string]any{"n": float64(i)})
		c.clock.Advance(time.Second)
	}
	b.create("app.wiki", "from-b", map[string]any{"n": "b"})
	c.connectAll()
	c.run(time.Minute)
	if a.state() != b.state() {
		t.Fatalf("states differ:\n%s\n%s", a.state(), b.state())
	}
	if !a.eng.Synced(b.name) || !b.eng.Synced(a.name) {
		t.Fatal("not synced")
	}
	if !a.eng.Level(b.name, "app.wiki") || !b.eng.Level(a.name, "app.wiki") {
		t.Fatal("app.wiki not level")
	}
	if b.current(key(39)) == nil || a.current("from-b") == nil {
		t.Fatal("a record did not come across")
	}
}

func key(i int) string { return "rec" + string(rune('a'+i%26)) + string(rune('a'+i/26%26)) }

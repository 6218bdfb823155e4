package syncer

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"minca.dev/desktop/core/syncmsg"
	"minca.dev/desktop/node/syncer/memnet"
)

// TestWantsQueued: a first sync of more ids than MaxWantsOut wants carry
// keeps at most MaxWantsOut unanswered, sends the next as answers come,
// asks for every id once, newest first across all the wants (05 §6.3), and
// is not synced while ids wait in the queue (05 §6.5).
func TestWantsQueued(t *testing.T) {
	c := newCluster(t, 2, 11, memnet.Faults{})
	ns := c.byName()
	b, a := ns[0], ns[1] // b initiates: it asks with want
	n := MaxWantsOut*syncmsg.MaxWant + 3*syncmsg.MaxWant + 17
	for i := range n {
		a.create("app.wiki", fmt.Sprintf("p%05d", i), map[string]any{"n": float64(i)})
	}
	out, most := 0, 0
	var asked []string
	c.watch(func(s sent) bool {
		switch m := s.msg.(type) {
		case *syncmsg.Want:
			out++
			most = max(most, out)
			asked = append(asked, m.IDs...)
		case *syncmsg.Versions:
			if m.HasID && s.from == a.name {
				out--
			}
		}
		return false
	})
	c.connect(a, b)
	// Step by step until the first wants are out: b holds the rest queued.
	for len(asked) < MaxWantsOut*syncmsg.MaxWant {
		if more, err := c.net.Step(ctx); err != nil || !more {
			t.Fatalf("no wants yet: %v", err)
		}
	}
	if len(asked) != MaxWantsOut*syncmsg.MaxWant || b.eng.Synced(a.name) {
		t.Fatalf("first wants ask for %d ids (want %d); b synced: %v", len(asked), MaxWantsOut*syncmsg.MaxWant, b.eng.Synced(a.name))
	}
	c.run(10 * time.Second)
	if most != MaxWantsOut {
		t.Errorf("at most %d wants unanswered, want %d", most, MaxWantsOut)
	}
	items, err := a.store.Items(ctx, "app.wiki")
	if err != nil {
		t.Fatal(err)
	}
	var newestFirst []string
	for i := items.Len() - 1; i >= 0; i-- {
		newestFirst = append(newestFirst, versionID(items.Item(i).ID))
	}
	if !slices.Equal(asked, newestFirst) {
		t.Errorf("asked %d ids, want the %d of a newest first, each once", len(asked), len(newestFirst))
	}
	if a.state() != b.state() || !b.eng.Synced(a.name) {
		t.Fatal("b did not sync with a")
	}
}

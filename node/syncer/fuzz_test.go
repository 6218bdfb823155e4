package syncer

import (
	"testing"

	"minca.dev/desktop/core/record"
	"minca.dev/desktop/core/syncmsg"
	"minca.dev/desktop/node/syncer/memnet"
)

// FuzzReceive: whatever bytes a peer sends, the engine neither panics nor
// fails, and stores nothing that does not stand: the node's own store only
// ever holds the version it wrote and versions the gatekeeper let in.
func FuzzReceive(f *testing.F) {
	c := newCluster(f, 2, 11, memnet.Faults{})
	a := c.nodes[0]
	v := a.create("app.wiki", "page", map[string]any{"text": "hi"})
	raw, _ := record.Marshal(v)
	seeds := []syncmsg.Message{
		&syncmsg.Hello{Holds: syncmsg.HoldsAll, Sums: nil},
		&syncmsg.Reconcile{ID: 1, Collection: "app.wiki", Message: []byte{0x61, 0, 0, 2, 0}},
		&syncmsg.Reconcile{ID: 1, Collection: "app.wiki", Message: []byte{0x62}},
		&syncmsg.Reconciled{ID: 1, Message: []byte{0x61}},
		&syncmsg.Want{ID: 2, IDs: []string{v.ID}},
		&syncmsg.Versions{Versions: []any{syncmsg.RawJSON(raw)}},
		&syncmsg.Versions{ID: 3, HasID: true, Versions: []any{syncmsg.RawJSON(raw), 1.0}},
		&syncmsg.PushUpdate{Version: syncmsg.RawJSON(raw)},
		&syncmsg.Stored{IDs: []string{v.ID}},
	}
	for _, m := range seeds {
		b, err := syncmsg.Marshal(m)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte(`{"v":8,"type":"push-update","version":{"collection":"app.wiki","id":"x"}}`))
	f.Fuzz(func(t *testing.T, msg []byte) {
		c := newCluster(t, 2, 12, memnet.Faults{})
		a, b := c.nodes[0], c.nodes[1]
		c.connect(a, b)
		if err := b.eng.Receive(ctx, a.name, msg); err != nil {
			t.Fatalf("receive: %v", err)
		}
		if _, err := c.net.RunUntilQuiet(ctx, 1000); err != nil {
			t.Fatal(err)
		}
		d, err := b.store.Dump(ctx)
		if err != nil {
			t.Fatal(err)
		}
		for id := range d.Versions {
			got, err := b.store.Get(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			if verdict := b.sp.Judge(ctx, got, c.clock.Now(), false); verdict.Answer != record.Stands {
				t.Fatalf("b holds %s, which does not stand: %v", id, verdict)
			}
		}
	})
}

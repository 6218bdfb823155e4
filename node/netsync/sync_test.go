package netsync

import (
	"errors"
	"testing"
	"time"

	"minca.dev/desktop/core/record"
)

// TestTwoNodesPublic: a member's node dials the founder's (the invitation's
// node URL); writes on either side reach the other, and the events report the
// peer and the space synced.
func TestTwoNodesPublic(t *testing.T) {
	fa, mb := keyOf(t, 1), keyOf(t, 2)
	w := newWorld(t, false, fa, mb)
	a := newNode(t, w, fa, opts{listen: ListenLoopback})
	var early []string
	for i := range 20 {
		early = append(early, a.write("a"+string(rune('a'+i))).ID)
	}
	b := newNode(t, w, mb, opts{nodes: []string{a.url()}})
	eventually(t, "b has a's writes", func() bool { return b.count() == 20 })
	vb := b.write("from-b")
	va := a.write("late-a")
	eventually(t, "both have both", func() bool { return a.has(vb.ID) && b.has(va.ID) })
	for _, id := range early {
		if !b.has(id) {
			t.Fatalf("b lacks %s", id)
		}
	}
	eventually(t, "both synced", func() bool {
		return a.spaceStatus().State == StateSynced && b.spaceStatus().State == StateSynced
	})
	if !a.connectedTo(b.sess.DID()) || !b.connectedTo(a.sess.DID()) {
		t.Fatalf("status peers: a %+v b %+v", a.m.Status(ctx).Peers, b.m.Status(ctx).Peers)
	}
	for _, n := range []*node{a, b} {
		eventually(t, "connected and synced events", func() bool {
			return n.saw(EventSync, PeerConnected) && n.saw(EventSync, SpaceSynced)
		})
	}
	if st := b.m.Status(ctx); st.Peers[0].URL == "" || st.Listen != "" {
		t.Fatalf("b's status %+v", st)
	}
}

// TestThreeNodesPrivate: in a private space the read key is proved both
// ways (04 §6.3); two members dial the founder and each one's writes reach
// the other through it.
func TestThreeNodesPrivate(t *testing.T) {
	fa, mb, mc := keyOf(t, 1), keyOf(t, 2), keyOf(t, 3)
	w := newWorld(t, true, fa, mb, mc)
	a := newNode(t, w, fa, opts{listen: ListenLoopback})
	b := newNode(t, w, mb, opts{nodes: []string{a.url()}})
	c := newNode(t, w, mc, opts{nodes: []string{a.url()}})
	vb, vc, va := b.write("b1"), c.write("c1"), a.write("a1")
	eventually(t, "all three have all three", func() bool {
		for _, n := range []*node{a, b, c} {
			if !n.has(va.ID) || !n.has(vb.ID) || !n.has(vc.ID) {
				return false
			}
		}
		return true
	})
	got, err := c.store.Get(ctx, vb.ID)
	if err != nil || got.Body.(map[string]any)["sealed"] == nil {
		t.Fatalf("b's version at c: %v %+v", err, got)
	}
}

// TestPrivateStranger: a node holding no key of a private space cannot prove
// reading: the founder's node never admits it, and it gets nothing.
func TestPrivateStranger(t *testing.T) {
	fa, mb := keyOf(t, 1), keyOf(t, 2)
	w := newWorld(t, true, fa, mb)
	a := newNode(t, w, fa, opts{listen: ListenLoopback})
	va := a.write("a1")
	stranger := *w
	stranger.key = nil // holds the constitution, not the key
	s := newNode(t, &stranger, keyOf(t, 9), opts{nodes: []string{a.url()}})
	time.Sleep(500 * time.Millisecond)
	if s.has(va.ID) || a.connectedTo(s.sess.DID()) {
		t.Fatal("a stranger read a private space")
	}
}

// TestSyncNow: a version put straight into the store (as another process
// writing the same database would) is not pushed; SyncNow says hello at once,
// the sums differ and a session brings it over, well before the engine's
// 10 s hello interval.
func TestSyncNow(t *testing.T) {
	fa, mb := keyOf(t, 1), keyOf(t, 2)
	w := newWorld(t, false, fa, mb)
	a := newNode(t, w, fa, opts{listen: ListenLoopback})
	b := newNode(t, w, mb, opts{nodes: []string{a.url()}})
	eventually(t, "connected", func() bool { return b.connectedTo(a.sess.DID()) && a.connectedTo(b.sess.DID()) })
	// The sessions the connection opened must be over, or one of them could
	// still pick the quiet version up.
	eventually(t, "first sessions over", func() bool {
		return a.spaceStatus().State == StateSynced && b.spaceStatus().State == StateSynced
	})
	v := a.sign(&record.Version{Collection: "app.wiki", Key: "quiet", Body: map[string]any{"q": true}, HasBody: true})
	if err := a.store.Put(ctx, v); err != nil {
		t.Fatal(err)
	}
	time.Sleep(300 * time.Millisecond)
	if b.has(v.ID) {
		t.Fatal("the quiet version travelled without SyncNow: the test proves nothing")
	}
	if err := a.m.SyncNow(ctx, w.sp.ID); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(3 * time.Second)
	for !b.has(v.ID) {
		if time.Now().After(deadline) {
			t.Fatal("SyncNow did not bring the version over")
		}
		time.Sleep(10 * time.Millisecond)
	}
	if err := a.m.SyncNow(ctx, "bnotaspace"); !errors.Is(err, ErrNoSpace) {
		t.Fatalf("SyncNow of an unknown space: %v", err)
	}
}

package netsync

import (
	"testing"
	"time"
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

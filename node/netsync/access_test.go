package netsync

import (
	"testing"
	"time"
)

// TestRemovedMemberLetGo: once the founder removes a member, its node's
// connection is let go (04 §6.3), its redials are refused, and it receives
// nothing written after the removal, the removal included (03 §9.2), while
// the other member still gets everything. Public and private spaces alike.
func TestRemovedMemberLetGo(t *testing.T) {
	for _, private := range []bool{false, true} {
		t.Run(map[bool]string{false: "public", true: "private"}[private], func(t *testing.T) {
			fa, mb, mc := keyOf(t, 1), keyOf(t, 2), keyOf(t, 3)
			w := newWorld(t, private, fa, mb, mc)
			a := newNode(t, w, fa, opts{listen: ListenLoopback})
			b := newNode(t, w, mb, opts{nodes: []string{a.url()}})
			c := newNode(t, w, mc, opts{nodes: []string{a.url()}})
			before := a.write("before")
			eventually(t, "b and c connected and synced", func() bool {
				return b.has(before.ID) && c.has(before.ID) && a.connectedTo(b.sess.DID()) && a.connectedTo(c.sess.DID())
			})

			rm := a.remove(mb.DID())
			after := a.write("after")
			eventually(t, "b let go", func() bool { return !a.connectedTo(b.sess.DID()) && !b.connectedTo(a.sess.DID()) })
			eventually(t, "c has everything", func() bool { return c.has(rm.ID) && c.has(after.ID) })
			time.Sleep(600 * time.Millisecond) // b keeps redialling (backoff ≤ 200 ms) and is refused
			if b.has(rm.ID) || b.has(after.ID) {
				t.Fatal("the removed member received what was written after its removal")
			}
			if a.connectedTo(b.sess.DID()) {
				t.Fatal("the removed member is admitted again")
			}
			if !b.saw(EventSync, PeerDisconnected) {
				t.Fatalf("b's events %+v", b.events)
			}
			if st := b.spaceStatus(); st.State != StateOffline {
				t.Fatalf("b's space %+v", st)
			}
		})
	}
}

// TestJoinedEvent: an assignment that makes an account a reader is
// announced as joined on the node that wrote it and on its peer.
func TestJoinedEvent(t *testing.T) {
	fa, mb, newcomer := keyOf(t, 1), keyOf(t, 2), keyOf(t, 4)
	w := newWorld(t, false, fa, mb)
	a := newNode(t, w, fa, opts{listen: ListenLoopback})
	b := newNode(t, w, mb, opts{nodes: []string{a.url()}})
	eventually(t, "connected", func() bool { return b.connectedTo(a.sess.DID()) })
	if a.saw(EventJoined, newcomer.DID()) {
		t.Fatal("joined before the assignment")
	}
	v := a.assign(newcomer.DID(), "member")
	eventually(t, "joined seen on both", func() bool {
		return b.has(v.ID) && a.saw(EventJoined, newcomer.DID()) && b.saw(EventJoined, newcomer.DID())
	})
}

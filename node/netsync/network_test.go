package netsync

import (
	"crypto/rand"
	"testing"
	"time"

	"github.com/coder/websocket"

	"minca.dev/desktop/core/handshake"
	"minca.dev/desktop/core/record"
	"minca.dev/desktop/node/transport"
)

// TestRestartReconnect: the node a member dials goes away (listener gone)
// and comes back on the same address with the same store and key; the
// member's dialer backs off meanwhile, then reconnects, and sync goes on.
func TestRestartReconnect(t *testing.T) {
	fa, mb := keyOf(t, 1), keyOf(t, 2)
	w := newWorld(t, false, fa, mb)
	a := newNode(t, w, fa, opts{listen: ListenLoopback})
	b := newNode(t, w, mb, opts{nodes: []string{a.url()}})
	v1 := a.write("one")
	eventually(t, "first sync", func() bool { return b.has(v1.ID) })

	addr, path, sess := a.m.Addr(), a.path, a.sess
	a.close()
	eventually(t, "b backing off", func() bool {
		for _, p := range b.m.Status(ctx).Peers {
			if p.DID == sess.DID() {
				return p.State == PeerStateBackoff
			}
		}
		return false
	})
	if st := b.spaceStatus(); st.State != StateOffline {
		t.Fatalf("b's space while a is gone: %+v", st)
	}
	vb := b.write("while-away")

	a2 := newNode(t, w, fa, opts{listen: addr, path: path, sess: sess})
	a2.lines = a.lines
	v2 := a2.write("two")
	eventually(t, "sync after the restart", func() bool { return a2.has(vb.ID) && b.has(v2.ID) })
	if !b.connectedTo(sess.DID()) {
		t.Fatal("b not connected to the restarted node")
	}
}

// TestPauseResume: pausing stops all traffic both ways (the listener and
// the dialer side alike), resuming starts it again on the same address.
func TestPauseResume(t *testing.T) {
	fa, mb := keyOf(t, 1), keyOf(t, 2)
	w := newWorld(t, false, fa, mb)
	a := newNode(t, w, fa, opts{listen: ListenLoopback})
	b := newNode(t, w, mb, opts{nodes: []string{a.url()}})
	eventually(t, "connected", func() bool { return a.connectedTo(b.sess.DID()) })
	addr := a.m.Addr()

	for i, paused := range []*node{a, b} {
		if err := paused.m.Pause(); err != nil {
			t.Fatal(err)
		}
		st := paused.m.Status(ctx)
		if !st.Paused || st.Spaces[0].State != StatePaused {
			t.Fatalf("paused status %+v", st)
		}
		va, vb := a.write("p-"+itoa(i)), b.write("q-"+itoa(i))
		time.Sleep(400 * time.Millisecond)
		if a.has(vb.ID) || b.has(va.ID) || a.connectedTo(b.sess.DID()) || b.connectedTo(a.sess.DID()) {
			t.Fatal("traffic while paused")
		}
		if err := paused.m.Resume(); err != nil {
			t.Fatal(err)
		}
		eventually(t, "sync after resume", func() bool { return a.has(vb.ID) && b.has(va.ID) })
		if a.m.Addr() != addr {
			t.Fatalf("resumed on %s, was %s", a.m.Addr(), addr)
		}
		// The events reach the test through a goroutine of its own
		// (newNode): the last may come a moment after the sync.
		eventually(t, "paused and resumed told", func() bool {
			return paused.saw(EventStatus, "paused") && paused.saw(EventStatus, "resumed")
		})
	}
}

// TestGarbagePeer: a peer sending garbage is dropped and counted (04 §5.5),
// and the count shows in the status: at once during the handshake (by
// address), at MaxMalformed frames after it (by its DID). The space's
// real peer is not disturbed.
func TestGarbagePeer(t *testing.T) {
	fa, mb := keyOf(t, 1), keyOf(t, 2)
	w := newWorld(t, false, fa, mb)
	a := newNode(t, w, fa, opts{listen: ListenLoopback})
	b := newNode(t, w, mb, opts{nodes: []string{a.url()}})
	eventually(t, "connected", func() bool { return a.connectedTo(b.sess.DID()) })
	url := "ws://" + a.m.Addr() + transport.DefaultPath + "?space=" + w.sp.ID

	c, _, err := websocket.Dial(ctx, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.CloseNow()
	if _, _, err := c.Read(ctx); err != nil { // the challenge
		t.Fatal(err)
	}
	c.Write(ctx, websocket.MessageText, []byte(`{"type":"hello","did":"garbage"}`))
	if code := closed(c); code != handshake.CloseProtocol {
		t.Fatalf("garbage hello closed with %d", code)
	}

	bad := keyOf(t, 66)
	c, _, err = websocket.Dial(ctx, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.CloseNow()
	_, b0, err := c.Read(ctx)
	if err != nil {
		t.Fatal(err)
	}
	f, err := handshake.ParseHandshake(b0)
	if err != nil {
		t.Fatal(err)
	}
	h, err := handshake.NewHello(bad, w.sp.ID, f.(*handshake.Challenge), nil, rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	hb, _ := handshake.Marshal(h)
	c.Write(ctx, websocket.MessageText, hb)
	for range transport.MaxMalformed {
		c.Write(ctx, websocket.MessageBinary, []byte("\x00garbage"))
	}
	closed(c)
	eventually(t, "the garbage peer counted", func() bool {
		byDID := map[string]int{}
		for _, p := range a.m.Status(ctx).Peers {
			byDID[p.DID] = p.Dropped
		}
		return byDID[bad.DID()] >= transport.MaxMalformed && byDID["127.0.0.1"] >= 1
	})
	for _, p := range a.m.Status(ctx).Peers {
		if p.DID == bad.DID() && p.State != PeerStateDropped {
			t.Fatalf("garbage peer %+v", p)
		}
	}
	v := a.write("still")
	eventually(t, "b still syncs", func() bool { return b.has(v.ID) && a.connectedTo(b.sess.DID()) })
}

func closed(c *websocket.Conn) websocket.StatusCode {
	for {
		if _, _, err := c.Read(ctx); err != nil {
			return websocket.CloseStatus(err)
		}
	}
}

// TestFirstSyncStatus: during a first sync of 3,000 versions (400 under
// the race detector) the fetching
// node's status moves: versions to fetch rise above zero and fall back to
// zero, bytes in grow, and the space ends synced with every version held.
func TestFirstSyncStatus(t *testing.T) {
	total := 3000
	if raceOn {
		total = 400
	}
	fa, mb := keyOf(t, 1), keyOf(t, 2)
	w := newWorld(t, false, fa, mb)
	// The fetching node's session DID sorts first, so it begins the session
	// and asks for what it lacks (05 §6.2, §6.3); see the package doc.
	sa, sb := keyOf(t, 101), keyOf(t, 102)
	if sb.DID() > sa.DID() {
		sa, sb = sb, sa
	}
	a := newNode(t, w, fa, opts{listen: ListenLoopback, sess: sa, noAdd: true})
	var vs []*record.Version
	for i := range total {
		vs = append(vs, a.sign(&record.Version{Collection: "app.wiki", Key: "k" + itoa(i),
			Body: map[string]any{"i": float64(i)}, HasBody: true}))
	}
	if err := a.store.Put(ctx, vs...); err != nil {
		t.Fatal(err)
	}
	a.add()

	b := newNode(t, w, mb, opts{nodes: []string{a.url()}, sess: sb})
	maxFetch, bytes := 0, map[int64]bool{}
	deadline := time.Now().Add(60 * time.Second)
	for {
		st := b.spaceStatus()
		maxFetch = max(maxFetch, st.ToFetch)
		bytes[st.BytesIn] = true
		if st.Versions == total && st.State == StateSynced {
			if st.ToFetch != 0 {
				t.Fatalf("synced with %d still to fetch", st.ToFetch)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("first sync did not end: %+v", st)
		}
		time.Sleep(2 * time.Millisecond)
	}
	if maxFetch == 0 || len(bytes) < 3 {
		t.Fatalf("status did not move: max toFetch %d, %d distinct byte counts", maxFetch, len(bytes))
	}
	t.Logf("max toFetch %d, %d distinct bytesIn readings, final %+v", maxFetch, len(bytes), b.spaceStatus())
}

func itoa(i int) string {
	const digits = "0123456789"
	if i < 10 {
		return digits[i : i+1]
	}
	return itoa(i/10) + digits[i%10:i%10+1]
}

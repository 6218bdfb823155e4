package transport

import (
	"errors"
	"strings"
	"testing"

	"minca.dev/desktop/core/handshake"
)

// TestSyncOverSockets: two transports on a real loopback socket handshake,
// and their sync engines bring each other level through sync envelopes.
func TestSyncOverSockets(t *testing.T) {
	ka, kb := keyOf(t, 1), keyOf(t, 2)
	sp := testSpace(t, ka, kb)
	a, b := newSyncNode(t, ka, sp), newSyncNode(t, kb, sp)
	var ids []string
	prev := ""
	for i := range 5 {
		v := a.write(t, "a-line", i, prev)
		prev, ids = v.ID, append(ids, v.ID)
	}
	ids = append(ids, b.write(t, "b-line", 0, "").ID)

	sa, sb := &Sync{}, &Sync{}
	sa.Set(sp.ID, a.eng)
	sb.Set(sp.ID, b.eng)
	ta := newTransport(t, ka, newGate(sp.ID), sa)
	tb := newTransport(t, kb, newGate(sp.ID), sb)
	addr := listen(t, ta)
	d, err := tb.Connect(nodeURL(addr, ka.DID()), sp.ID)
	if err != nil {
		t.Fatal(err)
	}
	eventually(t, "both nodes to hold every version", func() bool {
		for _, id := range ids {
			if !a.has(id) || !b.has(id) {
				return false
			}
		}
		return true
	})
	eventually(t, "synced both ways", func() bool { return a.eng.Synced(kb.DID()) && b.eng.Synced(ka.DID()) })
	if !d.State().Connected || len(ta.Peers(sp.ID)) != 1 || ta.Peers(sp.ID)[0].DID() != kb.DID() {
		t.Fatalf("state %+v, peers %v", d.State(), ta.Peers(sp.ID))
	}
	// a version written now is pushed over the open socket (05 §7).
	late := a.write(t, "a-line", 5, prev)
	eventually(t, "the pushed version", func() bool { return b.has(late.ID) })
	for who, c := range ta.Counters() {
		if c.Malformed+c.BadSignature+c.Refused+c.Oversize > 0 {
			t.Errorf("%s misbehaved: %+v", who, c)
		}
	}
}

// TestEnvelopesInOrder: a peer's envelopes reach the handler one at a time in
// the order sent, attributed to the proven DID whatever from says.
func TestEnvelopesInOrder(t *testing.T) {
	ka, kb := keyOf(t, 1), keyOf(t, 2)
	sp := testSpace(t, ka, kb)
	ra, rb := &recorder{}, &recorder{}
	ta := newTransport(t, ka, newGate(sp.ID), ra)
	tb := newTransport(t, kb, newGate(sp.ID), rb)
	if _, err := tb.Connect(nodeURL(listen(t, ta), ka.DID()), sp.ID); err != nil {
		t.Fatal(err)
	}
	eventually(t, "a peer on b", func() bool { return len(tb.Peers(sp.ID)) == 1 })
	p := tb.Peers(sp.ID)[0]
	const n = 500
	for i := range n {
		if err := p.Send("sync", raw(`{"i":`+itoa(i)+`}`)); err != nil {
			t.Fatal(err)
		}
	}
	eventually(t, "every envelope", func() bool { return len(ra.received()) == n })
	for i, got := range ra.received() {
		if want := kb.DID() + ` sync {"i":` + itoa(i) + `}`; got != want {
			t.Fatalf("envelope %d: %s, want %s", i, got, want)
		}
	}
}

func itoa(i int) string {
	if i == 0 {
		return "0"
	}
	s := ""
	for ; i > 0; i /= 10 {
		s = string(rune('0'+i%10)) + s
	}
	return s
}

// TestPinnedToWrongDID: a node URL pinned to another DID never gets a
// connection; the node answering there is refused at the challenge.
func TestPinnedToWrongDID(t *testing.T) {
	ka, kb, stranger := keyOf(t, 1), keyOf(t, 2), keyOf(t, 9)
	sp := testSpace(t, ka, kb)
	ra := &recorder{}
	ta := newTransport(t, ka, newGate(sp.ID), ra)
	tb := newTransport(t, kb, newGate(sp.ID), &recorder{})
	addr := listen(t, ta)
	d, err := tb.Connect(nodeURL(addr, stranger.DID()), sp.ID)
	if err != nil {
		t.Fatal(err)
	}
	eventually(t, "two refused attempts", func() bool { return d.State().Attempts >= 2 })
	if st := d.State(); st.Connected || !errors.Is(st.LastErr, handshake.ErrPin) {
		t.Fatalf("state %+v", st)
	}
	if n := tb.Counters()["node:ws://"+addr+"/peer"].Refused; n < 2 {
		t.Errorf("refusals counted: %d", n)
	}
	if len(ta.Peers(sp.ID)) != 0 || len(tb.Peers(sp.ID)) != 0 || len(ra.up) != 0 {
		t.Fatal("a pinned socket reached the wrong node")
	}
}

// TestPlainWSOffLoopback: ws:// is refused off this machine, to dial and to
// listen (without TLS); wss:// and ws:// on loopback are accepted.
func TestPlainWSOffLoopback(t *testing.T) {
	k := keyOf(t, 1)
	sp := testSpace(t, k)
	tr := newTransport(t, k, newGate(sp.ID), &recorder{})
	pin := "#" + keyOf(t, 2).DID()
	for _, u := range []string{"ws://192.0.2.1/peer", "ws://example.com/peer", "ws://10.0.0.1:8080/peer", "ws://localhost.example.com/peer"} {
		if _, err := tr.Connect(u+pin, sp.ID); !errors.Is(err, ErrLoopback) {
			t.Errorf("%s: %v", u, err)
		}
	}
	for _, u := range []string{"https://example.com/peer" + pin, "wss://example.com/peer", "wss://example.com/peer#did:web:x"} {
		if _, err := tr.Connect(u, sp.ID); !errors.Is(err, ErrNodeURL) {
			t.Errorf("%s: %v", u, err)
		}
	}
	for _, addr := range []string{"0.0.0.0:0", ":0", "192.0.2.1:0"} {
		if _, err := tr.Listen(addr); !errors.Is(err, ErrLoopback) {
			t.Errorf("listen %s: %v", addr, err)
		}
	}
	for _, u := range []string{"wss://node.example/peer", "ws://127.0.0.1:1/peer", "ws://[::1]:1/peer", "ws://localhost:1/peer"} {
		d, err := tr.Connect(u+pin, sp.ID)
		if err != nil {
			t.Errorf("%s: %v", u, err)
			continue
		}
		d.Stop()
	}
}

// TestReconnectAfterListenerRestart: the dialler redials with backoff until
// the listener is back, and the peer is up again.
func TestReconnectAfterListenerRestart(t *testing.T) {
	ka, kb := keyOf(t, 1), keyOf(t, 2)
	sp := testSpace(t, ka, kb)
	ra, rb := &recorder{}, &recorder{}
	ta := newTransport(t, ka, newGate(sp.ID), ra)
	tb := newTransport(t, kb, newGate(sp.ID), rb)
	addr := listen(t, ta)
	d, err := tb.Connect(nodeURL(addr, ka.DID()), sp.ID)
	if err != nil {
		t.Fatal(err)
	}
	eventually(t, "connected", func() bool { return d.State().Connected && len(ta.Peers(sp.ID)) == 1 })
	if err := ta.StopListening(); err != nil {
		t.Fatal(err)
	}
	eventually(t, "the dialler to notice", func() bool { return !d.State().Connected })
	eventually(t, "a failed redial", func() bool { return d.State().Attempts >= 2 })
	if _, err := ta.Listen(addr); err != nil {
		t.Fatal(err)
	}
	eventually(t, "reconnected", func() bool { return d.State().Connected && len(ta.Peers(sp.ID)) == 1 })
	if err := tb.Peers(sp.ID)[0].Send("live", raw(`{"type":"typing"}`)); err != nil {
		t.Fatal(err)
	}
	eventually(t, "a message over the new socket", func() bool { return len(ra.received()) == 1 })
	if len(rb.up) != 2 || rb.down != 1 {
		t.Fatalf("b saw %d ups, %d downs", len(rb.up), rb.down)
	}
}

// TestWithheld: a frame the gate forbids is not sent, and counted.
func TestWithheld(t *testing.T) {
	ka, kb := keyOf(t, 1), keyOf(t, 2)
	sp := testSpace(t, ka, kb)
	ra := &recorder{}
	gb := newGate(sp.ID)
	gb.withhold["live"] = true // b's peer a is a former member (03 §9.2)
	ta := newTransport(t, ka, newGate(sp.ID), ra)
	tb := newTransport(t, kb, gb, &recorder{})
	if _, err := tb.Connect(nodeURL(listen(t, ta), ka.DID()), sp.ID); err != nil {
		t.Fatal(err)
	}
	eventually(t, "up", func() bool { return len(tb.Peers(sp.ID)) == 1 })
	p := tb.Peers(sp.ID)[0]
	if err := p.Send("live", raw(`1`)); !errors.Is(err, ErrWithheld) {
		t.Fatalf("live: %v", err)
	}
	if err := p.Send("sync", raw(`2`)); err != nil {
		t.Fatal(err)
	}
	eventually(t, "the sync envelope", func() bool { return len(ra.received()) == 1 })
	if got := ra.received()[0]; !strings.HasSuffix(got, " sync 2") {
		t.Fatalf("received %q", got)
	}
	if tb.Counters()[ka.DID()].Withheld != 1 {
		t.Fatalf("counters %+v", tb.Counters())
	}
}

// TestLetGo: the node lets a peer go (04 §6.3); the dialler sees 4003.
func TestLetGo(t *testing.T) {
	ka, kb := keyOf(t, 1), keyOf(t, 2)
	sp := testSpace(t, ka, kb)
	ga := newGate(sp.ID)
	ta := newTransport(t, ka, ga, &recorder{})
	tb := newTransport(t, kb, newGate(sp.ID), &recorder{})
	d, err := tb.Connect(nodeURL(listen(t, ta), ka.DID()), sp.ID)
	if err != nil {
		t.Fatal(err)
	}
	eventually(t, "up", func() bool { return len(ta.Peers(sp.ID)) == 1 })
	ga.mu.Lock()
	ga.refuse[kb.DID()] = true // removed: no longer admitted
	ga.mu.Unlock()
	if !ta.LetGo(sp.ID, kb.DID()) {
		t.Fatal("no peer to let go")
	}
	eventually(t, "refused redials", func() bool {
		return d.State().LastClose == handshake.CloseNotReader && d.State().Attempts >= 2
	})
	if len(ta.Peers(sp.ID)) != 0 || ta.Counters()[kb.DID()].Refused < 1 {
		t.Fatalf("peers %v counters %+v", ta.Peers(sp.ID), ta.Counters())
	}
}

// TestDialLimits: one dialler per node URL and space, at most MaxDials per
// space; a stopped dialler frees its place.
func TestDialLimits(t *testing.T) {
	k := keyOf(t, 1)
	sp, other := testSpace(t, k), testSpace(t, keyOf(t, 3))
	tr := newTransport(t, k, newGate(sp.ID), &recorder{})
	pin := "#" + keyOf(t, 2).DID()
	var ds []*Dialer
	for i := range MaxDials {
		d, err := tr.Connect("ws://127.0.0.1:"+itoa(i+1)+"/peer"+pin, sp.ID)
		if err != nil {
			t.Fatal(err)
		}
		ds = append(ds, d)
	}
	if _, err := tr.Connect("ws://127.0.0.1:1/peer"+pin, other.ID); err != nil {
		t.Fatalf("another space: %v", err)
	}
	if _, err := tr.Connect("ws://127.0.0.1:1/peer#"+keyOf(t, 4).DID(), sp.ID); !errors.Is(err, ErrDialling) {
		t.Fatalf("the same URL again: %v", err)
	}
	if _, err := tr.Connect("ws://127.0.0.1:99/peer"+pin, sp.ID); !errors.Is(err, ErrTooMany) {
		t.Fatalf("a 9th: %v", err)
	}
	ds[0].Stop()
	if _, err := tr.Connect("ws://127.0.0.1:99/peer"+pin, sp.ID); err != nil {
		t.Fatalf("after a stop: %v", err)
	}
}

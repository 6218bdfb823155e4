package transport

import (
	"crypto/tls"
	"sync/atomic"
	"testing"
	"time"

	"minca.dev/desktop/node/nodetls/tlstest"
)

// countClock is the real time, counting the waits asked of it.
type countClock struct{ waits atomic.Int64 }

func (c *countClock) Now() time.Time { return time.Now() }

func (c *countClock) After(d time.Duration) <-chan time.Time {
	c.waits.Add(1)
	return time.After(d)
}

// TestMutualDial: two nodes dialling each other for one space settle on one
// connection (the one dialled by the lower DID) and stay on it; the dialler
// whose connection lost waits for the other's to end, on no timer.
func TestMutualDial(t *testing.T) {
	ka, kb := keyOf(t, 1), keyOf(t, 2)
	sp := testSpace(t, ka, kb)
	ra, rb := &recorder{}, &recorder{}
	ca, cb := &countClock{}, &countClock{}
	ta := newTransport(t, ka, newGate(sp.ID), ra, func(c *Config) { c.Clock = ca })
	tb := newTransport(t, kb, newGate(sp.ID), rb, func(c *Config) { c.Clock = cb })
	addrA, addrB := listen(t, ta), listen(t, tb)
	if _, err := ta.Connect(nodeURL(addrB, kb.DID()), sp.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := tb.Connect(nodeURL(addrA, ka.DID()), sp.ID); err != nil {
		t.Fatal(err)
	}
	lower := ka.DID() < kb.DID()
	settled := func() bool {
		pa, pb := ta.Peers(sp.ID), tb.Peers(sp.ID)
		// a's peer b is inbound exactly when b dialled: the lower DID's dial is kept.
		return len(pa) == 1 && len(pb) == 1 && pa[0].Inbound() == !lower && pb[0].Inbound() == lower
	}
	eventually(t, "one connection", settled)
	time.Sleep(300 * time.Millisecond) // many backoff periods of the test's fast backoff
	waits := ca.waits.Load() + cb.waits.Load()
	time.Sleep(300 * time.Millisecond)
	if !settled() {
		t.Fatal("the connection changed")
	}
	if now := ca.waits.Load() + cb.waits.Load(); now != waits {
		t.Fatalf("the diallers waited on a timer %d times more, settled", now-waits)
	}
	rb.mu.Lock()
	ups := len(rb.up)
	rb.mu.Unlock()
	if ups > 2 {
		t.Fatalf("b's peer came up %d times: flapping", ups)
	}
}

// TestWSS: with a TLS configuration the listener serves wss://, and a dialler
// trusting its certificate connects.
func TestWSS(t *testing.T) {
	ka, kb := keyOf(t, 1), keyOf(t, 2)
	sp := testSpace(t, ka, kb)
	cert, pool := tlstest.SelfSigned(t)
	ta := newTransport(t, ka, newGate(sp.ID), &recorder{}, func(c *Config) {
		c.ServerTLS = &tls.Config{Certificates: []tls.Certificate{cert}}
	})
	tb := newTransport(t, kb, newGate(sp.ID), &recorder{}, func(c *Config) {
		c.ClientTLS = &tls.Config{RootCAs: pool}
	})
	addr, err := ta.Listen("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	d, err := tb.Connect("wss://"+addr+"/peer#"+ka.DID(), sp.ID)
	if err != nil {
		t.Fatal(err)
	}
	eventually(t, "a wss connection", func() bool { return d.State().Connected && len(ta.Peers(sp.ID)) == 1 })
}

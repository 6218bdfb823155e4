package transport

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"net"
	"strings"
	"testing"

	"minca.dev/desktop/core/identity"
	"minca.dev/desktop/node/nodetls"
	"minca.dev/desktop/node/nodetls/tlstest"
)

func serverTLS(t *testing.T, k *identity.KeyPair) func(*Config) {
	t.Helper()
	cfg, err := nodetls.ServerConfig(k)
	if err != nil {
		t.Fatal(err)
	}
	return func(c *Config) { c.ServerTLS = cfg }
}

// noRoots trusts no certificate authority at all.
func noRoots(c *Config) { c.ClientTLS = &tls.Config{RootCAs: x509.NewCertPool()} }

// TestPinnedWSS: a node serving its own certificate (nodetls) is reached
// over wss:// by a dialler that trusts no root: the DID is the pin.
func TestPinnedWSS(t *testing.T) {
	ka, kb := keyOf(t, 1), keyOf(t, 2)
	sp := testSpace(t, ka, kb)
	ta := newTransport(t, ka, newGate(sp.ID), &recorder{}, serverTLS(t, ka))
	tb := newTransport(t, kb, newGate(sp.ID), &recorder{}, noRoots)
	addr := listen(t, ta)
	if u := ta.URL(); u != "wss://"+addr+"/peer#"+ka.DID() {
		t.Fatalf("URL %q", u)
	}
	d, err := tb.Connect(ta.URL(), sp.ID)
	if err != nil {
		t.Fatal(err)
	}
	eventually(t, "a pinned wss connection", func() bool { return d.State().Connected && len(ta.Peers(sp.ID)) == 1 })
}

// TestWSSWrongKey: a certificate of another key than the pinned DID's, and
// one no root vouches for, are refused at TLS like any failed dial;
// nothing of the handshake happens.
func TestWSSWrongKey(t *testing.T) {
	ka, kb, other := keyOf(t, 1), keyOf(t, 2), keyOf(t, 9)
	sp := testSpace(t, ka, kb)
	cert, _ := tlstest.SelfSigned(t) // a certificate for 127.0.0.1 from nobody trusted
	for name, tweak := range map[string]func(*Config){
		"another node's key": serverTLS(t, other),
		"untrusted":          func(c *Config) { c.ServerTLS = &tls.Config{Certificates: []tls.Certificate{cert}} },
	} {
		t.Run(name, func(t *testing.T) {
			ra := &recorder{}
			ta := newTransport(t, ka, newGate(sp.ID), ra, tweak)
			tb := newTransport(t, kb, newGate(sp.ID), &recorder{}, noRoots)
			d, err := tb.Connect("wss://"+listen(t, ta)+"/peer#"+ka.DID(), sp.ID)
			if err != nil {
				t.Fatal(err)
			}
			eventually(t, "two refused attempts", func() bool { return d.State().Attempts >= 2 })
			if st := d.State(); st.Connected || !errors.Is(st.LastErr, nodetls.ErrNotPinned) {
				t.Fatalf("state %+v", st)
			}
			if len(ta.Peers(sp.ID)) != 0 || len(tb.Peers(sp.ID)) != 0 || len(ra.up) != 0 {
				t.Fatal("a refused certificate got a connection")
			}
		})
	}
}

// TestAdvertise: the host[:port] advertised is the node URL's; binding an
// unspecified address without one advertises a real address of the
// machine; an Advertise that makes no node URL is refused.
func TestAdvertise(t *testing.T) {
	ka, kb := keyOf(t, 1), keyOf(t, 2)
	sp := testSpace(t, ka, kb)
	ta := newTransport(t, ka, newGate(sp.ID), &recorder{}, serverTLS(t, ka), func(c *Config) { c.Advertise = "127.0.0.1" })
	addr, err := ta.Listen("0.0.0.0:0")
	if err != nil {
		t.Fatal(err)
	}
	_, port, _ := net.SplitHostPort(addr)
	if u := ta.URL(); u != "wss://127.0.0.1:"+port+"/peer#"+ka.DID() {
		t.Fatalf("URL %q", u)
	}
	tb := newTransport(t, kb, newGate(sp.ID), &recorder{}, noRoots)
	d, err := tb.Connect(ta.URL(), sp.ID)
	if err != nil {
		t.Fatal(err)
	}
	eventually(t, "a connection to the advertised URL", func() bool { return d.State().Connected })

	for adv, want := range map[string]string{
		"node.example:8443": "wss://node.example:8443/peer#",
		"[2001:db8::1]":     "wss://[2001:db8::1]:",
		"2001:db8::1":       "wss://[2001:db8::1]:",
		"node.example:x":    "", // not a port: refused
	} {
		tr := newTransport(t, ka, newGate(sp.ID), &recorder{}, serverTLS(t, ka), func(c *Config) { c.Advertise = adv })
		_, err := tr.Listen("127.0.0.1:0")
		if want == "" {
			if err == nil {
				t.Errorf("advertise %q: listening, URL %q", adv, tr.URL())
			}
			continue
		}
		if err != nil || !strings.HasPrefix(tr.URL(), want) {
			t.Errorf("advertise %q: URL %q, %v", adv, tr.URL(), err)
		}
	}

	tu := newTransport(t, ka, newGate(sp.ID), &recorder{}, serverTLS(t, ka))
	if _, err := tu.Listen("0.0.0.0:0"); err != nil {
		t.Fatal(err)
	}
	if host := hostOf(t, tu.URL()); host == "0.0.0.0" || net.ParseIP(host).To4() == nil {
		t.Fatalf("unspecified address advertised as %q", tu.URL())
	}

	for _, bad := range []func(*Config){
		func(c *Config) { c.Advertise = "lan.example" },                         // ws:// off loopback
		func(c *Config) { serverTLS(t, ka)(c); c.Advertise = "node.example/x" }, // a path
	} {
		tr := newTransport(t, ka, newGate(sp.ID), &recorder{}, bad)
		if _, err := tr.Listen("127.0.0.1:0"); err == nil {
			t.Errorf("listening with URL %q", tr.URL())
		}
	}
}

func hostOf(t *testing.T, nodeURL string) string {
	t.Helper()
	rest, _, _ := strings.Cut(strings.TrimPrefix(nodeURL, "wss://"), "/")
	h, _, err := net.SplitHostPort(rest)
	if err != nil {
		t.Fatalf("URL %q: %v", nodeURL, err)
	}
	return h
}

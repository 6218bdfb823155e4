package netsync

import (
	"crypto/tls"
	"crypto/x509"
	"net"
	"strings"
	"testing"
)

// TestLAN: a node bound to every address serves wss:// with its own
// certificate and advertises the host it was given; a member trusting no
// root reaches it by the pinned URL, and sync goes both ways.
func TestLAN(t *testing.T) {
	fa, mb := keyOf(t, 1), keyOf(t, 2)
	w := newWorld(t, true, fa, mb)
	a := newNode(t, w, fa, opts{listen: "0.0.0.0:0", wss: true, adv: "127.0.0.1"})
	_, port, err := net.SplitHostPort(a.m.Addr())
	if err != nil {
		t.Fatal(err)
	}
	if want := "wss://127.0.0.1:" + port + "/peer#" + a.sess.DID(); a.url() != want {
		t.Fatalf("URL %q, want %q", a.url(), want)
	}
	b := newNode(t, w, mb, opts{nodes: []string{a.url()}, client: &tls.Config{RootCAs: x509.NewCertPool()}})
	va, vb := a.write("from-a"), b.write("from-b")
	eventually(t, "sync over pinned wss://", func() bool { return a.has(vb.ID) && b.has(va.ID) })

	// Not advertised: an address of this machine, never 0.0.0.0.
	c := newNode(t, w, fa, opts{listen: "0.0.0.0:0", wss: true, noAdd: true})
	if u := c.url(); !strings.HasPrefix(u, "wss://") || strings.Contains(u, "0.0.0.0") {
		t.Fatalf("URL %q", u)
	}
}

package runtime

import (
	"crypto/tls"
	"fmt"
	"strings"
	"testing"
	"time"

	"minca.dev/desktop/node/nodetls/tlstest"
)

// Config.ServerTLS and ClientTLS reach node/netsync: a node serving TLS
// puts a wss:// URL into its invites, and a node trusting its certificate
// dials it and syncs.
func TestTLSPassThrough(t *testing.T) {
	cert, pool := tlstest.SelfSigned(t)
	alice := netPerson(t, "Alice", true, func(c *Config) { c.ServerTLS = &tls.Config{Certificates: []tls.Certificate{cert}} })
	bob := netPerson(t, "Bob", false, func(c *Config) { c.ClientTLS = &tls.Config{RootCAs: pool} })
	if l := syncStatus(t, alice).Listen; !strings.HasPrefix(l, "wss://127.0.0.1:") {
		t.Fatalf("alice listens at %q, want wss://", l)
	}
	s := share(t, alice, false, "member", bob)
	id := write(t, alice, s.ID, "over tls")
	waitFor(t, "bob reads alice over wss", func() error { return reads(bob, s.ID, id, "over tls") })
	// A node that does not trust the certificate never connects.
	carol := netPerson(t, "Carol", false)
	join := func() error {
		_, err := carol.n.Join(t.Context(), inviteLink(t, alice, s.ID))
		return err
	}
	if err := join(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(300 * time.Millisecond)
	if ps, ok := peer(t, carol, alice.wireDID()); !ok || ps.State == "connected" {
		t.Fatal(fmt.Sprintf("carol's dial to alice without trusting her certificate: %+v %v", ps, ok))
	}
}

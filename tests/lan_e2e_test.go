//go:build e2e

package tests

import (
	"bytes"
	"net"
	"strings"
	"testing"
	"time"

	"minca.dev/desktop/core/identity"
	"minca.dev/desktop/node/api"
)

// TestLANHost: Alice's `minca host --listen 0.0.0.0:PORT --advertise
// 127.0.0.1` serves wss:// with a certificate of its own key and hands out
// a wss:// URL pinned by its DID (04 §5.6, docs/HOSTING.md). Bob, another
// machine (own home, profile and host, no CA trusted but the system's),
// joins Alice's private space through it and reads what she writes; Alice
// reads his. A loopback --listen advertised as another host is refused
// before anything is opened.
func TestLANHost(t *testing.T) {
	bin := e2eBin(t)
	began := time.Now()
	alice, bob := newNEUser(t, bin, "Alice"), newNEUser(t, bin, "Bob")
	for _, u := range []*neUser{alice, bob} {
		u.createAccount()
	}

	var errOut bytes.Buffer
	refused := bob.command("host", "--listen", "127.0.0.1:0", "--advertise", "192.0.2.1")
	refused.Stderr = &errOut
	if err := refused.Run(); refused.ProcessState.ExitCode() != 2 || !strings.Contains(errOut.String(), "plain ws://") {
		t.Fatalf("loopback --listen advertised as 192.0.2.1: %v, %s", err, errOut.String())
	}

	_, port, err := net.SplitHostPort(freePort(t))
	if err != nil {
		t.Fatal(err)
	}
	alice.host = alice.start("host", "--listen", "0.0.0.0:"+port, "--advertise", "127.0.0.1")
	alice.host.wait(t, "Minca host: keeping the node", 15*time.Second)
	line := alice.host.wait(t, "Accepting peers at ", 5*time.Second)
	url := strings.TrimPrefix(line, "Accepting peers at ")
	base, did, ok := strings.Cut(url, "#")
	if base != "wss://127.0.0.1:"+port+"/peer" || !ok || !identity.IsDID(did) {
		t.Fatalf("Alice's host accepts peers at %q: want wss://127.0.0.1:%s/peer#<did:key>", url, port)
	}
	var st api.SyncStatus
	alice.ok(&st, "sync", "status", "--json")
	if st.Listen != url {
		t.Fatalf("sync status names %q, the host printed %q", st.Listen, url)
	}
	bob.startHost()

	var sp api.SpaceSummary
	alice.ok(&sp, "space", "create", "Home", "--private", "--template", "club", "--json")
	var inv api.Invite
	alice.ok(&inv, "invite", "create", sp.ID, "--role", "member", "--json")
	var joined api.SpaceSummary
	bob.ok(&joined, "join", inv.Link, "--json")
	if joined.ID != sp.ID {
		t.Fatalf("Bob joined %+v", joined)
	}
	alice.startUI()
	bob.startUI()
	hello := alice.write(sp.ID, "hello over wss")
	neWait(t, "Bob reads Alice's write over wss://", 20*time.Second, func() error { return bob.reads(sp.ID, hello, "hello over wss") })
	reply := bob.write(sp.ID, "and back")
	neWait(t, "Alice reads Bob's reply", 20*time.Second, func() error { return alice.reads(sp.ID, reply, "and back") })

	bob.ok(&st, "sync", "status", "--json")
	connected := false
	for _, p := range st.Peers {
		connected = connected || (p.DID == did && p.State == "connected" && strings.HasPrefix(p.URL, "wss://127.0.0.1:"+port))
	}
	if !connected {
		t.Fatalf("Bob's peers %+v: none is Alice's node (%s) over wss://", st.Peers, did)
	}
	t.Logf("LAN host over wss://: %v", time.Since(began).Round(time.Millisecond))
}

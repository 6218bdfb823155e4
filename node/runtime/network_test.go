package runtime

import (
	"context"
	"crypto/tls"
	"net"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"minca.dev/desktop/node/api"
	"minca.dev/desktop/node/nodetls"
	"minca.dev/desktop/node/paths"
)

// restartNet closes p's node and opens it again on sockets with cfg's
// changes, unlocking it with p's passphrase (netPerson's).
func restartNet(t *testing.T, p *person, with ...func(*Config)) {
	t.Helper()
	p.n.Close()
	cfg := Config{Env: paths.Env{GOOS: "linux", Home: p.home}, Sockets: true}
	for _, f := range with {
		f(&cfg)
	}
	n, err := Open(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { n.Close() })
	if _, err := n.RestoreAccount(context.Background(), api.RestoreAccount{Passphrase: "pass of " + p.name}); err != nil {
		t.Fatalf("unlock %s: %v", p.name, err)
	}
	p.n = n
}

func network(t *testing.T, p *person) api.Network {
	t.Helper()
	nw, err := p.n.Network(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return nw
}

func setNetwork(t *testing.T, p *person, mode string) api.Network {
	t.Helper()
	nw, err := p.n.SetNetwork(context.Background(), api.SetNetwork{Mode: mode})
	if err != nil {
		t.Fatalf("set network %s: %v", mode, err)
	}
	return nw
}

// urlPort is the port of a node URL.
func urlPort(t *testing.T, u string) int {
	t.Helper()
	pu, err := url.Parse(u)
	if err != nil {
		t.Fatalf("node URL %q: %v", u, err)
	}
	port, err := strconv.Atoi(pu.Port())
	if err != nil {
		t.Fatalf("node URL %q: %v", u, err)
	}
	return port
}

// The setting survives a restart in the node store (the profile, not the data
// folder), on the same port; a port taken at a start is replaced by
// another, said in a note, and kept from then on.
func TestNetworkPortKept(t *testing.T) {
	alice := netPerson(t, "Alice", false)
	port := urlPort(t, setNetwork(t, alice, api.NetworkThisComputer).URL)
	if nw := storedState(t, alice.n.dir).Network; nw.Mode != api.NetworkThisComputer || nw.Port != port {
		t.Fatalf("the node store keeps the setting %+v, want %s on %d", nw, api.NetworkThisComputer, port)
	}

	restartNet(t, alice)
	if nw := network(t, alice); urlPort(t, nw.URL) != port || nw.Port != port || nw.Note != "" || nw.Error != "" {
		t.Fatalf("after a restart: %+v, want port %d and nothing to say", nw, port)
	}

	alice.n.Close()
	taken, err := net.Listen("tcp", net.JoinHostPort("127.0.0.1", strconv.Itoa(port)))
	if err != nil {
		t.Fatal(err)
	}
	defer taken.Close()
	restartNet(t, alice)
	nw := network(t, alice)
	moved := urlPort(t, nw.URL)
	if moved == port || nw.Port != moved || !strings.Contains(nw.Note, strconv.Itoa(port)) || nw.Error != "" {
		t.Fatalf("port %d taken: %+v, want another port kept and a note", port, nw)
	}
	taken.Close()
	restartNet(t, alice)
	if nw := network(t, alice); urlPort(t, nw.URL) != moved || nw.Note != "" {
		t.Fatalf("after the move: %+v, want port %d kept", nw, moved)
	}
}

// Config.Listen (`minca host --listen`) wins for the run: the node listens
// there whatever the setting; SetNetwork saves the setting for later runs
// and changes nothing now.
func TestNetworkFixedByConfig(t *testing.T) {
	alice := netPerson(t, "Alice", true)
	nw := network(t, alice)
	if nw.Mode != api.NetworkOff || nw.Fixed == "" || !strings.HasPrefix(nw.URL, "ws://127.0.0.1:") {
		t.Fatalf("fixed listening: %+v", nw)
	}
	after := setNetwork(t, alice, api.NetworkLocal)
	if after.Mode != api.NetworkLocal || after.URL != nw.URL {
		t.Fatalf("SetNetwork while fixed: %+v, want the setting saved and %s kept", after, nw.URL)
	}
	restartNet(t, alice)
	if got := network(t, alice); got.Mode != api.NetworkLocal || got.Fixed != "" {
		t.Fatalf("next run without --listen: %+v", got)
	}
}

// The local network: every interface, wss:// with the node's own
// certificate, the URL naming this computer's address there. A node that
// pins it by the DID in the invite joins over it.
func TestNetworkLocal(t *testing.T) {
	ip, err := lanAddress()
	if err != nil {
		t.Skipf("no local network here: %v", err)
	}
	alice := netPerson(t, "Alice", false)
	nw := setNetwork(t, alice, api.NetworkLocal)
	u, err := url.Parse(nw.URL)
	if err != nil || u.Scheme != "wss" || u.Hostname() != ip.String() || nw.Error != "" {
		t.Fatalf("local network: %+v, want wss:// on %s", nw, ip)
	}
	// Every interface: loopback reaches it too, with a certificate of the
	// key the URL's DID pins.
	c, err := tls.Dial("tcp", net.JoinHostPort("127.0.0.1", u.Port()), nodetls.ClientConfig(u.Fragment, "127.0.0.1", nil))
	if err != nil {
		t.Fatalf("no pinned wss:// on every interface: %v", err)
	}
	c.Close()
	// Bob's node trusts no CA: it dials the invite's wss:// URL, pinned by
	// the DID, joins and reads Alice.
	bob := netPerson(t, "Bob", false)
	s := share(t, alice, true, "member", bob)
	id := write(t, alice, s.ID, "over the local network")
	waitFor(t, "bob reads alice over wss", func() error { return reads(bob, s.ID, id, "over the local network") })
}

// Config.Listen beyond loopback without Config.ServerTLS serves wss:// with
// the node's own certificate, and Config.Advertise names the host in its
// node URL (`minca host --listen 0.0.0.0:PORT --advertise HOST`).
func TestNetworkAdvertise(t *testing.T) {
	alice := netPerson(t, "Alice", false, func(c *Config) { c.Listen, c.Advertise = "0.0.0.0:0", "minca.example" })
	nw := network(t, alice)
	if !strings.HasPrefix(nw.URL, "wss://minca.example:") || !strings.HasSuffix(nw.URL, "#"+alice.wireDID()) || nw.Fixed != "0.0.0.0:0" {
		t.Fatalf("advertised: %+v", nw)
	}
	c, err := tls.Dial("tcp", net.JoinHostPort("127.0.0.1", strconv.Itoa(urlPort(t, nw.URL))), nodetls.ClientConfig(alice.wireDID(), "127.0.0.1", nil))
	if err != nil {
		t.Fatalf("no pinned wss:// at the advertised port: %v", err)
	}
	c.Close()
}

// A change while sync is paused keeps it paused; resumed, the node syncs
// at its new address.
func TestNetworkChangeWhilePaused(t *testing.T) {
	ctx := context.Background()
	alice := netPerson(t, "Alice", false)
	bob := netPerson(t, "Bob", false)
	s, err := alice.n.CreateSpace(ctx, api.CreateSpace{Name: "Paused", Template: "team"})
	if err != nil {
		t.Fatal(err)
	}
	if err := alice.n.PauseSync(ctx); err != nil {
		t.Fatal(err)
	}
	nw := setNetwork(t, alice, api.NetworkThisComputer)
	if st := syncStatus(t, alice); !st.Paused || nw.URL == "" {
		t.Fatalf("after the change: paused %v, network %+v", st.Paused, nw)
	}
	if err := alice.n.ResumeSync(ctx); err != nil {
		t.Fatal(err)
	}
	join(t, alice, bob, s.ID, "member")
	id := write(t, alice, s.ID, "after resuming")
	waitFor(t, "bob reads alice after she resumes", func() error { return reads(bob, s.ID, id, "after resuming") })
}

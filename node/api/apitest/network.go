package apitest

import (
	"context"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"

	"minca.dev/desktop/node/api"
)

// testNetworkSetting: a new node accepts no connection; a mode that is no
// mode is refused and changes nothing.
func testNetworkSetting(t *testing.T, cfg Config) {
	ctx := ctxOf(t)
	n := cfg.NewNode(t)
	nw := must[api.Network](t, "Network")(n.Network(ctx))
	if nw.Mode != api.NetworkOff || nw.URL != "" {
		t.Fatalf("a new node's network: %+v, want off", nw)
	}
	_, err := n.SetNetwork(ctx, api.SetNetwork{Mode: "everyone"})
	wantCode(t, "SetNetwork(everyone)", err, api.CodeInvalid)
	if got := must[api.Network](t, "Network")(n.Network(ctx)); got.Mode != api.NetworkOff {
		t.Fatalf("a refused mode changed the setting: %+v", got)
	}
}

// testNetworkJoin, over node sockets: Alice's node accepts no connection,
// so her invite names no node. She lets this computer connect, with a
// space held: her node URL (ws://, loopback) goes into her invites, Bob
// joins through one and both read each other. Turned off, her invites
// name no node again and her spaces stay; turned on again, the same port.
func testNetworkJoin(t *testing.T, cfg Config) {
	ctx := ctxOf(t)
	alice, a := withAccountOn(t, cfg.NewNetNode, "Alice")
	bob, b := withAccountOn(t, cfg.NewNetNode, "Bob")
	s := must[api.SpaceSummary](t, "CreateSpace")(alice.CreateSpace(ctx, api.CreateSpace{Name: "Team", Template: "team"}))
	if nodes := inviteNodes(t, alice, bob, s.ID); len(nodes) != 0 {
		t.Fatalf("an invite of a node that accepts no connection names %v", nodes)
	}

	watch := must[<-chan api.Event](t, "Watch")(alice.Watch(ctx))
	on := must[api.Network](t, "SetNetwork(this-computer)")(alice.SetNetwork(ctx, api.SetNetwork{Mode: api.NetworkThisComputer}))
	port := checkURL(t, on, "ws", "127.0.0.1")
	waitNetworkEvent(t, watch, on)
	if got := must[api.Network](t, "Network")(alice.Network(ctx)); got != on {
		t.Fatalf("Network %+v after SetNetwork gave %+v", got, on)
	}
	if st := must[api.SyncStatus](t, "SyncStatus")(alice.SyncStatus(ctx)); st.Listen != on.URL {
		t.Fatalf("sync status listens at %q, network says %q", st.Listen, on.URL)
	}
	bare, _, _ := strings.Cut(on.URL, "#") // a preview may show the URL without its pin
	if nodes := inviteNodes(t, alice, bob, s.ID); len(nodes) != 1 || (nodes[0] != on.URL && nodes[0] != bare) {
		t.Fatalf("invite names %v, want [%s]", nodes, on.URL)
	}
	inv := must[api.Invite](t, "invite")(alice.CreateInvite(ctx, api.CreateInvite{SpaceID: s.ID, Role: "member"}))
	if _, err := bob.Join(ctx, inv.Link); err != nil {
		t.Fatalf("bob joins: %v", err)
	}
	eventually(t, "alice sees bob as a member", func() error { return isMember(ctx, alice, s.ID, b.Account.DID) })
	eventually(t, "bob sees alice as a member", func() error { return isMember(ctx, bob, s.ID, a.Account.DID) })
	id := must[string](t, "bob writes")(bob.Write(ctx, api.Write{SpaceID: s.ID, Collection: "app.chat", Body: "hi"}))
	eventually(t, "alice reads bob's record", func() error { return hasVersion(ctx, alice, s.ID, id, true) })

	off := must[api.Network](t, "SetNetwork(off)")(alice.SetNetwork(ctx, api.SetNetwork{Mode: api.NetworkOff}))
	if off.Mode != api.NetworkOff || off.URL != "" || off.Port != port {
		t.Fatalf("turned off: %+v (the port %d is kept)", off, port)
	}
	if nodes := inviteNodes(t, alice, bob, s.ID); len(nodes) != 0 {
		t.Fatalf("turned off, an invite names %v", nodes)
	}
	if got := must[[]api.SpaceSummary](t, "Spaces")(alice.Spaces(ctx)); len(got) != 1 || got[0].ID != s.ID {
		t.Fatalf("spaces after turning off: %+v", got)
	}
	again := must[api.Network](t, "SetNetwork again")(alice.SetNetwork(ctx, api.SetNetwork{Mode: api.NetworkThisComputer}))
	if p := checkURL(t, again, "ws", "127.0.0.1"); p != port && again.Note == "" {
		t.Fatalf("turned on again on port %d, not the kept %d, and no note says why", p, port)
	}
	id2 := must[string](t, "alice writes")(alice.Write(ctx, api.Write{SpaceID: s.ID, Collection: "app.chat", Body: "back"}))
	eventually(t, "bob reads alice's record after the change", func() error { return hasVersion(ctx, bob, s.ID, id2, true) })
}

// withAccountOn is withAccount for nodes newNode makes.
func withAccountOn(t *testing.T, newNode func(t *testing.T) api.Node, name string) (api.Node, api.NewAccount) {
	t.Helper()
	return withAccount(t, Config{NewNode: newNode}, name)
}

// checkURL checks that nw accepts connections at scheme://host:PORT/…#did
// with PORT its kept port, and returns the port.
func checkURL(t *testing.T, nw api.Network, scheme, host string) int {
	t.Helper()
	u, err := url.Parse(nw.URL)
	if err != nil || u.Scheme != scheme || u.Hostname() != host || !strings.HasPrefix(u.Fragment, "did:key:") || nw.Error != "" {
		t.Fatalf("network %+v: want a %s:// URL on %s pinned by a DID, no error", nw, scheme, host)
	}
	port, err := strconv.Atoi(u.Port())
	if err != nil || port == 0 || port != nw.Port {
		t.Fatalf("network %+v: URL port %q, kept port %d", nw, u.Port(), nw.Port)
	}
	return port
}

// inviteNodes are the nodes a fresh view-only invite of from names, as
// another node previews it.
func inviteNodes(t *testing.T, from, other api.Node, spaceID string) []string {
	t.Helper()
	ctx := ctxOf(t)
	inv := must[api.Invite](t, "invite")(from.CreateInvite(ctx, api.CreateInvite{SpaceID: spaceID, ViewOnly: true}))
	return must[api.InvitePreview](t, "preview")(other.PreviewInvite(ctx, inv.Link)).Nodes
}

func isMember(ctx context.Context, n api.Node, spaceID, did string) error {
	ms, err := n.Members(ctx, spaceID)
	if err != nil {
		return err
	}
	if !slices.ContainsFunc(ms, func(m api.Member) bool { return m.DID == did }) {
		return fmt.Errorf("%s not among %+v", did, ms)
	}
	return nil
}

// waitNetworkEvent reads w until a "network" event carries want.
func waitNetworkEvent(t *testing.T, w <-chan api.Event, want api.Network) {
	t.Helper()
	for e := range w {
		if nw, ok := e.Data.(api.Network); ok && e.Kind == "network" && nw == want {
			return
		}
	}
	t.Fatalf("the watch ended without a network event of %+v", want)
}

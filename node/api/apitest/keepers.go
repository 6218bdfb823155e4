package apitest

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"minca.dev/desktop/node/api"
)

// testKeepersBadInput: a space names no keeper at first; a list that is no
// list of keepers is refused with CodeInvalid and names none.
func testKeepersBadInput(t *testing.T, cfg Config) {
	ctx := ctxOf(t)
	n, _ := withAccount(t, cfg, "Alice")
	s := must[api.SpaceSummary](t, "CreateSpace")(n.CreateSpace(ctx, api.CreateSpace{Name: "Team", Template: "team"}))
	if ks := must[[]api.Keeper](t, "Keepers")(n.Keepers(ctx, s.ID)); len(ks) != 0 {
		t.Fatalf("a new space's keepers: %+v", ks)
	}
	pin := "did:key:zDnaeUEY3vrNH2aBdwvsv4qvZpDJ2qHm3Z6UFkorqWJw3CmZT"
	for _, list := range [][]string{
		{"wss://keep.example/peer"},          // no pin
		{"ws://keep.example:80/peer#" + pin}, // ws:// off this machine
		{"keep.example"},                     // no URL
		{pin},                                // a DID the space does not name
		{"wss://a.example/peer#" + pin, "wss://b.example/peer#" + pin}, // one node twice
	} {
		_, err := n.SetKeepers(ctx, api.SetKeepers{SpaceID: s.ID, Keepers: list})
		wantCode(t, fmt.Sprintf("SetKeepers(%v)", list), err, api.CodeInvalid)
	}
	_, err := n.SetKeepers(ctx, api.SetKeepers{SpaceID: "nope", Keepers: nil})
	wantCode(t, "SetKeepers(no space)", err, api.CodeInvalid)
	_, err = n.Keepers(ctx, "")
	wantCode(t, "Keepers(\"\")", err, api.CodeInvalid)
	if ks := must[[]api.Keeper](t, "Keepers")(n.Keepers(ctx, s.ID)); len(ks) != 0 {
		t.Fatalf("keepers after refusals: %+v", ks)
	}
}

// testKeepers, over node sockets: Alice names Kim's node, which accepts
// connections from this computer, the keeper of her space; Bob (a member)
// may not. Bob's node dials Kim's; Alice's next invite names it. With
// Alice's node paused (it accepts and dials nothing), Bob writes and
// Carol joins with that invite and reads it through Kim's node.
func testKeepers(t *testing.T, cfg Config) {
	ctx := ctxOf(t)
	alice, _ := withAccountOn(t, cfg.NewNetNode, "Alice")
	kim, _ := withAccountOn(t, cfg.NewNetNode, "Kim")
	bob, _ := withAccountOn(t, cfg.NewNetNode, "Bob")
	carol, _ := withAccountOn(t, cfg.NewNetNode, "Carol")
	must[api.Network](t, "alice listens")(alice.SetNetwork(ctx, api.SetNetwork{Mode: api.NetworkThisComputer}))
	at := must[api.Network](t, "kim listens")(kim.SetNetwork(ctx, api.SetNetwork{Mode: api.NetworkThisComputer})).URL
	s := must[api.SpaceSummary](t, "CreateSpace")(alice.CreateSpace(ctx, api.CreateSpace{Name: "Team", Template: "team"}))
	for name, n := range map[string]api.Node{"kim": kim, "bob": bob} {
		inv := must[api.Invite](t, "invite")(alice.CreateInvite(ctx, api.CreateInvite{SpaceID: s.ID, Role: "member"}))
		if _, err := n.Join(ctx, inv.Link); err != nil {
			t.Fatalf("%s joins: %v", name, err)
		}
	}

	_, err := bob.SetKeepers(ctx, api.SetKeepers{SpaceID: s.ID, Keepers: []string{at}})
	wantCode(t, "bob (a member) names a keeper", err, api.CodeForbidden)
	ks := must[[]api.Keeper](t, "alice names kim's node")(alice.SetKeepers(ctx, api.SetKeepers{SpaceID: s.ID, Keepers: []string{at}}))
	_, pin, _ := strings.Cut(at, "#")
	if len(ks) != 1 || ks[0].URL != at || ks[0].DID != pin || ks[0].This {
		t.Fatalf("alice's keepers %+v, want kim's node at %s", ks, at)
	}
	eventually(t, "kim's node knows it keeps the space", func() error {
		return keepersAre(ctx, kim, s.ID, at, true)
	})
	eventually(t, "bob's node dials kim's", func() error {
		if err := keepersAre(ctx, bob, s.ID, at, false); err != nil {
			return err
		}
		return connectedTo(ctx, bob, pin)
	})
	inv := must[api.Invite](t, "invite carol")(alice.CreateInvite(ctx, api.CreateInvite{SpaceID: s.ID, Role: "member"}))
	bare, _, _ := strings.Cut(at, "#")
	if p := must[api.InvitePreview](t, "preview")(carol.PreviewInvite(ctx, inv.Link)); !slices.Contains(p.Nodes, at) && !slices.Contains(p.Nodes, bare) {
		t.Fatalf("alice's invite names %v, not kim's node", p.Nodes)
	}
	eventually(t, "kim holds carol's invite", func() error {
		is, err := kim.Invites(ctx, s.ID)
		if err != nil || !slices.ContainsFunc(is, func(i api.Invite) bool { return i.Key == inv.Key }) {
			return fmt.Errorf("kim's invites %+v %v", is, err)
		}
		return nil
	})

	if err := alice.PauseSync(ctx); err != nil {
		t.Fatal(err)
	}
	id := must[string](t, "bob writes")(bob.Write(ctx, api.Write{SpaceID: s.ID, Collection: "app.chat", Body: "alice is away"}))
	if _, err := carol.Join(ctx, inv.Link); err != nil {
		t.Fatalf("carol joins while alice's node is paused: %v", err)
	}
	eventually(t, "carol reads bob through kim's node", func() error { return hasVersion(ctx, carol, s.ID, id, true) })
	if err := hasVersion(ctx, alice, s.ID, id, false); err == nil {
		t.Fatal("bob's write reached alice's paused node")
	}
}

// keepersAre says n lists exactly one keeper, the node at url.
func keepersAre(ctx context.Context, n api.Node, spaceID, url string, this bool) error {
	ks, err := n.Keepers(ctx, spaceID)
	if err != nil || len(ks) != 1 || ks[0].URL != url || ks[0].This != this {
		return fmt.Errorf("keepers %+v %v, want the node at %s (this %v)", ks, err, url, this)
	}
	return nil
}

// connectedTo says n's node is connected to the node going by did.
func connectedTo(ctx context.Context, n api.Node, did string) error {
	st, err := n.SyncStatus(ctx)
	if err != nil {
		return err
	}
	if !slices.ContainsFunc(st.Peers, func(p api.PeerStatus) bool { return p.DID == did && p.State == "connected" }) {
		return fmt.Errorf("not connected to %s: %+v", did, st.Peers)
	}
	return nil
}

package runtime

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"minca.dev/desktop/core/identity"
	"minca.dev/desktop/core/space"
	"minca.dev/desktop/node/api"
	"minca.dev/desktop/node/netsync"
)

// Alice names Kim's always-on node the keeper of a private space (03 §10)
// by the node URL it listens at. Bob, who joined through Alice's node
// alone, dials Kim's from the history (and lets Alice's go, 03 §7.4);
// Alice's next invite names Kim's node. Alice's node closes for good: Bob
// writes, Carol joins with that invite and reads it, Bob reads Carol, all
// through Kim's node.
func TestKeepersOverSockets(t *testing.T) {
	ctx := context.Background()
	alice, kim := netPerson(t, "Alice", true), netPerson(t, "Kim", true)
	bob, carol := netPerson(t, "Bob", false), netPerson(t, "Carol", false)
	s := share(t, alice, true, "member", kim, bob)
	waitFor(t, "bob connected to alice", func() error { return connected(t, bob, alice) })

	at := syncStatus(t, kim).Listen
	ks, err := alice.n.SetKeepers(ctx, api.SetKeepers{SpaceID: s.ID, Keepers: []string{at}})
	bare, _, _ := strings.Cut(at, "#")
	want := api.Keeper{DID: kim.wireDID(), Name: bare, URL: at}
	if err != nil || !slices.Equal(ks, []api.Keeper{want}) {
		t.Fatalf("SetKeepers: %+v %v, want [%+v]", ks, err, want)
	}
	want.This = true
	waitFor(t, "kim's node knows it keeps the space", func() error {
		if ks, err := kim.n.Keepers(ctx, s.ID); err != nil || !slices.Equal(ks, []api.Keeper{want}) {
			return fmt.Errorf("kim's keepers %+v %v", ks, err)
		}
		return nil
	})
	waitFor(t, "bob dials kim's node", func() error { return connected(t, bob, kim) })
	if d := detail(t, bob, s.ID); !slices.Equal(d.Keepers, []api.Keeper{{DID: kim.wireDID(), Name: bare, URL: at}}) {
		t.Fatalf("bob's space page names keepers %+v", d.Keepers)
	}
	waitFor(t, "bob lets alice's node go", func() error {
		if ps, ok := peer(t, bob, alice.wireDID()); ok {
			return fmt.Errorf("bob still has alice: %+v", ps)
		}
		return nil
	})

	inv, err := alice.n.CreateInvite(ctx, api.CreateInvite{SpaceID: s.ID, Role: "member"})
	if err != nil {
		t.Fatal(err)
	}
	if p, err := carol.n.PreviewInvite(ctx, inv.Link); err != nil || !slices.Contains(p.Nodes, bare) {
		t.Fatalf("alice's invite names %v (%v), not kim's node %s", p.Nodes, err, bare)
	}
	waitFor(t, "kim holds the invite", func() error {
		is, err := kim.n.Invites(ctx, s.ID)
		if err != nil || !slices.ContainsFunc(is, func(i api.Invite) bool { return i.Key == inv.Key }) {
			return fmt.Errorf("kim's invites %+v %v", is, err)
		}
		return nil
	})
	if err := alice.n.Close(); err != nil {
		t.Fatal(err)
	}

	id := write(t, bob, s.ID, "while alice is away")
	if _, err := carol.n.Join(ctx, inv.Link); err != nil {
		t.Fatalf("carol joins with alice's node closed: %v", err)
	}
	waitFor(t, "carol reads bob through kim", func() error { return reads(carol, s.ID, id, "while alice is away") })
	back := write(t, carol, s.ID, "hello bob")
	waitFor(t, "bob reads carol through kim", func() error { return reads(bob, s.ID, back, "hello bob") })
	if ps, ok := peer(t, carol, kim.wireDID()); !ok || ps.State != netsync.PeerStateConnected {
		t.Fatalf("carol's peer kim: %+v %v", ps, ok)
	}
}

// otherKeyDID is a did:key no node here goes by.
func otherKeyDID(t *testing.T) string {
	k, err := identity.DeriveKeyPairFromSeed(make([]byte, 32))
	if err != nil {
		t.Fatal(err)
	}
	return k.DID()
}

// Only an account granted /space/keepers names keepers; a list that is not
// one is refused with CodeInvalid and nothing is written. A keeper named
// already stays as it is named when given by its DID; an empty list names
// none.
func TestSetKeepersRefused(t *testing.T) {
	ctx := context.Background()
	alice, bob := netPerson(t, "Alice", true), netPerson(t, "Bob", false)
	s := share(t, alice, false, "member", bob)
	waitFor(t, "bob connected to alice", func() error { return connected(t, bob, alice) })
	at := syncStatus(t, alice).Listen
	set := func(p *person, list ...string) ([]api.Keeper, error) {
		return p.n.SetKeepers(ctx, api.SetKeepers{SpaceID: s.ID, Keepers: list})
	}
	_, err := set(bob, at)
	if api.CodeOf(err) != api.CodeForbidden || !strings.Contains(err.Error(), "your roles here: member") {
		t.Fatalf("bob (a member) names keepers: %v", err)
	}
	did := alice.wireDID()
	var many []string
	for i := range api.MaxKeepers + 1 {
		many = append(many, fmt.Sprintf("ws://127.0.0.1:%d/peer#%s", 9000+i, bob.did))
	}
	for name, list := range map[string][]string{
		"no pin":             {"ws://127.0.0.1:9000/peer"},
		"ws:// off loopback": {"ws://192.168.1.9:9000/peer#" + did},
		"not a URL":          {"my laptop"},
		"a DID not named":    {did},
		"named twice":        {at, "ws://127.0.0.1:1/peer#" + did},
		"one address twice":  {at, strings.TrimSuffix(at, did) + bob.did},
		"17 keepers":         many,
		"name too long":      {"wss://" + strings.Repeat("h", 80) + "/peer#" + did},
	} {
		if _, err := set(alice, list...); api.CodeOf(err) != api.CodeInvalid {
			t.Errorf("%s: %v, want CodeInvalid", name, err)
		}
	}
	if ks, err := alice.n.Keepers(ctx, s.ID); err != nil || len(ks) != 0 {
		t.Fatalf("after refusals: %+v %v", ks, err)
	}

	// A keeper another app named by a plain name stays as it is; Bob's
	// node still reaches Alice's, named by its URL.
	other := otherKeyDID(t)
	p := alice.n
	p.mu.Lock()
	d := accessDraft(ctx, p.spaces[s.ID], collKeepersRecord, space.KeepersKey, map[string]any{"keepers": []any{
		map[string]any{"did": other, "name": "home server"}, map[string]any{"did": did, "name": strings.TrimSuffix(at, "#"+did)}}, "copies": nil})
	_, err = p.writeLocked(ctx, p.spaces[s.ID], d)
	p.mu.Unlock()
	if err != nil {
		t.Fatal(err)
	}
	ks, err := set(alice, other, at)
	if err != nil || len(ks) != 2 || ks[0] != (api.Keeper{DID: other, Name: "home server"}) || ks[1].URL != at || !ks[1].This {
		t.Fatalf("keep the home server by DID and alice's: %+v %v", ks, err)
	}
	waitFor(t, "bob reads the keepers", func() error {
		if got, err := bob.n.Keepers(ctx, s.ID); err != nil || !slices.Equal(got, []api.Keeper{ks[0], {DID: did, Name: ks[1].Name, URL: at}}) {
			return fmt.Errorf("bob's keepers %+v %v", got, err)
		}
		return nil
	})
	if ks, err := set(alice); err != nil || len(ks) != 0 {
		t.Fatalf("none: %+v %v", ks, err)
	}
	if ks, err := alice.n.Keepers(ctx, s.ID); err != nil || len(ks) != 0 {
		t.Fatalf("after naming none: %+v %v", ks, err)
	}
}

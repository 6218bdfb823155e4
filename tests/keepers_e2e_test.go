//go:build e2e

package tests

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"minca.dev/desktop/node/api"
)

// TestKeepersE2E: members sync through a keeper while the founder's
// computer is off (03 §10). Alice founds a private club; Kim, an account
// whose `minca host` accepts peers on loopback and does nothing else, and
// Bob join through Alice's host. Bob may not name keepers; Alice names
// Kim's host with `minca space keepers --add` and the address Kim's host
// gives, so Bob's node dials it. Alice makes an invite for Carol, then her
// host and UI stop. Bob writes; Carol joins with Alice's invite and reads
// it; Bob reads Carol's answer: every byte through Kim's host.
func TestKeepersE2E(t *testing.T) {
	bin := e2eBin(t)
	alice, kim, bob, carol := newNEUser(t, bin, "Alice"), newNEUser(t, bin, "Kim"), newNEUser(t, bin, "Bob"), newNEUser(t, bin, "Carol")
	alice.hostListen, kim.hostListen = freePort(t), freePort(t)
	for _, u := range []*neUser{alice, kim, bob, carol} {
		u.createAccount()
		u.startHost()
	}
	var sp api.SpaceSummary
	alice.ok(&sp, "space", "create", "Club", "--private", "--template", "club", "--json")
	for _, u := range []*neUser{kim, bob} {
		var inv api.Invite
		alice.ok(&inv, "invite", "create", sp.ID, "--role", "member", "--json")
		var joined api.SpaceSummary
		u.ok(&joined, "join", inv.Link, "--json")
	}
	var st api.SyncStatus
	kim.ok(&st, "sync", "status", "--json")
	at := st.Listen
	_, kimDID, _ := strings.Cut(at, "#")
	if !strings.HasPrefix(at, "ws://"+kim.hostListen+"/peer#did:key:") {
		t.Fatalf("kim's host accepts peers at %q", at)
	}

	if out, err := bob.command("space", "keepers", sp.ID, "--add", at).CombinedOutput(); err == nil || !strings.Contains(string(out), "manages the space") {
		t.Fatalf("bob (a member) names a keeper: %v\n%s", err, out)
	}
	var ks []api.Keeper
	alice.ok(&ks, "space", "keepers", sp.ID, "--add", at, "--json")
	if len(ks) != 1 || ks[0].URL != at || ks[0].DID != kimDID {
		t.Fatalf("alice's keepers %+v, want kim's host at %s", ks, at)
	}
	neWait(t, "kim's host knows it keeps the club", 20*time.Second, func() error {
		kim.ok(&ks, "space", "keepers", sp.ID, "--json")
		if len(ks) != 1 || !ks[0].This {
			return fmt.Errorf("kim's keepers %+v", ks)
		}
		return nil
	})
	neWait(t, "bob's node dials kim's host", 30*time.Second, func() error { return connectedTo(bob, kimDID) })

	var inv api.Invite
	alice.ok(&inv, "invite", "create", sp.ID, "--role", "member", "--json")
	neWait(t, "kim's host holds carol's invite", 20*time.Second, func() error {
		var open []api.Invite
		kim.ok(&open, "invite", "list", sp.ID, "--json")
		if !slices.ContainsFunc(open, func(i api.Invite) bool { return i.Key == inv.Key }) {
			return fmt.Errorf("kim's open invites %+v", open)
		}
		return nil
	})
	alice.host.stop()
	if alice.host.cmd.ProcessState == nil || !alice.host.cmd.ProcessState.Exited() {
		t.Fatal("alice's host did not stop")
	}

	bob.startUI()
	carol.startUI()
	id := bob.write(sp.ID, "alice is away")
	var joined api.SpaceSummary
	carol.ok(&joined, "join", inv.Link, "--json")
	neWait(t, "carol reads bob through kim's host", 30*time.Second, func() error { return carol.reads(sp.ID, id, "alice is away") })
	back := carol.write(sp.ID, "hello bob")
	neWait(t, "bob reads carol through kim's host", 30*time.Second, func() error { return bob.reads(sp.ID, back, "hello bob") })
	if err := connectedTo(carol, kimDID); err != nil {
		t.Fatal(err)
	}
	var human bytes.Buffer
	cmd := kim.command("space", "keepers", sp.ID)
	cmd.Stdout = &human
	if err := cmd.Run(); err != nil || !strings.Contains(human.String(), at+" (this computer)") {
		t.Fatalf("kim's `minca space keepers`: %v\n%s", err, human.String())
	}
}

// connectedTo says u's node is connected to the node going by did.
func connectedTo(u *neUser, did string) error {
	var st api.SyncStatus
	u.ok(&st, "sync", "status", "--json")
	for _, p := range st.Peers {
		if p.DID == did && p.State == "connected" {
			return nil
		}
	}
	return fmt.Errorf("%s is not connected to %s: %+v", u.name, did, st.Peers)
}

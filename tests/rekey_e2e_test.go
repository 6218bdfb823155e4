//go:build e2e

package tests

import (
	"fmt"
	"testing"
	"time"

	"minca.dev/desktop/node/api"
)

// TestRekeyE2E: real `minca host`s with `minca ui` as their clients. Ana
// makes a private space, Ben joins; Ana removes Ben (the key changes once,
// 03 §9.3: her access history shows one key change, also seconds later);
// then Eve, a new account, joins through a new member invite carrying the
// current key her history does not name yet, and reads what Ana writes
// (04 §6.3). The remove's time through the window's bridge is logged.
func TestRekeyE2E(t *testing.T) {
	bin := e2eBin(t)
	ana, ben, eve := newNEUser(t, bin, "Ana"), newNEUser(t, bin, "Ben"), newNEUser(t, bin, "Eve")
	ana.hostListen = freePort(t)
	for _, u := range []*neUser{ana, ben, eve} {
		u.createAccount()
		u.startHost()
	}
	var sp api.SpaceSummary
	ana.ok(&sp, "space", "create", "Book club", "--private", "--template", "team", "--json")
	invite := func() string {
		var inv api.Invite
		ana.ok(&inv, "invite", "create", sp.ID, "--role", "member", "--json")
		return inv.Link
	}
	member := func(u, of *neUser) func() error {
		return func() error {
			var ms []api.Member
			u.ok(&ms, "member", "list", sp.ID, "--json")
			for _, m := range ms {
				if m.DID == of.did && !m.Pending {
					return nil
				}
			}
			return fmt.Errorf("%s's members lack %s: %d members", u.name, of.name, len(ms))
		}
	}
	var joined api.SpaceSummary
	ben.ok(&joined, "join", invite(), "--json")
	neWait(t, "Ana sees Ben join", 20*time.Second, member(ana, ben))
	ana.startUI()

	began := time.Now()
	if e := ana.call("RemoveMember", nil, sp.ID, ben.did); e != nil {
		t.Fatalf("Ana removes Ben: %s", e.Message)
	}
	t.Logf("RemoveMember through the bridge: %v", time.Since(began).Round(time.Millisecond))
	keyChanges := func() int {
		var hs []api.AccessChange
		if e := ana.call("History", &hs, sp.ID); e != nil {
			t.Fatalf("History: %s", e.Message)
		}
		n := 0
		for _, c := range hs {
			if c.Action == "change-key" {
				n++
			}
		}
		return n
	}
	if n := keyChanges(); n != 1 {
		t.Fatalf("%d key changes right after the removal, want 1", n)
	}

	eve.ok(&joined, "join", invite(), "--json")
	neWait(t, "Ana sees Eve join", 30*time.Second, member(ana, eve))
	eve.startUI()
	after := ana.write(sp.ID, "welcome Eve")
	neWait(t, "Eve reads Ana", 30*time.Second, func() error { return eve.reads(sp.ID, after, "welcome Eve") })
	if n := keyChanges(); n != 1 {
		t.Fatalf("%d key changes after one removal, want 1", n)
	}
}

//go:build e2e

package tests

import (
	"os"
	"testing"
	"time"

	"minca.dev/desktop/node/api"
)

// TestNodeE2ESecondDeviceKeyChange: Alice's second device (restored through
// the shared data folder) after her first device removes Bob from a private
// space: it opens what device one writes after the key change, from the box
// device one sealed to their own account (03 §9.4), and writes under the
// new key; Bob gets neither.
func TestNodeE2ESecondDeviceKeyChange(t *testing.T) {
	bin := e2eBin(t)
	shared := t.TempDir() + "/Shared"
	one, two, bob := newNEUser(t, bin, "Alice"), newNEUser(t, bin, "Alice"), newNEUser(t, bin, "Bob")
	one.hostListen = freePort(t)
	var f api.Folder
	one.ok(&f, "folder", "set", shared, "--json")
	var acc api.NewAccount
	one.ok(&acc, "account", "create", "--name", "Alice", "--json")
	one.startHost()
	bob.createAccount()
	bob.startHost()
	var sp api.SpaceSummary
	one.ok(&sp, "space", "create", "Club", "--private", "--template", "club", "--json")
	var inv api.Invite
	one.ok(&inv, "invite", "create", sp.ID, "--role", "member", "--json")
	var joined api.SpaceSummary
	bob.ok(&joined, "join", inv.Link, "--json")
	one.startUI()
	bob.startUI()
	first := one.write(sp.ID, "before")
	neWait(t, "bob reads before", 20*time.Second, func() error { return bob.reads(sp.ID, first, "before") })
	codeFile := t.TempDir() + "/code"
	if err := os.WriteFile(codeFile, []byte(acc.RecoveryCode+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	var restored api.Account
	two.ok(&restored, "account", "restore", "--recovery-code-file", codeFile, "--folder", shared, "--json")
	two.startHost()
	two.startUI()
	neWait(t, "device two reads before", 30*time.Second, func() error { return two.reads(sp.ID, first, "before") })
	var done struct{ OK bool }
	one.ok(&done, "member", "remove", sp.ID, bob.did, "--json")
	after := one.write(sp.ID, "after")
	neWait(t, "device two reads after (new key)", 30*time.Second, func() error { return two.reads(sp.ID, after, "after") })
	var id string
	if e := two.call("Write", &id, api.Write{SpaceID: sp.ID, Collection: "app.chat", Body: "from two"}); e != nil {
		t.Fatalf("device two writes: %v", e.Message)
	}
	neWait(t, "device one reads device two", 30*time.Second, func() error { return one.reads(sp.ID, id, "from two") })
	bob.ok(nil, "sync", "now", "--json")
	time.Sleep(3 * time.Second) // a chance for anything to reach Bob
	for _, v := range []string{after, id} {
		if err := bob.lacks(sp.ID, v); err != nil {
			t.Errorf("bob: %v", err)
		}
	}
}

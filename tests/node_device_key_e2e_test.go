//go:build e2e

package tests

import (
	"os"
	"testing"
	"time"

	"minca.dev/desktop/node/api"
)

// TestNodeE2ESecondDeviceKeyChange: Alice's second device (restored through
// the shared data folder) in a private space that Bob (member) and Carol
// (view-only link) joined through her first device. Device two reads what
// Bob wrote; Carol reads it and cannot write. After device one removes Bob,
// device two opens what device one writes after the key change, from the
// box device one sealed to their own account (03 §9.4), and writes under
// the new key; Bob gets neither, and Carol, whose link carried the old key
// (03 §9.5), opens neither until device two gives her a new view-only link:
// it names no computer (device two does not listen), and her node, joining
// with it, proves the new key to device one's at once. Every process
// restarts, and all of it holds.
func TestNodeE2ESecondDeviceKeyChange(t *testing.T) {
	bin := e2eBin(t)
	began := time.Now()
	shared := t.TempDir() + "/Shared"
	one, two := newNEUser(t, bin, "Alice"), newNEUser(t, bin, "Alice")
	bob, carol := newNEUser(t, bin, "Bob"), newNEUser(t, bin, "Carol")
	one.hostListen = freePort(t)
	var f api.Folder
	one.ok(&f, "folder", "set", shared, "--json")
	var acc api.NewAccount
	one.ok(&acc, "account", "create", "--name", "Alice", "--json")
	one.startHost()
	for _, u := range []*neUser{bob, carol} {
		u.createAccount()
		u.startHost()
	}
	var sp api.SpaceSummary
	one.ok(&sp, "space", "create", "Club", "--private", "--template", "club", "--json")
	invite := func(u *neUser, args ...string) string {
		var inv api.Invite
		u.ok(&inv, append([]string{"invite", "create", sp.ID}, append(args, "--json")...)...)
		return inv.Link
	}
	var joined api.SpaceSummary
	bob.ok(&joined, "join", invite(one, "--role", "member"), "--json")
	carol.ok(&joined, "join", invite(one, "--view-only"), "--json")
	for _, u := range []*neUser{one, bob, carol} {
		u.startUI()
	}
	first := one.write(sp.ID, "before")
	for _, u := range []*neUser{bob, carol} {
		neWait(t, u.name+" reads before", 20*time.Second, func() error { return u.reads(sp.ID, first, "before") })
	}
	codeFile := t.TempDir() + "/code"
	if err := os.WriteFile(codeFile, []byte(acc.RecoveryCode+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	var restored api.Account
	two.ok(&restored, "account", "restore", "--recovery-code-file", codeFile, "--folder", shared, "--json")
	two.startHost()
	two.startUI()
	neWait(t, "device two reads before", 30*time.Second, func() error { return two.reads(sp.ID, first, "before") })
	fromBob := bob.write(sp.ID, "from Bob")
	for _, u := range []*neUser{one, two, carol} {
		neWait(t, u.name+" reads Bob's write", 30*time.Second, func() error { return u.reads(sp.ID, fromBob, "from Bob") })
	}
	if e := carol.call("Write", nil, api.Write{SpaceID: sp.ID, Collection: "app.chat", Body: "carol"}); e == nil || e.Code != api.CodeForbidden {
		t.Fatalf("Carol (view-only) writes: %+v, want forbidden", e)
	}
	t.Logf("joined, restored, written, read: %v", time.Since(began).Round(time.Millisecond))

	var done struct{ OK bool }
	one.ok(&done, "member", "remove", sp.ID, bob.did, "--json")
	after := one.write(sp.ID, "after")
	neWait(t, "device two reads after (new key)", 30*time.Second, func() error { return two.reads(sp.ID, after, "after") })
	fromTwo := two.write(sp.ID, "from two")
	neWait(t, "device one reads device two", 30*time.Second, func() error { return one.reads(sp.ID, fromTwo, "from two") })
	bob.ok(nil, "sync", "now", "--json")
	time.Sleep(3 * time.Second) // a chance for anything to reach Bob and Carol
	for _, v := range []string{after, fromTwo} {
		if err := bob.lacks(sp.ID, v); err != nil {
			t.Errorf("bob: %v", err)
		}
		if err := carol.reads(sp.ID, v, ""); err != nil {
			t.Errorf("carol on the old link: %v", err)
		}
	}

	// Device two, which does not listen, gives Carol a new view-only link:
	// it carries the key device two holds now, and names no computer.
	carol.ok(&joined, "join", invite(two, "--view-only"), "--json")
	if joined.ID != sp.ID {
		t.Fatalf("Carol joins again: %+v", joined)
	}
	for id, want := range map[string]string{after: "after", fromTwo: "from two"} {
		neWait(t, "Carol reads "+want+" on device two's link", 20*time.Second, func() error { return carol.reads(sp.ID, id, want) })
	}
	check := func(stage string) {
		t.Helper()
		for _, c := range []struct {
			u        *neUser
			id, want string
		}{{one, first, "before"}, {one, fromBob, "from Bob"}, {one, after, "after"}, {one, fromTwo, "from two"},
			{two, first, "before"}, {two, fromBob, "from Bob"}, {two, after, "after"}, {two, fromTwo, "from two"},
			{carol, first, "before"}, {carol, fromBob, "from Bob"}, {carol, after, "after"}, {carol, fromTwo, "from two"},
			{bob, first, "before"}, {bob, fromBob, "from Bob"}} {
			if err := c.u.reads(sp.ID, c.id, c.want); err != nil {
				t.Fatalf("%s: %v", stage, err)
			}
		}
		for _, v := range []string{after, fromTwo} {
			if err := bob.lacks(sp.ID, v); err != nil {
				t.Fatalf("%s: %v", stage, err)
			}
		}
	}
	check("before restart")
	t.Logf("removal, key change, Carol's new link: %v", time.Since(began).Round(time.Millisecond))

	restartAll([]*neUser{one, two, bob, carol}) // every process stops and starts again
	check("after restart")
	last := one.write(sp.ID, "after the restart")
	for _, u := range []*neUser{two, carol} {
		neWait(t, u.name+" reads what device one wrote after the restart", 30*time.Second, func() error { return u.reads(sp.ID, last, "after the restart") })
	}
	bob.ok(nil, "sync", "now", "--json")
	time.Sleep(2 * time.Second) // a chance for it to reach Bob
	if err := bob.lacks(sp.ID, last); err != nil {
		t.Errorf("after restart: bob: %v", err)
	}
	t.Logf("total %v", time.Since(began).Round(time.Millisecond))
}

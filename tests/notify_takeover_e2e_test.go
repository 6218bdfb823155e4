//go:build e2e

package tests

import (
	"encoding/json"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"

	"minca.dev/desktop/node/api"
)

// TestNotifyE2EJoinDuringTakeover (issue 8 item 5): a join that lands
// while no process watches for joins — the one holding the notify role is
// gone and the next has not taken it yet, as when the window closes and
// the tray takes over — still shows, once. Ann's node is kept by `minca
// host`; her tray watches for joins, then stops (SIGSTOP) before Bo joins
// and is killed once Bo's join and name have reached Ann's node. A new
// tray takes the notify role: it starts from the members the last watch
// saw (app/notify Config.Seen), so Bo is news to it, not its baseline.
func TestNotifyE2EJoinDuringTakeover(t *testing.T) {
	bin := mincaBinary(t)
	server := startNotificationServer(t)
	ann, bo := profileEnv(t, "Ann"), profileEnv(t, "Bo")
	mincaIn(t, bin, ann, "account", "create", "--name", "Ann")
	keepHost(t, bin, ann, "Accepting peers", "--listen", freePort(t))
	var space api.SpaceSummary
	if err := json.Unmarshal([]byte(mincaIn(t, bin, ann, "space", "create", "Chess club", "--json")), &space); err != nil {
		t.Fatal(err)
	}
	var inv api.Invite
	if err := json.Unmarshal([]byte(mincaIn(t, bin, ann, "invite", "create", space.ID, "--role", "member", "--json")), &inv); err != nil {
		t.Fatal(err)
	}

	// The first tray watches and keeps what it saw.
	first := startTray(t, bin, ann...)
	if _, err := first.menu.Wait(10*time.Second, hasItem("Quit")); err != nil {
		t.Fatal(err)
	}
	seen := runtimeFile(t, ann, "notify-seen.json")
	neWait(t, "the tray's watch keeps the members it saw", 15*time.Second, func() error {
		b, err := os.ReadFile(seen)
		if err == nil && !strings.Contains(string(b), space.ID) {
			err = os.ErrNotExist
		}
		return err
	})
	if err := first.cmd.Process.Signal(syscall.SIGSTOP); err != nil {
		t.Fatal(err)
	}

	// Bo joins while nobody watches; his node stays up so his name follows.
	mincaIn(t, bin, bo, "account", "create", "--name", "Bo")
	keepHost(t, bin, bo, "keeping the node")
	mincaIn(t, bin, bo, "join", inv.Link)
	neWait(t, "Bo and his name reach Ann's node", 20*time.Second, func() error {
		var ms []api.Member
		if err := json.Unmarshal([]byte(mincaIn(t, bin, ann, "member", "list", space.ID, "--json")), &ms); err != nil {
			return err
		}
		for _, m := range ms {
			if m.ProfileName == "Bo" {
				return nil
			}
		}
		return os.ErrNotExist
	})

	// The first tray goes; the next takes the notify role over.
	first.cmd.Process.Kill()
	<-first.exited
	next := startTray(t, bin, ann...)
	select {
	case s := <-server.summaries:
		if s != "Bo joined Chess club" {
			t.Fatalf("notification %q, want %q", s, "Bo joined Chess club")
		}
	case <-time.After(20 * time.Second):
		t.Fatalf("no notification in 20 s of Bo's join during the takeover; tray output:\n%s", next.out.String())
	}
	select {
	case s := <-server.summaries:
		t.Fatalf("a second notification %q", s)
	case <-time.After(3 * time.Second):
	}
	next.click(t, "Quit")
	next.waitExit(t)
}

// envValue is the value of key in env (KEY=value entries), "" when unset.
func envValue(env []string, key string) string {
	for _, kv := range env {
		if k, v, ok := strings.Cut(kv, "="); ok && k == key {
			return v
		}
	}
	return ""
}

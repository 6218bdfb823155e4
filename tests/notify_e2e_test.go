//go:build e2e

package tests

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"minca.dev/desktop/node/api"
)

// joinCase is Ann's machine with her window open and a space of hers,
// "Chess club", that others join through her node; a notification server
// on the session bus keeps what is shown.
type joinCase struct {
	t       *testing.T
	bin     string
	server  *notificationServer
	ann     *neUser
	space   api.SpaceSummary
	win     *exec.Cmd
	winOut  syncBuffer
	exited  chan error
	nodeLck string
}

func newJoinCase(t *testing.T) *joinCase {
	bin := e2eBin(t)
	c := &joinCase{t: t, bin: bin, server: startNotificationServer(t), ann: newNEUser(t, bin, "Ann")}
	c.ann.ok(nil, "account", "create", "--name", "Ann", "--json")
	c.ann.ok(nil, "network", "set", api.NetworkThisComputer, "--json")
	c.ann.ok(&c.space, "space", "create", "Chess club", "--json")
	var st mincaStatus
	c.ann.ok(&st, "status", "--json")
	c.nodeLck = filepath.Join(filepath.Dir(st.StorePath), "node.lock")
	return c
}

// openWindow starts Ann's window and waits until it owns her node.
func (c *joinCase) openWindow() {
	c.win = c.ann.command()
	c.win.Env = append(c.win.Env, "MINCA_LOG=debug")
	c.win.Stdout, c.win.Stderr = &c.winOut, &c.winOut
	if err := c.win.Start(); err != nil {
		c.t.Fatal(err)
	}
	c.exited = make(chan error, 1)
	go func() { c.exited <- c.win.Wait() }()
	c.t.Cleanup(func() {
		if c.win.ProcessState == nil {
			c.win.Process.Kill()
			<-c.exited
		}
	})
	neWait(c.t, "the window owns Ann's node", 20*time.Second, func() error {
		if pid := pidIn(c.nodeLck); pid != c.win.Process.Pid {
			return fmt.Errorf("node.lock holds pid %d, not the window's; output:\n%s", pid, c.winOut.String())
		}
		return nil
	})
}

// closeWindow ends the window (SIGTERM) and waits for it to exit.
func (c *joinCase) closeWindow() {
	c.win.Process.Signal(syscall.SIGTERM)
	select {
	case <-c.exited:
	case <-time.After(10 * time.Second):
		c.t.Fatal("the window did not exit on SIGTERM")
	}
}

// join makes a new account named name, kept by its own `minca host`, join
// Ann's space with an invite of hers, and wants exactly one notification
// "<name> joined Chess club".
func (c *joinCase) join(name string) {
	c.t.Helper()
	var inv api.Invite
	c.ann.ok(&inv, "invite", "create", c.space.ID, "--role", "member", "--json")
	u := newNEUser(c.t, c.bin, name)
	u.ok(nil, "account", "create", "--name", name, "--json")
	u.startHost() // keeps their node up, so their profile (their name) follows the join
	u.ok(nil, "join", inv.Link, "--json")
	want := name + " joined Chess club"
	select {
	case s := <-c.server.summaries:
		if s != want {
			c.t.Fatalf("notification %q, want %q", s, want)
		}
	case <-time.After(20 * time.Second):
		c.t.Fatalf("no notification in 20 s after %s joined; window output:\n%s", name, c.winOut.String())
	}
	select {
	case s := <-c.server.summaries:
		c.t.Fatalf("a second notification %q after %q", s, want)
	case <-time.After(3 * time.Second):
	}
}

// notifyLock is the lock file of Ann's notify role (app/instance).
func (c *joinCase) notifyLock() string {
	return runtimeFile(c.t, c.ann.command().Env, "notify.lock")
}

// TestNotifyE2EWindowAlone: on a desktop that shows no tray icons the
// window starts a tray without an icon (to keep syncing once it closes),
// and while open shows join notifications itself: Bo joining Ann's space
// shows once.
func TestNotifyE2EWindowAlone(t *testing.T) {
	c := newJoinCase(t)
	c.openWindow()
	var tray int
	neWait(t, "the window starts a tray", 20*time.Second, func() error {
		if tray = pidIn(runtimeFile(t, c.ann.command().Env, "tray.lock")); tray <= 0 {
			return fmt.Errorf("no tray; window output:\n%s", c.winOut.String())
		}
		return nil
	})
	stopPID(t, tray)
	neWait(t, "the tray runs without an icon", 10*time.Second, func() error {
		out, _ := os.ReadFile(runtimeFile(t, c.ann.command().Env, "tray.log"))
		if !strings.Contains(string(out), "syncing in the background without one") {
			return fmt.Errorf("tray log:\n%s", out)
		}
		return nil
	})
	neWait(t, "the window shows join notifications", 10*time.Second, func() error {
		if pid := pidIn(c.notifyLock()); pid != c.win.Process.Pid {
			return fmt.Errorf("the notify role is held by pid %d", pid)
		}
		return nil
	})
	c.join("Bo")
	c.closeWindow()
}

// TestNotifyE2EOnceWithWindowAndTray: with a tray host, the window starts
// a tray; with both up, Bo's join shows once, not twice. Once the window
// has closed, the tray shows the next join (Cy's) itself, once.
func TestNotifyE2EOnceWithWindowAndTray(t *testing.T) {
	startTrayHost(t)
	c := newJoinCase(t)
	c.openWindow()
	var tray int
	neWait(t, "a tray starts by itself", 20*time.Second, func() error {
		if tray = pidIn(runtimeFile(t, c.ann.command().Env, "tray.lock")); tray <= 0 {
			return fmt.Errorf("no tray; window output:\n%s", c.winOut.String())
		}
		return nil
	})
	stopPID(t, tray)
	c.join("Bo")
	c.closeWindow()
	neWait(t, "the tray keeps the node and shows join notifications", 15*time.Second, func() error {
		if pid := pidIn(c.nodeLck); pid != tray {
			return fmt.Errorf("node.lock holds pid %d, not the tray's %d", pid, tray)
		}
		if pid := pidIn(c.notifyLock()); pid != tray {
			return fmt.Errorf("the notify role is held by pid %d, not the tray's %d", pid, tray)
		}
		return nil
	})
	time.Sleep(time.Second) // the tray's watch reads the members it starts from
	c.join("Cy")
}

//go:build e2e

package tests

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"minca.dev/desktop/node/api"
)

// What the window says on a desktop without tray icons (App.svelte's
// notice; Settings' "When you close this window").
var (
	noIconsNotice = screen{"no-icons notice", []string{"Your desktop shows no tray icons", "keeps syncing in the background", "choose Quit in Settings"}}
	whenClosed    = screen{"when closed", []string{"When you close this window", "Minca keeps syncing in the background", "Quit Minca"}}
)

// TestWindowE2EKeepsSyncingWithoutTrayIcons (issue 8, item 6): on a
// desktop that shows no tray icons (no tray host on the session bus), the
// real window of Alice starts a tray that runs without an icon, and says
// so: closing it keeps sync running, Minca opens again from the apps, and
// Quit in Settings stops it. Alice's private space is shared with Bob (his
// own `minca host`). The window is closed (SIGTERM): the iconless tray
// takes the node over, Bob's write reaches Alice's node, and `minca
// status` answers over the socket. A plain `minca` opens the window again
// as the tray's client; its Settings' Quit Minca stops the tray and closes
// the window, leaving nothing running. Opened and closed once more, the
// window leaves a tray that `minca quit` stops.
func TestWindowE2EKeepsSyncingWithoutTrayIcons(t *testing.T) {
	bin := e2eBin(t)
	needScreenTools(t)
	if os.Getenv("DBUS_SESSION_BUS_ADDRESS") == "" {
		t.Fatal("DBUS_SESSION_BUS_ADDRESS is unset: run under dbus-run-session (tests/run-e2e.sh does)")
	}
	alice, bob := newNEUser(t, bin, "Alice"), newNEUser(t, bin, "Bob")
	for _, u := range []*neUser{alice, bob} {
		u.createAccount()
	}
	alice.ok(nil, "network", "set", api.NetworkThisComputer, "--json")
	var sp api.SpaceSummary
	alice.ok(&sp, "space", "create", "Club", "--private", "--template", "club", "--json")
	bob.startHost()
	var st mincaStatus
	alice.ok(&st, "status", "--json")
	nodeLock := filepath.Join(filepath.Dir(st.StorePath), "node.lock")
	trayLock := runtimeFile(t, alice.command().Env, "tray.lock")
	env := append(alice.command().Env, "MINCA_LOG=debug")

	w := openScreensWindow(t, bin, env)
	tray := waitTray(t, alice, w)
	w.waitFor(noIconsNotice)
	if pid := pidIn(nodeLock); pid != w.cmd.Process.Pid {
		t.Fatalf("node.lock holds pid %d, want the window's %d", pid, w.cmd.Process.Pid)
	}
	bob.joins(alice, sp.ID)

	w.terminate()
	neWait(t, "the iconless tray takes the node over", 15*time.Second, func() error {
		if pid := pidIn(nodeLock); pid != tray {
			return fmt.Errorf("node.lock holds pid %d, want the tray's %d", pid, tray)
		}
		return nil
	})
	alice.receivesWrite(bob, sp.ID, "while Alice's window is closed", "Alice's node, kept by the iconless tray, receives Bob's write")
	alice.ok(&st, "status", "--json")

	// Opened again, the window is the tray's client; Quit in Settings
	// stops both.
	w = openScreensWindow(t, bin, env)
	w.waitFor(noIconsNotice)
	if pid := pidIn(nodeLock); pid != tray {
		t.Fatalf("with the window open again node.lock holds pid %d, want the tray's %d", pid, tray)
	}
	if strings.Contains(w.out.String(), `msg="owning the node"`) {
		t.Fatalf("the window opened again owns the node, not the tray:\n%s", w.out.String())
	}
	w.click("Settings", sidebar)
	w.scrollTo("When you close this window")
	w.waitFor(whenClosed)
	w.click("Quit Minca", mainArea)
	w.waitExit()
	neWait(t, "Quit Minca stops the tray", 15*time.Second, func() error {
		if pid := pidIn(trayLock); pid != 0 {
			return fmt.Errorf("the tray (pid %d) still runs", pid)
		}
		if pid := pidIn(nodeLock); pid != 0 {
			return fmt.Errorf("node.lock holds pid %d", pid)
		}
		return nil
	})

	// Closed once more, the window leaves a tray; `minca quit` stops it.
	w = openScreensWindow(t, bin, env)
	tray = waitTray(t, alice, w)
	w.terminate()
	out, err := alice.command("quit").CombinedOutput()
	if err != nil || !strings.Contains(string(out), fmt.Sprintf("stopped syncing in the background (pid %d)", tray)) {
		t.Fatalf("minca quit: %v\n%s", err, out)
	}
	if pid := pidIn(trayLock); pid != 0 {
		t.Fatalf("after minca quit the tray lock holds pid %d", pid)
	}
	if out, err := alice.command("quit").CombinedOutput(); err != nil || !strings.Contains(string(out), "nothing syncs in the background") {
		t.Fatalf("minca quit with nothing running: %v\n%s", err, out)
	}
}

// waitTray waits for the tray the window starts and returns its pid; it
// runs with no icon, as its log says, and is stopped when the test ends.
func waitTray(t *testing.T, u *neUser, w *screensWindow) int {
	t.Helper()
	lock := runtimeFile(t, u.command().Env, "tray.lock")
	var pid int
	neWait(t, "the window starts a tray", 20*time.Second, func() error {
		if pid = pidIn(lock); pid <= 0 {
			return fmt.Errorf("no tray holds %s; window output:\n%s", lock, w.out.String())
		}
		return nil
	})
	stopPID(t, pid)
	if pid == w.cmd.Process.Pid {
		t.Fatal("the window holds the tray role itself")
	}
	log := runtimeFile(t, u.command().Env, "tray.log")
	neWait(t, "the tray says it syncs without an icon", 10*time.Second, func() error {
		if out, _ := os.ReadFile(log); !strings.Contains(string(out), "syncing in the background without one") {
			return fmt.Errorf("tray log:\n%s", out)
		}
		return nil
	})
	return pid
}

// terminate closes the window as the desktop does (SIGTERM) and waits for
// its process to exit.
func (w *screensWindow) terminate() {
	w.t.Helper()
	if err := w.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		w.t.Fatal(err)
	}
	w.waitExit()
}

// waitExit waits up to 15 s for the window's process to exit.
func (w *screensWindow) waitExit() {
	w.t.Helper()
	select {
	case <-w.exited:
		w.exited = nil
	case <-time.After(15 * time.Second):
		w.t.Fatalf("the window did not exit:\n%s", w.out.String())
	}
	for i := 0; i < 50; i++ {
		if _, err := windowID("Minca"); err != nil {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// stopTrayAfter stops, when the test ends, the tray a window run in env
// started (it outlives the window by design): the process holding the tray
// role in env's runtime directory, if its HOME is env's, so that a tray of
// another test run sharing that directory is left alone.
func stopTrayAfter(t *testing.T, env []string) {
	var home string
	for _, kv := range env {
		if v, ok := strings.CutPrefix(kv, "HOME="); ok {
			home = v
		}
	}
	lock := runtimeFile(t, env, "tray.lock")
	t.Cleanup(func() {
		pid := pidIn(lock)
		environ, err := os.ReadFile(fmt.Sprintf("/proc/%d/environ", pid))
		if pid <= 0 || err != nil || !strings.Contains("\x00"+string(environ), "\x00HOME="+home+"\x00") {
			return
		}
		endProcess(pid, 10*time.Second)
	})
}

// TestTrayE2EBackgroundShowsIconLater: `minca tray --hidden --background`,
// as the window starts it, on a desktop that shows no tray icons keeps
// Alice's node with no icon (no menu on the bus, no icon file; its output
// says so); once a tray host comes up, it shows its icon within seconds:
// it registers with the host and serves its menu, whose Quit ends it.
func TestTrayE2EBackgroundShowsIconLater(t *testing.T) {
	bin := e2eBin(t)
	if os.Getenv("DISPLAY") == "" || os.Getenv("DBUS_SESSION_BUS_ADDRESS") == "" {
		t.Fatal("DISPLAY or DBUS_SESSION_BUS_ADDRESS is unset: run under xvfb-run and dbus-run-session (tests/run-e2e.sh does)")
	}
	alice := newNEUser(t, bin, "Alice")
	alice.ok(nil, "account", "create", "--name", "Alice", "--json")
	p := launchTray(t, alice.command("tray", "--hidden", "--background"), "MINCA_LOG=info")
	if !waitForText(&p.out, "syncing in the background without one", 15*time.Second) {
		t.Fatalf("the tray does not say it syncs without an icon:\n%s", p.out.String())
	}
	var st mincaStatus
	alice.ok(&st, "status", "--json")
	if pid := pidIn(filepath.Join(filepath.Dir(st.StorePath), "node.lock")); pid != p.cmd.Process.Pid {
		t.Fatalf("node.lock holds pid %d, want the tray's %d", pid, p.cmd.Process.Pid)
	}
	p.iconOnceHostRuns(t, "the tray")
	if _, err := p.menu.Wait(10*time.Second, hasItem("Quit")); err != nil {
		t.Fatalf("the tray's menu has no Quit: %v", err)
	}
	p.click(t, "Quit")
	p.waitExit(t)
}

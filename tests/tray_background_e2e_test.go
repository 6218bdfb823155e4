//go:build e2e

package tests

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/godbus/dbus/v5"
	"github.com/godbus/dbus/v5/prop"

	"minca.dev/desktop/app/tray/traytest"
	"minca.dev/desktop/node/api"
)

// trayHost owns org.kde.StatusNotifierWatcher on the session bus, as a
// desktop's panel that shows tray icons does, and keeps the service of
// each item that registers: a real D-Bus object the tray talks to.
type trayHost struct{ items chan string }

const watcherPath = dbus.ObjectPath("/StatusNotifierWatcher")

func (h *trayHost) RegisterStatusNotifierItem(service string) *dbus.Error {
	select {
	case h.items <- service:
	default:
	}
	return nil
}

func (h *trayHost) RegisterStatusNotifierHost(string) *dbus.Error { return nil }

// startTrayHost puts a tray host on the session bus until the test ends.
func startTrayHost(t *testing.T) *trayHost {
	t.Helper()
	conn, err := dbus.ConnectSessionBus()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	h := &trayHost{items: make(chan string, 8)}
	const iface = "org.kde.StatusNotifierWatcher"
	if err := conn.Export(h, watcherPath, iface); err != nil {
		t.Fatal(err)
	}
	if _, err := prop.Export(conn, watcherPath, prop.Map{iface: {
		"IsStatusNotifierHostRegistered": {Value: true},
		"ProtocolVersion":                {Value: int32(0)},
		"RegisteredStatusNotifierItems":  {Value: []string{}},
	}}); err != nil {
		t.Fatal(err)
	}
	if reply, err := conn.RequestName(iface, dbus.NameFlagDoNotQueue); err != nil || reply != dbus.RequestNameReplyPrimaryOwner {
		t.Fatalf("own %s: %v, %v", iface, reply, err)
	}
	return h
}

// pidIn reads the process id a lock file holds (app/instance's role
// locks, node/lock's node.lock); 0 when there is none.
func pidIn(name string) int {
	b, err := os.ReadFile(name)
	if err != nil {
		return 0
	}
	pid, _ := strconv.Atoi(strings.TrimSpace(string(b)))
	return pid
}

// stopPID ends a process this test did not start itself (the tray the
// window started), when the test ends.
func stopPID(t *testing.T, pid int) {
	t.Cleanup(func() { endProcess(pid, 5*time.Second) })
}

// TestTrayE2ESyncAfterWindowCloses (issue 8: leave the app closed for a
// while with the tray still syncing). The real window — not `minca ui`,
// since starting the tray is the window's own doing (app/cli keepSyncing)
// and `minca ui` serves a browser that has no window to close — opens for
// Alice, on a desktop that shows tray icons (a tray host on the bus).
// Alice's private space is shared with Bob (his own `minca host`), who
// joined through her node. A `minca tray` starts by itself, finds the
// tray host and serves its menu over D-Bus. The window is closed
// (SIGTERM); the tray takes Alice's node over (node.lock holds its pid);
// Bob writes, and Alice's node, kept by the tray, receives it: the CLI
// and `minca ui` as Alice, both clients over the local socket, show it.
func TestTrayE2ESyncAfterWindowCloses(t *testing.T) {
	bin := e2eBin(t)
	if os.Getenv("DISPLAY") == "" || os.Getenv("DBUS_SESSION_BUS_ADDRESS") == "" {
		t.Fatal("DISPLAY or DBUS_SESSION_BUS_ADDRESS is unset: run under xvfb-run and dbus-run-session (tests/run-e2e.sh does)")
	}
	host := startTrayHost(t)
	alice, bob := newNEUser(t, bin, "Alice"), newNEUser(t, bin, "Bob")
	for _, u := range []*neUser{alice, bob} {
		u.createAccount()
	}
	var nw api.Network
	alice.ok(&nw, "network", "set", api.NetworkThisComputer, "--json")
	var sp api.SpaceSummary
	alice.ok(&sp, "space", "create", "Club", "--private", "--template", "club", "--json")
	bob.startHost()

	win := alice.command()
	win.Env = append(win.Env, "MINCA_LOG=debug")
	var winOut syncBuffer
	win.Stdout, win.Stderr = &winOut, &winOut
	if err := win.Start(); err != nil {
		t.Fatal(err)
	}
	winExited := make(chan error, 1)
	go func() { winExited <- win.Wait() }()
	defer func() {
		if win.ProcessState == nil {
			win.Process.Kill()
			<-winExited
		}
	}()

	// A tray starts by itself and shows its icon through the tray host.
	trayLock := runtimeFile(t, alice.command().Env, "tray.lock")
	var trayPID int
	neWait(t, "a tray starts by itself", 20*time.Second, func() error {
		if trayPID = pidIn(trayLock); trayPID <= 0 {
			return fmt.Errorf("no tray holds %s; window output:\n%s", trayLock, winOut.String())
		}
		return nil
	})
	stopPID(t, trayPID)
	if trayPID == win.Process.Pid {
		t.Fatalf("the window holds the tray role itself")
	}
	conn, err := dbus.ConnectSessionBus()
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	menu, err := traytest.Find(conn, trayPID, 15*time.Second)
	if err != nil {
		t.Fatalf("the tray's menu: %v", err)
	}
	if _, err := menu.Wait(10*time.Second, hasItem("Open window")); err != nil {
		t.Fatalf("the tray's menu has no Open window: %v", err)
	}
	select {
	case item := <-host.items:
		t.Logf("the tray registered %s with the tray host", item)
	case <-time.After(10 * time.Second):
		t.Fatalf("the tray did not register with the tray host")
	}

	// The window owns the node; Bob joins through it.
	var st mincaStatus
	alice.ok(&st, "status", "--json")
	nodeLock := filepath.Join(filepath.Dir(st.StorePath), "node.lock")
	if pid := pidIn(nodeLock); pid != win.Process.Pid {
		t.Fatalf("the node is owned by pid %d, want the window %d", pid, win.Process.Pid)
	}
	bob.joins(alice, sp.ID)

	// Close the window: the tray takes the node over.
	if err := win.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case <-winExited:
	case <-time.After(10 * time.Second):
		t.Fatalf("the window did not exit on SIGTERM")
	}
	trayLog := runtimeFile(t, alice.command().Env, "tray.log")
	neWait(t, "the tray takes the node over", 15*time.Second, func() error {
		if pid := pidIn(nodeLock); pid != trayPID {
			out, _ := os.ReadFile(trayLog)
			return fmt.Errorf("node.lock holds pid %d, want the tray's %d; tray log:\n%s", pid, trayPID, out)
		}
		return nil
	})
	neWait(t, "the tray's log (MINCA_LOG=debug, from the window) says it owns the node", 10*time.Second, func() error {
		if out, _ := os.ReadFile(trayLog); !strings.Contains(string(out), `msg="owning the node"`) {
			return fmt.Errorf("tray log:\n%s", out)
		}
		return nil
	})
	id := alice.receivesWrite(bob, sp.ID, "hi while Alice's window is closed", "Alice's node, kept by the tray, receives Bob's write")
	alice.startUI()
	neWait(t, "Alice reads Bob's write", 10*time.Second, func() error { return alice.reads(sp.ID, id, "hi while Alice's window is closed") })
	if pid := pidIn(nodeLock); pid != trayPID {
		t.Fatalf("after the reads node.lock holds pid %d, want the tray's %d", pid, trayPID)
	}
}

// TestTrayE2ELockedAfterTakeover: Alice's account opens only with its
// passphrase (no keychain). Her `minca host`, given MINCA_PASSPHRASE, owns
// the node; her tray, without it, waits as a client. When the host stops,
// the tray takes the node over, which opens locked: the tray says so
// ("Locked — open Minca to unlock") and the CLI is refused. Unlocking
// through the window's bindings (`minca ui`'s bridge: App.RestoreAccount,
// the call the window's unlock screen makes) reaches the tray's node over
// the local API; the tray's status line and the CLI come back, and sync
// with it: what Bob writes in Alice's private space reaches her node.
func TestTrayE2ELockedAfterTakeover(t *testing.T) {
	bin := e2eBin(t)
	alice, bob := newNEUser(t, bin, "Alice"), newNEUser(t, bin, "Bob")
	var acc api.NewAccount
	alice.ok(&acc, "account", "create", "--name", "Alice", "--json")
	bob.ok(nil, "account", "create", "--name", "Bob", "--json")
	alice.ok(nil, "network", "set", api.NetworkThisComputer, "--json")
	var sp api.SpaceSummary
	alice.ok(&sp, "space", "create", "Club", "--private", "--template", "club", "--json")
	alice.startHost()
	bob.startHost()
	var inv api.Invite
	alice.ok(&inv, "invite", "create", sp.ID, "--role", "member", "--json")
	bob.ok(nil, "join", inv.Link, "--json")
	noPass := []string{"HOME=" + alice.home, "XDG_DATA_HOME=" + filepath.Join(alice.home, ".local/share"),
		"XDG_CONFIG_HOME=" + filepath.Join(alice.home, ".config"), "XDG_CACHE_HOME=" + filepath.Join(alice.home, ".cache"),
		"XDG_STATE_HOME=" + filepath.Join(alice.home, ".local/state"), "XDG_RUNTIME_DIR=" + alice.rt,
		"MINCA_KEYCHAIN=none", "MINCA_PASSPHRASE=", "MINCA_LOG=debug"}
	p := startTray(t, bin, noPass...)
	syncing := func(items []traytest.Item) bool { // the sync status, Bob's node there (app/tray.SyncLook)
		return len(items) > 0 && (strings.HasPrefix(items[0].Text(), "Up to date") || strings.HasPrefix(items[0].Text(), "Syncing"))
	}
	if _, err := p.menu.Wait(10*time.Second, syncing); err != nil {
		t.Fatalf("the tray's status line: %v\n%s", err, p.out.String())
	}
	var st mincaStatus
	alice.ok(&st, "status", "--json")
	nodeLock := filepath.Join(filepath.Dir(st.StorePath), "node.lock")

	alice.host.stop()
	neWait(t, "the tray takes the node over", 15*time.Second, func() error {
		if pid := pidIn(nodeLock); pid != p.cmd.Process.Pid {
			return fmt.Errorf("node.lock holds pid %d, want the tray's %d", pid, p.cmd.Process.Pid)
		}
		return nil
	})
	if _, err := p.menu.Wait(15*time.Second, hasItem("Locked — open Minca to unlock")); err != nil {
		items, _ := p.menu.Layout()
		t.Fatalf("the tray does not say the account is locked: %v\n%s\n%s", err, traytest.Describe(items), p.out.String())
	}
	if it, ok := traytest.ByText(mustLayout(t, p), "Open window"); !ok || !it.Enabled {
		t.Fatal("no enabled Open window while locked")
	}
	list := exec.Command(bin, "space", "list", "--json")
	list.Env = append(os.Environ(), noPass...)
	if out, err := list.CombinedOutput(); err == nil || !strings.Contains(string(out), "locked") {
		t.Fatalf("minca space list on the locked node: %v\n%s", err, out)
	}

	alice.startUI()
	var unlocked api.Account
	if e := alice.call("RestoreAccount", &unlocked, api.RestoreAccount{Passphrase: "pass of Alice"}); e != nil {
		t.Fatalf("unlock through the window's bindings: %s (%s)", e.Message, e.Code)
	}
	if unlocked.DID != acc.Account.DID {
		t.Fatalf("unlocked %+v, want %s", unlocked, acc.Account.DID)
	}
	if _, err := p.menu.Wait(15*time.Second, syncing); err != nil {
		t.Fatalf("the tray's status line after unlocking: %v", err)
	}
	var spaces []api.SpaceSummary
	alice.ok(&spaces, "space", "list", "--json")
	if pid := pidIn(nodeLock); pid != p.cmd.Process.Pid {
		t.Fatalf("node.lock holds pid %d after unlocking, want the tray's %d", pid, p.cmd.Process.Pid)
	}
	bob.startUI()
	id := bob.write(sp.ID, "after the unlock")
	neWait(t, "Alice's unlocked node receives Bob's write", 30*time.Second, func() error { return alice.reads(sp.ID, id, "after the unlock") })
	alice.ui.proc.stop()
	p.click(t, "Quit")
	p.waitExit(t)
}

func mustLayout(t *testing.T, p *trayProc) []traytest.Item {
	t.Helper()
	items, err := p.menu.Layout()
	if err != nil {
		t.Fatal(err)
	}
	return items
}

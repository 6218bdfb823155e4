//go:build e2e

package tests

import (
	"bytes"
	"encoding/json"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/godbus/dbus/v5"

	"minca.dev/desktop/app/tray/traytest"
)

// trayProc is a `minca tray` process started by a test, with its own TMPDIR
// so its icon file can be checked.
type trayProc struct {
	cmd    *exec.Cmd
	tmp    string
	out    syncBuffer // read while the tray runs
	exited chan error
	menu   *traytest.Menu
}

// mincaBinary returns $MINCA_BIN, which tests/run-e2e.sh sets; without it
// the test skips (it needs the built binary).
func mincaBinary(t *testing.T) string {
	bin := os.Getenv("MINCA_BIN")
	if bin == "" {
		t.Skip("MINCA_BIN is unset: run tests/run-e2e.sh, which builds minca and runs these tests under Xvfb and a private D-Bus session")
	}
	return bin
}

// startTray starts `minca tray` (or args instead of "tray", when given:
// a login entry's command) and finds its menu on the session bus; env
// adds to its environment.
func startTray(t *testing.T, bin string, env ...string) *trayProc {
	return startTrayCmd(t, exec.Command(bin, "tray"), env...)
}

func startTrayCmd(t *testing.T, cmd *exec.Cmd, env ...string) *trayProc {
	if os.Getenv("DISPLAY") == "" || os.Getenv("DBUS_SESSION_BUS_ADDRESS") == "" {
		t.Fatal("DISPLAY or DBUS_SESSION_BUS_ADDRESS is unset: run under xvfb-run and dbus-run-session (tests/run-e2e.sh does)")
	}
	p := launchTray(t, cmd, env...)
	conn, err := dbus.ConnectSessionBus()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	if p.menu, err = traytest.Find(conn, p.cmd.Process.Pid, 15*time.Second); err != nil {
		t.Fatalf("find the menu of `minca tray`: %v\noutput:\n%s", err, p.out.String())
	}
	return p
}

// running fails the test if the tray has exited.
func (p *trayProc) running(t *testing.T) {
	t.Helper()
	select {
	case err := <-p.exited:
		p.exited <- err
		t.Fatalf("`minca tray` exited early (%v), output:\n%s", err, p.out.String())
	default:
	}
}

// waitExit wants a clean exit within 5 s and no icon file left.
func (p *trayProc) waitExit(t *testing.T) {
	t.Helper()
	select {
	case err := <-p.exited:
		if err != nil {
			t.Fatalf("`minca tray` exited with %v, output:\n%s", err, p.out.String())
		}
	case <-time.After(5 * time.Second):
		t.Fatalf("`minca tray` did not exit within 5 s, output:\n%s", p.out.String())
	}
	if files, _ := traytest.IconFiles(p.tmp); len(files) != 0 {
		t.Errorf("icon files left behind: %v", files)
	}
}

// Tray status lines (app/tray.SyncLook) the tests can bring about.
const (
	lineNoAccount = "No account yet: open Minca to set one up"
	lineNoSpaces  = "No spaces yet"
	lineOffline   = "Offline: no other computer reachable"
	linePaused    = "Sync paused"
	lineUpToDate1 = "Up to date · 1 space"
)

// wantIcon waits up to 10 s for the icon file the tray wrote for its tray
// host to hold assets/<name>, the icon of a state.
func (p *trayProc) wantIcon(t *testing.T, name string) {
	t.Helper()
	want, err := os.ReadFile(filepath.Join("..", "assets", name))
	if err != nil {
		t.Fatal(err)
	}
	var files []string
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		files, _ = traytest.IconFiles(p.tmp)
		if len(files) == 1 {
			if data, _ := os.ReadFile(files[0]); bytes.Equal(data, want) {
				return
			}
		}
	}
	t.Fatalf("the tray's icon files %v do not hold assets/%s", files, name)
}

// wantLine waits up to 15 s for the tray's status item (disabled, first)
// to read line.
func (p *trayProc) wantLine(t *testing.T, line string) []traytest.Item {
	t.Helper()
	items, err := p.menu.Wait(15*time.Second, func(items []traytest.Item) bool {
		return len(items) > 0 && items[0].Text() == line && !items[0].Enabled
	})
	if err != nil {
		items, _ := p.menu.Layout()
		t.Fatalf("the status line does not read %q: %v\n%s", line, err, traytest.Describe(items))
	}
	return items
}

// TestTrayE2EMenu: `minca tray` of a profile with no account yet stays
// up, says so in its status line with the attention icon, shows below it
// (disabled) the line `minca status` prints, shows "Open window" and
// "Quit", idles at next to no CPU, and quits cleanly when "Quit" is
// clicked through dbusmenu.
func TestTrayE2EMenu(t *testing.T) {
	bin := mincaBinary(t)
	started := time.Now()
	env := profileEnv(t, "Ann")
	p := startTray(t, bin, env...)
	items := p.wantLine(t, lineNoAccount)
	p.wantIcon(t, "tray-attention.png")
	p.wantWhere(t, strings.TrimSpace(mincaIn(t, bin, env, "status")))
	for _, label := range []string{"Open window", "Quit"} {
		if it, ok := traytest.ByText(items, label); !ok || !it.Enabled {
			t.Fatalf("no enabled item %q in %s", label, traytest.Describe(items))
		}
	}
	if files, _ := traytest.IconFiles(p.tmp); len(files) != 1 {
		t.Errorf("icon files in TMPDIR while running: %v, want one", files)
	}
	time.Sleep(time.Until(started.Add(3 * time.Second)))
	p.running(t)
	trayIdle(t, p.cmd.Process.Pid)
	p.running(t)
	quit, _ := traytest.ByText(items, "Quit")
	if err := p.menu.Click(quit.ID); err != nil {
		t.Fatal(err)
	}
	p.waitExit(t)
}

// wantWhere waits up to 15 s for the tray's second item (disabled) to
// read line, what `minca status` printed. Item.Text undoes dbusmenu's
// mnemonic escaping (a temporary HOME may hold "_").
func (p *trayProc) wantWhere(t *testing.T, line string) {
	t.Helper()
	if !strings.HasPrefix(line, "Minca ") || !strings.Contains(line, " · store ") {
		t.Fatalf("minca status printed %q, not its status line", line)
	}
	if _, err := p.menu.Wait(15*time.Second, func(items []traytest.Item) bool {
		return len(items) > 1 && items[1].Text() == line && !items[1].Enabled
	}); err != nil {
		items, _ := p.menu.Layout()
		t.Fatalf("the tray's second item does not read %q (minca status): %v\n%s", line, err, traytest.Describe(items))
	}
}

// trayIdle wants at most 10 ticks (0.1 s) of CPU in 4 s of idling.
func trayIdle(t *testing.T, pid int) {
	t.Helper()
	before, err := traytest.CPUTicks(pid)
	if err != nil {
		t.Fatal(err)
	}
	time.Sleep(4 * time.Second)
	after, err := traytest.CPUTicks(pid)
	if err != nil {
		t.Fatal(err)
	}
	if after-before > 10 {
		t.Errorf("idle `minca tray` used %d ticks (1/100 s) of CPU in 4 s", after-before)
	}
}

// TestTrayE2ESignals: SIGTERM and SIGINT end `minca tray` cleanly and
// leave no /tmp/systray_* icon file.
func TestTrayE2ESignals(t *testing.T) {
	bin := mincaBinary(t)
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGINT} {
		t.Run(sig.String(), func(t *testing.T) {
			p := startTray(t, bin)
			if _, err := p.menu.Wait(10*time.Second, func(items []traytest.Item) bool {
				_, ok := traytest.ByText(items, "Quit")
				return ok
			}); err != nil {
				t.Fatal(err)
			}
			if files, _ := traytest.IconFiles(p.tmp); len(files) != 1 {
				t.Fatalf("icon files in TMPDIR while running: %v, want one", files)
			}
			if err := p.cmd.Process.Signal(sig); err != nil {
				t.Fatal(err)
			}
			p.waitExit(t)
		})
	}
}

// hasItem is a Wait condition: an item labelled label is shown.
func hasItem(label string) func([]traytest.Item) bool {
	return func(items []traytest.Item) bool { _, ok := traytest.ByText(items, label); return ok }
}

// click clicks the item labelled label.
func (p *trayProc) click(t *testing.T, label string) {
	t.Helper()
	items, err := p.menu.Layout()
	if err != nil {
		t.Fatal(err)
	}
	it, ok := traytest.ByText(items, label)
	if !ok {
		t.Fatalf("no item %q in %s", label, traytest.Describe(items))
	}
	if err := p.menu.Click(it.ID); err != nil {
		t.Fatal(err)
	}
}

// TestTrayE2ESyncItems: "Sync now" reaches the node: the status line
// shows nothing, or, if the node refuses (a fresh profile has no account),
// "Could not sync: " and a message for a person, never an error's JSON;
// with an account (created first, in a home of its own) the status line
// reads "No spaces yet", then, with a space nobody else holds, that no
// other computer is reachable; "Pause sync" pauses the node's sync, the
// line reads "Sync paused" with the paused icon and the item "Resume
// sync", which resumes it.
func TestTrayE2ESyncItems(t *testing.T) {
	bin := mincaBinary(t)
	home, run := t.TempDir(), t.TempDir()
	env := []string{"HOME=" + home, "XDG_DATA_HOME=" + filepath.Join(home, "data"),
		"XDG_CONFIG_HOME=" + filepath.Join(home, "config"), "XDG_RUNTIME_DIR=" + run}
	p := startTray(t, bin, env...)
	items, err := p.menu.Wait(10*time.Second, hasItem("Quit"))
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := traytest.ByText(items, "Sync now"); !ok {
		t.Fatalf("`minca tray` has no \"Sync now\" item (app/cli gives tray.Config.SyncNow, Pause, Resume, Paused over api.Node): %s", traytest.Describe(items))
	}
	p.click(t, "Sync now")
	time.Sleep(2 * time.Second)
	items, err = p.menu.Layout()
	if err != nil || len(items) == 0 {
		t.Fatalf("menu after Sync now: %v", err)
	}
	if line := items[0].Text(); strings.HasPrefix(line, "Could not sync") {
		if strings.ContainsAny(line, "{}") {
			t.Fatalf("Sync now's error is shown as JSON: %s", line)
		}
		t.Logf("the node refused: %s", line)
	}
	create := exec.Command(bin, "account", "create", "--name", "Tray e2e")
	create.Env = append(os.Environ(), env...)
	if out, err := create.CombinedOutput(); err != nil {
		t.Fatalf("minca account create: %v\n%s", err, out)
	}
	p.wantLine(t, lineNoSpaces)
	p.wantIcon(t, "tray.png")
	mincaIn(t, bin, env, "space", "create", "Tray e2e space")
	p.wantLine(t, lineOffline) // its only member's only computer: nobody to sync with
	p.wantIcon(t, "tray-attention.png")
	for _, step := range []struct{ click, then, line, icon string }{
		{"Pause sync", "Resume sync", linePaused, "tray-paused.png"},
		{"Resume sync", "Pause sync", lineOffline, "tray-attention.png"},
	} {
		if _, err := p.menu.Wait(5*time.Second, hasItem(step.click)); err != nil {
			t.Fatalf("no %q item: %v", step.click, err)
		}
		p.click(t, step.click)
		if _, err := p.menu.Wait(5*time.Second, hasItem(step.then)); err != nil {
			items, _ := p.menu.Layout()
			t.Fatalf("after %q the item does not read %q: %v\n%s", step.click, step.then, err, traytest.Describe(items))
		}
		p.wantLine(t, step.line)
		p.wantIcon(t, step.icon)
	}
	p.running(t)
	p.click(t, "Quit")
	p.waitExit(t)
}

// notificationServer is a notification server on the session bus: a real
// D-Bus object owning org.freedesktop.Notifications, keeping each summary.
type notificationServer struct{ summaries chan string }

func (s *notificationServer) Notify(app string, replaces uint32, icon, summary, body string, actions []string,
	hints map[string]dbus.Variant, expire int32) (uint32, *dbus.Error) {
	s.summaries <- summary
	return 1, nil
}

func (s *notificationServer) GetCapabilities() ([]string, *dbus.Error) { return []string{"body"}, nil }

func (s *notificationServer) GetServerInformation() (string, string, string, string, *dbus.Error) {
	return "minca-e2e", "minca.dev", "1", "1.2", nil
}

// startNotificationServer registers a notification server on the session bus.
func startNotificationServer(t *testing.T) *notificationServer {
	t.Helper()
	conn, err := dbus.ConnectSessionBus()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	s := &notificationServer{summaries: make(chan string, 8)}
	if err := conn.Export(s, "/org/freedesktop/Notifications", "org.freedesktop.Notifications"); err != nil {
		t.Fatal(err)
	}
	if reply, err := conn.RequestName("org.freedesktop.Notifications", dbus.NameFlagDoNotQueue); err != nil || reply != dbus.RequestNameReplyPrimaryOwner {
		t.Fatalf("own org.freedesktop.Notifications: %v, %v", reply, err)
	}
	return s
}

// profileEnv is what the environment of one person's Minca adds: a home, a runtime
// directory and a passphrase of their own (no keychain, so that the two
// people of a test do not share one).
func profileEnv(t *testing.T, name string) []string {
	home, run := t.TempDir(), t.TempDir()
	return []string{"HOME=" + home, "XDG_DATA_HOME=" + filepath.Join(home, "data"),
		"XDG_CONFIG_HOME=" + filepath.Join(home, "config"), "XDG_RUNTIME_DIR=" + run,
		"MINCA_KEYCHAIN=none", "MINCA_PASSPHRASE=e2e passphrase of " + name, "MINCA_LOG=debug"}
}

// mincaIn runs a one-shot minca command in env and returns its stdout.
func mincaIn(t *testing.T, bin string, env []string, args ...string) string {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), env...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("minca %s: %v\n%s%s", strings.Join(args, " "), err, out, stderr.String())
	}
	return string(out)
}

// freePort returns a loopback address nobody listens on.
func freePort(t *testing.T) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// TestTrayE2EJoinNotification: Ann's node is kept by `minca host`, her tray
// attaches to it; Bo joins Ann's space with her invite link, and Ann's tray
// shows "Bo joined Chess club" through the session's notification server,
// then that the space is up to date (Bo's node is there to sync with).
func TestTrayE2EJoinNotification(t *testing.T) {
	bin := mincaBinary(t)
	server := startNotificationServer(t)
	ann, bo := profileEnv(t, "Ann"), profileEnv(t, "Bo")
	mincaIn(t, bin, ann, "account", "create", "--name", "Ann")
	keepHost(t, bin, ann, "Accepting peers", "--listen", freePort(t))
	p := startTray(t, bin, ann...)
	if _, err := p.menu.Wait(10*time.Second, hasItem("Quit")); err != nil {
		t.Fatal(err)
	}
	time.Sleep(time.Second)
	if !strings.Contains(p.out.String(), "notify: watching for joins") {
		t.Fatalf("`minca tray` does not watch for joins (app/cli's notifyJoins runs notify.WatchJoins in the process holding the notify role); tray output:\n%s", p.out.String())
	}
	var space struct {
		ID string `json:"id"`
	}
	if err := json.Unmarshal([]byte(mincaIn(t, bin, ann, "space", "create", "Chess club", "--json")), &space); err != nil {
		t.Fatal(err)
	}
	var inv struct {
		Link string `json:"link"`
	}
	if err := json.Unmarshal([]byte(mincaIn(t, bin, ann, "invite", "create", space.ID, "--role", "member", "--json")), &inv); err != nil {
		t.Fatal(err)
	}
	select {
	case s := <-server.summaries:
		t.Fatalf("a notification before anyone joined: %q", s)
	case <-time.After(500 * time.Millisecond):
	}
	mincaIn(t, bin, bo, "account", "create", "--name", "Bo")
	// Bo's node stays up (his own host), so his profile, and with it his
	// name, follows the join; a one-shot join may exit before sending it.
	keepHost(t, bin, bo, "keeping the node")
	mincaIn(t, bin, bo, "join", inv.Link)
	select {
	case s := <-server.summaries:
		if s != "Bo joined Chess club" {
			t.Fatalf("notification %q, want %q", s, "Bo joined Chess club")
		}
	case <-time.After(20 * time.Second):
		t.Fatalf("no notification in 20 s after Bo joined; members:\n%s\ntray output:\n%s",
			mincaIn(t, bin, ann, "member", "list", space.ID), p.out.String())
	}
	p.wantLine(t, lineUpToDate1) // Bo's node is up and holds the space
	p.wantIcon(t, "tray.png")
	p.click(t, "Quit")
	p.waitExit(t)
}

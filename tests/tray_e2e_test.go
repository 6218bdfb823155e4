//go:build e2e

package tests

import (
	"bytes"
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
	out    bytes.Buffer
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
	p := &trayProc{tmp: t.TempDir(), exited: make(chan error, 1)}
	p.cmd = cmd
	p.cmd.Env = append(append(os.Environ(), "TMPDIR="+p.tmp), env...)
	p.cmd.Stdout, p.cmd.Stderr = &p.out, &p.out
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { p.exited <- p.cmd.Wait() }()
	t.Cleanup(func() {
		if p.cmd.ProcessState == nil {
			p.cmd.Process.Kill()
			<-p.exited
		}
	})
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

// statusLine returns the first non-blank line `minca status` prints.
func statusLine(t *testing.T, bin string) string {
	out, err := exec.Command(bin, "status").Output()
	if err != nil {
		t.Fatalf("minca status: %v\n%s", err, out)
	}
	for line := range strings.Lines(string(out)) {
		if line = strings.TrimSpace(line); line != "" {
			return line
		}
	}
	t.Fatalf("minca status printed nothing")
	return ""
}

// TestTrayE2EMenu: `minca tray` stays up, shows the status line `minca
// status` prints, "Open window" and "Quit", idles at next to no CPU, and
// quits cleanly when "Quit" is clicked through dbusmenu.
func TestTrayE2EMenu(t *testing.T) {
	bin := mincaBinary(t)
	started := time.Now()
	p := startTray(t, bin)
	want := statusLine(t, bin)
	items, err := p.menu.Wait(10*time.Second, func(items []traytest.Item) bool {
		it, ok := traytest.ByText(items, want)
		return ok && !it.Enabled
	})
	if err != nil {
		t.Fatalf("no disabled status item %q: %v", want, err)
	}
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
// with an account (created first, in a home of its own), "Pause sync"
// pauses the node's sync and the item then reads "Resume sync", which
// resumes it. It skips, saying what is missing, until app/cli
// gives tray.Config the node's SyncNow, PauseSync, ResumeSync and
// SyncStatus.
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
		t.Skipf("not wired yet: `minca tray` has no \"Sync now\" item (app/cli: tray.Config.SyncNow, Pause, Resume, Paused over api.Node): %s", traytest.Describe(items))
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
	for _, step := range []struct{ click, then string }{{"Pause sync", "Resume sync"}, {"Resume sync", "Pause sync"}} {
		if _, err := p.menu.Wait(5*time.Second, hasItem(step.click)); err != nil {
			t.Fatalf("no %q item: %v", step.click, err)
		}
		p.click(t, step.click)
		if _, err := p.menu.Wait(5*time.Second, hasItem(step.then)); err != nil {
			items, _ := p.menu.Layout()
			t.Fatalf("after %q the item does not read %q: %v\n%s", step.click, step.then, err, traytest.Describe(items))
		}
	}
	p.running(t)
	p.click(t, "Quit")
	p.waitExit(t)
}

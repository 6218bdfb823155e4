package tray

import (
	"bufio"
	"bytes"
	"errors"
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

	"minca.dev/desktop/app/autostart"
	"minca.dev/desktop/app/tray/traytest"
	"minca.dev/desktop/node/api"
)

// childDir, when set, makes this test binary a tray process (see TestMain)
// whose Status reads childDir/status (and its icon, a number, from
// childDir/icon), whose Where reads childDir/where (while it exists; none
// at start hides the item), which is locked while childDir/locked
// exists, whose OpenWindow takes a second and
// adds a line to childDir/opened (or fails while childDir/open-fails
// exists) and whose Quit creates childDir/quit.
const childDir = "MINCA_TRAY_TEST_CHILD_DIR"

// With childFull set as well, the child also has every optional item:
// SyncNow adds a line to childDir/synced (or fails while childDir/fails
// exists), Pause and Resume create and remove childDir/paused (failing
// likewise), Paused reads it, and Start at login is app/autostart itself
// (the test sets HOME and XDG_CONFIG_HOME under childDir). With
// childEvents set to a FIFO, each line written to it is an event and
// closing it ends the stream.
const (
	childFull   = "MINCA_TRAY_TEST_CHILD_FULL"
	childEvents = "MINCA_TRAY_TEST_CHILD_EVENTS"
)

// TestMain runs on the main goroutine, as Run requires.
func TestMain(m *testing.M) {
	if dir := os.Getenv(childDir); dir != "" {
		os.Exit(runChild(dir))
	}
	os.Exit(m.Run())
}

func runChild(dir string) int {
	cfg := Config{
		Status: func() (Look, error) {
			data, err := os.ReadFile(filepath.Join(dir, "status"))
			icon, _ := os.ReadFile(filepath.Join(dir, "icon"))
			n, _ := strconv.Atoi(string(icon)) // none: IconNormal
			return Look{Line: string(data), Icon: Icon(n)}, err
		},
		OpenWindow: func() error {
			if _, err := os.Stat(filepath.Join(dir, "open-fails")); err == nil {
				return errors.New("no window today")
			}
			f, err := os.OpenFile(filepath.Join(dir, "opened"), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
			if err != nil {
				return err
			}
			defer f.Close()
			time.Sleep(time.Second) // a slow window start
			_, err = f.WriteString("opened\n")
			return err
		},
		Quit:   func() { os.WriteFile(filepath.Join(dir, "quit"), nil, 0o644) },
		Locked: func() bool { _, err := os.Stat(filepath.Join(dir, "locked")); return err == nil },
	}
	if _, err := os.Stat(filepath.Join(dir, "where")); err == nil {
		cfg.Where = func() (string, error) {
			data, err := os.ReadFile(filepath.Join(dir, "where"))
			return string(data), err
		}
	}
	if os.Getenv(childFull) != "" {
		withActions(&cfg, dir)
	}
	if fifo := os.Getenv(childEvents); fifo != "" {
		cfg.Events = readEvents(fifo)
	}
	if err := Run(cfg); err != nil {
		fmt.Fprintln(os.Stderr, "tray:", err)
		return 1
	}
	fmt.Println("tray-child: Run returned")
	return 0
}

// withActions gives cfg the optional items, backed by files in dir.
func withActions(cfg *Config, dir string) {
	failing := func() error {
		if _, err := os.Stat(filepath.Join(dir, "fails")); err == nil {
			return errors.New("the node said no")
		}
		return nil
	}
	cfg.SyncNow = func() error {
		if err := failing(); err != nil {
			return err
		}
		f, err := os.OpenFile(filepath.Join(dir, "synced"), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
		if err != nil {
			return err
		}
		defer f.Close()
		_, err = f.WriteString("sync\n")
		return err
	}
	paused := filepath.Join(dir, "paused")
	cfg.Pause = func() error {
		if err := failing(); err != nil {
			return err
		}
		return os.WriteFile(paused, nil, 0o644)
	}
	cfg.Resume = func() error {
		if err := failing(); err != nil {
			return err
		}
		return os.Remove(paused)
	}
	cfg.Paused = func() bool { _, err := os.Stat(paused); return err == nil }
	cfg.StartAtLogin, cfg.SetStartAtLogin = autostart.IsEnabled, autostart.Set
}

// readEvents turns the lines written to fifo into events; the channel
// closes when the writer closes the FIFO.
func readEvents(fifo string) <-chan api.Event {
	ch := make(chan api.Event)
	go func() {
		defer close(ch)
		f, err := os.Open(fifo) // blocks until the test opens it to write
		if err != nil {
			return
		}
		defer f.Close()
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			ch <- api.Event{Kind: sc.Text()}
		}
	}()
	return ch
}

// child is a tray process started by a test.
type child struct {
	cmd    *exec.Cmd
	dir    string // childDir
	tmp    string // its TMPDIR
	out    bytes.Buffer
	exited chan error
	menu   *traytest.Menu
}

// startChild starts this binary as a tray showing status and finds its
// menu; env adds to the child's environment.
func startChild(t *testing.T, status string, env ...string) *child {
	return startChildIn(t, t.TempDir(), status, env...)
}

// startChildIn is startChild with childDir dir, which the test may have
// filled first.
func startChildIn(t *testing.T, dir, status string, env ...string) *child {
	if os.Getenv("DISPLAY") == "" || os.Getenv("DBUS_SESSION_BUS_ADDRESS") == "" {
		t.Skip("needs a display and a session bus: run under xvfb-run -a dbus-run-session -- go test ./app/tray/")
	}
	c := &child{dir: dir, tmp: t.TempDir(), exited: make(chan error, 1)}
	write(t, filepath.Join(c.dir, "status"), status)
	c.cmd = exec.Command(os.Args[0], "-test.run=^$")
	c.cmd.Env = append(append(os.Environ(), childDir+"="+c.dir, "TMPDIR="+c.tmp,
		"HOME="+c.dir, "XDG_CONFIG_HOME="+filepath.Join(c.dir, "config")), env...)
	c.cmd.Stdout, c.cmd.Stderr = &c.out, &c.out
	if err := c.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { c.exited <- c.cmd.Wait() }()
	t.Cleanup(func() {
		if c.cmd.ProcessState == nil {
			c.cmd.Process.Kill()
			<-c.exited
		}
	})
	conn, err := dbus.ConnectSessionBus()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	if c.menu, err = traytest.Find(conn, c.cmd.Process.Pid, 10*time.Second); err != nil {
		t.Fatalf("find the tray's menu: %v\noutput: %s", err, c.out.String())
	}
	return c
}

// waitExit waits for a clean exit after the tray quit.
func (c *child) waitExit(t *testing.T) {
	t.Helper()
	select {
	case err := <-c.exited:
		if err != nil || !strings.Contains(c.out.String(), "tray-child: Run returned") {
			t.Fatalf("tray exited with %v, output:\n%s", err, c.out.String())
		}
	case <-time.After(5 * time.Second):
		t.Fatal("tray did not exit within 5 s")
	}
	if _, err := os.Stat(filepath.Join(c.dir, "quit")); err != nil {
		t.Error("Config.Quit was not called")
	}
	if files, _ := traytest.IconFiles(c.tmp); len(files) != 0 {
		t.Errorf("icon files left behind: %v", files)
	}
}

func write(t *testing.T, name, text string) {
	t.Helper()
	if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// waitFile waits up to 3 s for name to exist.
func waitFile(t *testing.T, name string) {
	t.Helper()
	for deadline := time.Now().Add(3 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if _, err := os.Stat(name); err == nil {
			return
		}
	}
	t.Fatalf("%s did not appear", name)
}

// wantIcon waits up to 3 s for the icon file systray wrote (the one the
// tray host shows) to be icon's PNG.
func (c *child) wantIcon(t *testing.T, icon Icon) {
	t.Helper()
	var files []string
	for deadline := time.Now().Add(3 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		files, _ = traytest.IconFiles(c.tmp)
		if len(files) == 1 {
			if data, _ := os.ReadFile(files[0]); bytes.Equal(data, iconPNG(icon)) {
				return
			}
		}
	}
	t.Fatalf("the tray's icon files %v are not icon %d", files, icon)
}

// hasText is a traytest.Menu.Wait condition: an item shows text.
func hasText(text string) func([]traytest.Item) bool {
	return func(items []traytest.Item) bool { _, ok := traytest.ByText(items, text); return ok }
}

// click clicks the item labelled label.
func (c *child) click(t *testing.T, label string) {
	t.Helper()
	items, err := c.menu.Layout()
	if err != nil {
		t.Fatal(err)
	}
	item, ok := traytest.ByText(items, label)
	if !ok {
		t.Fatalf("no item %q in %s", label, traytest.Describe(items))
	}
	if err := c.menu.Click(item.ID); err != nil {
		t.Fatal(err)
	}
}

// TestRunMenu: the menu, a status change, "Open window" (working and
// failing) and "Quit", in a real tray process.
func TestRunMenu(t *testing.T) {
	c := startChild(t, "\nMinca: first_status in /home/jo__ann\nsecond line\n")
	items, err := c.menu.Wait(5*time.Second, hasText("Minca: first_status in /home/jo__ann"))
	if err != nil {
		t.Fatal(err)
	}
	wantMenu(t, items, "Minca: first_status in /home/jo__ann")
	if files, _ := traytest.IconFiles(c.tmp); len(files) != 1 {
		t.Errorf("icon files in TMPDIR while running: %v, want one", files)
	}
	c.wantIcon(t, IconNormal)
	write(t, filepath.Join(c.dir, "icon"), strconv.Itoa(int(IconSyncing)))
	write(t, filepath.Join(c.dir, "status"), "Minca: changed")
	if _, err := c.menu.Wait(minRefresh+3*time.Second, hasText("Minca: changed")); err != nil {
		t.Fatalf("status change not shown: %v", err)
	}
	c.wantIcon(t, IconSyncing)
	c.click(t, LabelOpenWindow)
	c.click(t, LabelOpenWindow) // ignored: the first is still opening
	waitFile(t, filepath.Join(c.dir, "opened"))
	time.Sleep(1500 * time.Millisecond)
	if data, _ := os.ReadFile(filepath.Join(c.dir, "opened")); string(data) != "opened\n" {
		t.Fatalf("two quick clicks ran OpenWindow %d times, want once", strings.Count(string(data), "\n"))
	}
	write(t, filepath.Join(c.dir, "open-fails"), "")
	c.click(t, LabelOpenWindow)
	if _, err := c.menu.Wait(3*time.Second, hasText("Could not open the window: no window today")); err != nil {
		t.Fatalf("OpenWindow error not shown: %v", err)
	}
	c.click(t, LabelQuit)
	c.waitExit(t)
}

// TestRunWhere: the line `minca status` prints shows, disabled, below the
// status line, underscores and all; it is read again with the status line,
// and a failed read shows as such.
func TestRunWhere(t *testing.T) {
	dir := t.TempDir()
	where := "Minca 0.1.0 · store /home/jo_ann/node.db · data folder /home/jo_ann/Minca (default, not created yet)"
	write(t, filepath.Join(dir, "where"), where+"\n")
	c := startChildIn(t, dir, "Up to date · 1 space")
	items, err := c.menu.Wait(5*time.Second, hasText(where))
	if err != nil {
		t.Fatalf("the where line is not shown: %v\n%s", err, traytest.Describe(items))
	}
	if len(items) < 3 || items[0].Text() != "Up to date · 1 space" || items[1].Text() != where ||
		items[1].Enabled || items[2].Type != "separator" {
		t.Fatalf("want the status line, the where line (disabled), a separator: %s", traytest.Describe(items))
	}
	moved := strings.Replace(where, "(default, not created yet)", "(in use)", 1)
	write(t, filepath.Join(dir, "where"), moved)
	if _, err := c.menu.Wait(minRefresh+3*time.Second, hasText(moved)); err != nil {
		t.Fatalf("the where line's change is not shown: %v", err)
	}
	if err := os.Remove(filepath.Join(dir, "where")); err != nil {
		t.Fatal(err)
	}
	items, err = c.menu.Wait(maxRefresh/2, func(items []traytest.Item) bool {
		return len(items) > 1 && strings.HasPrefix(items[1].Text(), "Status unavailable: ")
	})
	if err != nil {
		t.Fatalf("a failed read is not shown: %v\n%s", err, traytest.Describe(items))
	}
	c.click(t, LabelQuit)
	c.waitExit(t)
}

// TestRunLocked: while the account is locked the status line reads
// LabelLocked, with "Open window" there to unlock it; once unlocked, the
// status comes back.
func TestRunLocked(t *testing.T) {
	c := startChild(t, "Minca: in sync")
	if _, err := c.menu.Wait(5*time.Second, hasText("Minca: in sync")); err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(c.dir, "locked"), "")
	items, err := c.menu.Wait(minRefresh+5*time.Second, hasText(LabelLocked))
	if err != nil {
		t.Fatalf("locked account not shown: %v", err)
	}
	wantMenu(t, items, LabelLocked)
	c.wantIcon(t, IconAttention)
	if err := os.Remove(filepath.Join(c.dir, "locked")); err != nil {
		t.Fatal(err)
	}
	if _, err := c.menu.Wait(maxRefresh/4, hasText("Minca: in sync")); err != nil {
		t.Fatalf("status after unlocking: %v", err)
	}
	c.wantIcon(t, IconNormal)
	c.click(t, LabelQuit)
	c.waitExit(t)
}

// wantMenu checks the items: status (disabled), separator, Open window, Quit.
func wantMenu(t *testing.T, items []traytest.Item, status string) {
	t.Helper()
	want := []struct {
		label, kind string
		enabled     bool
	}{{status, "standard", false}, {"", "separator", true}, {LabelOpenWindow, "standard", true}, {LabelQuit, "standard", true}}
	if len(items) != len(want) {
		t.Fatalf("menu %s, want %d items", traytest.Describe(items), len(want))
	}
	for i, w := range want {
		it := items[i]
		if it.Text() != w.label || it.Type != w.kind || it.Enabled != w.enabled || !it.Visible {
			t.Fatalf("item %d: %s, want %q %s enabled=%v", i, traytest.Describe(items[i:i+1]), w.label, w.kind, w.enabled)
		}
	}
}

// TestRunSignals: SIGTERM and SIGINT quit cleanly, leaving no icon file;
// before that, an idle tray uses next to no CPU.
func TestRunSignals(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGINT} {
		t.Run(sig.String(), func(t *testing.T) {
			c := startChild(t, "Minca: idle")
			if _, err := c.menu.Wait(5*time.Second, hasText("Minca: idle")); err != nil {
				t.Fatal(err)
			}
			pid := c.cmd.Process.Pid
			before, err := traytest.CPUTicks(pid)
			if err != nil {
				t.Fatal(err)
			}
			time.Sleep(3 * time.Second)
			after, err := traytest.CPUTicks(pid)
			if err != nil {
				t.Fatal(err)
			}
			if after-before > 6 {
				t.Errorf("idle tray used %d ticks (1/100 s) of CPU in 3 s", after-before)
			}
			if err := c.cmd.Process.Signal(sig); err != nil {
				t.Fatal(err)
			}
			c.waitExit(t)
		})
	}
}

package tray

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"minca.dev/desktop/app/tray/traytest"
)

// checkbox is a traytest.Menu.Wait condition: "Start at login" is a
// checkbox in state on.
func checkbox(on bool) func([]traytest.Item) bool {
	return func(items []traytest.Item) bool {
		it, ok := traytest.ByText(items, LabelStartAtLogin)
		return ok && it.Toggle == "checkmark" && it.Checked == on
	}
}

// wantLabels checks the menu's shown texts in order ("" for a separator).
func wantLabels(t *testing.T, items []traytest.Item, want ...string) {
	t.Helper()
	var got []string
	for _, it := range items {
		got = append(got, it.Text())
	}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("menu %s, want %q", traytest.Describe(items), want)
	}
}

// TestRunActions: Sync now, Pause sync / Resume sync (the label follows
// the state, also when it changes elsewhere), failures on the status line,
// and Start at login writing and removing the autostart entry, all clicked
// through dbusmenu in a real tray process.
func TestRunActions(t *testing.T) {
	c := startChild(t, "Minca: in sync", childFull+"=1")
	items, err := c.menu.Wait(5*time.Second, hasText("Minca: in sync"))
	if err != nil {
		t.Fatal(err)
	}
	wantLabels(t, items, "Minca: in sync", "", LabelOpenWindow, LabelSyncNow, LabelPause, "", LabelStartAtLogin, LabelQuit)
	if _, err := c.menu.Wait(time.Second, checkbox(false)); err != nil {
		t.Fatal(err)
	}

	c.click(t, LabelSyncNow)
	waitFile(t, filepath.Join(c.dir, "synced"))

	c.click(t, LabelPause)
	waitFile(t, filepath.Join(c.dir, "paused"))
	if _, err := c.menu.Wait(3*time.Second, hasText(LabelResume)); err != nil {
		t.Fatalf("label after pausing: %v", err)
	}
	c.click(t, LabelResume)
	if _, err := c.menu.Wait(3*time.Second, hasText(LabelPause)); err != nil {
		t.Fatalf("label after resuming: %v", err)
	}
	if _, err := os.Stat(filepath.Join(c.dir, "paused")); !os.IsNotExist(err) {
		t.Fatalf("Resume did not resume: %v", err)
	}
	write(t, filepath.Join(c.dir, "paused"), "") // paused elsewhere (the window)
	if _, err := c.menu.Wait(minRefresh+3*time.Second, hasText(LabelResume)); err != nil {
		t.Fatalf("label does not follow a pause made elsewhere: %v", err)
	}

	entry := filepath.Join(c.dir, "config", "autostart", "minca.desktop")
	c.click(t, LabelStartAtLogin)
	waitFile(t, entry)
	if _, err := c.menu.Wait(3*time.Second, checkbox(true)); err != nil {
		t.Fatalf("checkbox after enabling: %v", err)
	}
	data, _ := os.ReadFile(entry)
	if !strings.Contains(string(data), `" "tray" "--hidden"`) {
		t.Fatalf("autostart entry does not start the tray hidden:\n%s", data)
	}
	c.click(t, LabelStartAtLogin)
	if _, err := c.menu.Wait(3*time.Second, checkbox(false)); err != nil {
		t.Fatalf("checkbox after disabling: %v", err)
	}
	if _, err := os.Stat(entry); !os.IsNotExist(err) {
		t.Fatalf("autostart entry still there: %v", err)
	}

	write(t, filepath.Join(c.dir, "fails"), "")
	c.click(t, LabelSyncNow)
	if _, err := c.menu.Wait(3*time.Second, hasText("Could not sync: the node said no")); err != nil {
		t.Fatalf("SyncNow error not shown: %v", err)
	}
	c.click(t, LabelResume)
	if _, err := c.menu.Wait(3*time.Second, hasText("Could not resume sync: the node said no")); err != nil {
		t.Fatalf("Resume error not shown: %v", err)
	}
	if items, _ := c.menu.Layout(); !hasText(LabelResume)(items) {
		t.Fatalf("a failed resume changed the label: %s", traytest.Describe(items))
	}
	if data, _ := os.ReadFile(filepath.Join(c.dir, "synced")); string(data) != "sync\n" {
		t.Fatalf("synced %q, want one successful sync", data)
	}
	c.click(t, LabelQuit)
	c.waitExit(t)
}

// TestRunEvents: with an event stream the status line is read after each
// event and never on a timer; when the stream ends the timer comes back.
func TestRunEvents(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "events")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	c := startChild(t, "Minca: first", childEvents+"="+fifo)
	w, err := os.OpenFile(fifo, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	if _, err := c.menu.Wait(5*time.Second, hasText("Minca: first")); err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(c.dir, "status"), "Minca: second")
	time.Sleep(minRefresh + time.Second) // a timer would have read it by now
	if items, _ := c.menu.Layout(); !hasText("Minca: first")(items) {
		t.Fatalf("status read with no event: %s", traytest.Describe(items))
	}
	before, err := traytest.CPUTicks(c.cmd.Process.Pid)
	if err != nil {
		t.Fatal(err)
	}
	for range 50 { // a burst
		if _, err := w.WriteString("sync\n"); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := c.menu.Wait(2*time.Second, hasText("Minca: second")); err != nil {
		t.Fatalf("status not read after events: %v", err)
	}
	after, _ := traytest.CPUTicks(c.cmd.Process.Pid)
	if after-before > 20 {
		t.Errorf("a burst of 50 events cost %d ticks", after-before)
	}
	w.Close() // the stream ends
	write(t, filepath.Join(c.dir, "status"), "Minca: third")
	if _, err := c.menu.Wait(minRefresh+3*time.Second, hasText("Minca: third")); err != nil {
		t.Fatalf("no timer after the stream ended: %v", err)
	}
	c.click(t, LabelQuit)
	c.waitExit(t)
}

// TestRunStartsWithState: a tray started while sync is paused and start
// at login is on shows "Resume sync" and a checked box from the first read.
func TestRunStartsWithState(t *testing.T) {
	dir := t.TempDir()
	write(t, filepath.Join(dir, "paused"), "")
	if err := os.MkdirAll(filepath.Join(dir, "config", "autostart"), 0o755); err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(dir, "config", "autostart", "minca.desktop"), "[Desktop Entry]\n")
	c := startChildIn(t, dir, "Minca: paused", childFull+"=1")
	if _, err := c.menu.Wait(3*time.Second, func(items []traytest.Item) bool {
		return hasText(LabelResume)(items) && checkbox(true)(items)
	}); err != nil {
		t.Fatal(err)
	}
	c.click(t, LabelQuit)
	c.waitExit(t)
}

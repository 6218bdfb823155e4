//go:build e2e

package tests

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"minca.dev/desktop/app/tray/traytest"
)

// checkboxIs is a Wait condition: "Start at login" is a checkbox in state on.
func checkboxIs(on bool) func([]traytest.Item) bool {
	return func(items []traytest.Item) bool {
		it, ok := traytest.ByText(items, "Start at login")
		return ok && it.Toggle == "checkmark" && it.Checked == on
	}
}

// execLine reads the Exec line of a login entry go-autostart wrote: each
// argument double-quoted Go-style.
func execLine(t *testing.T, entry string) []string {
	t.Helper()
	data, err := os.ReadFile(entry)
	if err != nil {
		t.Fatal(err)
	}
	for line := range strings.Lines(string(data)) {
		rest, ok := strings.CutPrefix(strings.TrimSpace(line), "Exec=")
		if !ok {
			continue
		}
		var args []string
		for _, f := range strings.Fields(rest) { // no test path holds spaces
			a, err := strconv.Unquote(f)
			if err != nil {
				t.Fatalf("Exec argument %s: %v", f, err)
			}
			args = append(args, a)
		}
		return args
	}
	t.Fatalf("no Exec line in %s:\n%s", entry, data)
	return nil
}

// TestAutostartE2EStartAtLogin: "Start at login", clicked through dbusmenu
// in `minca tray`, writes $XDG_CONFIG_HOME/autostart/minca.desktop starting
// this binary's tray hidden; that command brings up the tray, where the box
// is checked; clicking it again removes the entry.
func TestAutostartE2EStartAtLogin(t *testing.T) {
	bin := mincaBinary(t)
	config := t.TempDir()
	env := "XDG_CONFIG_HOME=" + config
	entry := filepath.Join(config, "autostart", "minca.desktop")
	p := startTray(t, bin, env)
	items, err := p.menu.Wait(10*time.Second, hasItem("Quit"))
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := traytest.ByText(items, "Start at login"); !ok {
		t.Fatalf("`minca tray` has no \"Start at login\" item (app/cli gives tray.Config.StartAtLogin = autostart.IsEnabled, SetStartAtLogin = autostart.Set): %s", traytest.Describe(items))
	}
	if _, err := p.menu.Wait(2*time.Second, checkboxIs(false)); err != nil {
		t.Fatalf("Start at login is not an unchecked checkbox: %v", err)
	}
	p.click(t, "Start at login")
	if !waitForPath(entry, 5*time.Second) {
		t.Fatalf("no %s after clicking Start at login", entry)
	}
	if _, err := p.menu.Wait(3*time.Second, checkboxIs(true)); err != nil {
		t.Fatalf("checkbox after enabling: %v", err)
	}
	args := execLine(t, entry)
	want, _ := filepath.EvalSymlinks(bin)
	if len(args) < 2 || args[0] != want || args[1] != "tray" {
		t.Fatalf("login entry runs %q, want %s tray …", args, want)
	}
	p.click(t, "Quit")
	p.waitExit(t)

	// Log in: run the entry's command.
	login := startTrayCmd(t, exec.Command(args[0], args[1:]...), env)
	if _, err := login.menu.Wait(10*time.Second, checkboxIs(true)); err != nil {
		t.Fatalf("the tray the login entry starts: %v\noutput:\n%s", err, login.out.String())
	}
	login.click(t, "Start at login")
	if _, err := login.menu.Wait(3*time.Second, checkboxIs(false)); err != nil {
		t.Fatalf("checkbox after disabling: %v", err)
	}
	// GTK flips the checkbox on the click, before the tray's action has
	// removed the entry: wait for the file to go.
	gone := time.Now().Add(5 * time.Second)
	for {
		_, err := os.Stat(entry)
		if os.IsNotExist(err) {
			break
		}
		if time.Now().After(gone) {
			t.Fatalf("login entry still there 5 s after unchecking: %v", err)
		}
		time.Sleep(50 * time.Millisecond)
	}
	login.click(t, "Quit")
	login.waitExit(t)
}

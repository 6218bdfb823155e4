//go:build e2e

package tests

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
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

// loginArgs are what the login entry must start: this binary's tray,
// hidden, in the background (as the window starts it).
func loginArgs(t *testing.T, bin string) []string {
	t.Helper()
	exe, err := filepath.EvalSymlinks(bin)
	if err != nil {
		t.Fatal(err)
	}
	return []string{exe, "tray", "--hidden", "--background"}
}

// TestAutostartE2EStartAtLogin: "Start at login", clicked through dbusmenu
// in `minca tray`, writes $XDG_CONFIG_HOME/autostart/minca.desktop starting
// this binary's tray hidden and in the background. Logging in runs that
// command: on a desktop that shows no tray icons it keeps the profile's
// node with no icon (no menu on the bus, no icon file; its output says
// so); once a tray host comes up it shows its icon, whose box is checked;
// clicking it again removes the entry.
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
	if want := loginArgs(t, bin); !slices.Equal(args, want) {
		t.Fatalf("login entry runs %q, want %q", args, want)
	}
	p.click(t, "Quit")
	p.waitExit(t)

	// Log in, on a desktop that shows no tray icons: run the entry's command.
	login := startLoginTray(t, args, env)
	if !waitForText(&login.out, "syncing in the background without one", 15*time.Second) {
		t.Fatalf("the tray the login entry starts does not say it syncs without an icon:\n%s", login.out.String())
	}
	// Then the desktop shows tray icons (its panel came up): the icon shows.
	login.iconOnceHostRuns(t, "the login entry's tray")
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

// startLoginTray runs a login entry's command, args, as the session does,
// with MINCA_LOG=info so the tray says when it runs without an icon; it
// finds no menu, as there may be none yet.
func startLoginTray(t *testing.T, args []string, env ...string) *trayProc {
	t.Helper()
	return launchTray(t, exec.Command(args[0], args[1:]...), append([]string{"MINCA_LOG=info"}, env...)...)
}

// TestAutostartE2EOlderEntryUpgraded: a login entry an older Minca wrote
// (`tray --hidden`, without --background) is rewritten as `minca tray`
// reads the setting: its box is checked and the entry now starts the tray
// in the background; the rest of the entry is as it was.
func TestAutostartE2EOlderEntryUpgraded(t *testing.T) {
	bin := mincaBinary(t)
	config := t.TempDir()
	entry := filepath.Join(config, "autostart", "minca.desktop")
	args := loginArgs(t, bin)
	quote := func(args []string) string {
		var q []string
		for _, a := range args {
			q = append(q, strconv.Quote(a))
		}
		return strings.Join(q, " ")
	}
	older := "[Desktop Entry]\nType=Application\nName=Minca\nExec=%s\nIcon=minca\nX-GNOME-Autostart-enabled=false\n"
	if err := os.MkdirAll(filepath.Dir(entry), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(entry, []byte(fmt.Sprintf(older, quote(args[:3]))), 0o644); err != nil {
		t.Fatal(err)
	}
	p := startTray(t, bin, "XDG_CONFIG_HOME="+config)
	if _, err := p.menu.Wait(10*time.Second, checkboxIs(true)); err != nil {
		t.Fatalf("Start at login with an older entry: %v", err)
	}
	data, err := os.ReadFile(entry)
	if err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprintf(older, quote(args)); string(data) != want {
		t.Fatalf("the older entry reads\n%s\nwant\n%s", data, want)
	}
	p.click(t, "Quit")
	p.waitExit(t)
}

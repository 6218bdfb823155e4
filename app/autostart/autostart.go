// Package autostart turns "Start at login" on and off: a login entry that
// starts Minca's tray, hidden (no window) and in the background (no icon
// while the desktop shows none), when the user logs in. On Linux an entry
// an older Minca wrote is brought up to date as the setting is read.
//
// It writes the entry through github.com/emersion/go-autostart: on Linux
// $XDG_CONFIG_HOME/autostart/minca.desktop (else ~/.config/autostart/), on
// macOS ~/Library/LaunchAgents/minca.plist, on Windows a shortcut in the
// Startup folder. go-autostart reads those directories once, as the process
// starts, and quotes App.Exec in place, so every call here builds a fresh
// App value.
package autostart

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"unicode"

	goautostart "github.com/emersion/go-autostart"
)

// Name is the entry's file name without its extension.
const Name = "minca"

// displayName is what a session manager lists the entry as.
const displayName = "Minca"

// LoginArgs are the arguments the login entry starts Minca with: the tray,
// hidden, so logging in shows no window, and in the background, as the
// window starts it: on a desktop that shows no tray icons it keeps syncing
// without one (no GTK), and shows its icon once the desktop does.
var LoginArgs = []string{"tray", "--hidden", "--background"}

// ErrExecPath is wrapped by Enable when the program's path cannot be
// written into a login entry exactly.
var ErrExecPath = errors.New("autostart: program path cannot go in a login entry")

// entry is a fresh go-autostart App for exe started with LoginArgs.
func entry(exe string) *goautostart.App {
	return &goautostart.App{
		Name:        Name,
		DisplayName: displayName,
		Exec:        append([]string{exe}, LoginArgs...),
		Icon:        Name,
	}
}

// Enable writes the login entry for this program (os.Executable).
func Enable() error {
	exe, err := os.Executable()
	if err != nil {
		return fmt.Errorf("start at login: find this program: %w", err)
	}
	if resolved, err := filepath.EvalSymlinks(exe); err == nil {
		exe = resolved
	}
	return EnableExec(exe)
}

// EnableExec writes the login entry for the program at exe, an absolute
// path, replacing any entry there was.
func EnableExec(exe string) error {
	if err := checkExec(exe); err != nil {
		return err
	}
	if err := entry(exe).Enable(); err != nil {
		return fmt.Errorf("start at login: write the login entry: %w", err)
	}
	return nil
}

// Disable removes the login entry; with none there, it does nothing.
func Disable() error {
	err := entry("").Disable()
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("start at login: remove the login entry: %w", err)
	}
	return nil
}

// IsEnabled reports whether the login entry exists. An entry an older
// Minca wrote, starting the tray with older arguments, is first rewritten
// to start it with LoginArgs (on Linux; see upgrade): reading the setting,
// as the tray and the window do, brings it up to date. If that fails the
// entry stays as it was, and still starts the tray.
func IsEnabled() bool {
	_ = upgrade() // the older entry still starts the tray
	return entry("").IsEnabled()
}

// Set enables or disables the login entry: the tray's "Start at login".
func Set(on bool) error {
	if on {
		return Enable()
	}
	return Disable()
}

// checkExec refuses a path that go-autostart would write inexactly: it
// quotes each argument with strconv.Quote, while a .desktop Exec line
// gives '$', '`', '%' and '\' meanings of their own (and strconv.Quote
// escapes '"' and '\' in a way the .desktop reader does not undo for all
// of them); a relative path would depend on the session's directory.
func checkExec(exe string) error {
	if !filepath.IsAbs(exe) {
		return fmt.Errorf("%w: %q is not absolute", ErrExecPath, exe)
	}
	for _, r := range exe {
		if !unicode.IsPrint(r) || strings.ContainsRune("$`%\\\"", r) {
			return fmt.Errorf("%w: %q holds %q", ErrExecPath, exe, r)
		}
	}
	return nil
}

package tray

import (
	"errors"
	"os"
	"syscall"
)

// onMainThread reports whether the caller runs on the process's main
// thread, where systray's init locked the main goroutine and GTK must run.
func onMainThread() bool { return syscall.Gettid() == os.Getpid() }

// displayMissing returns an error when GTK has no display to open: GTK
// would otherwise print "cannot open display" and exit the process.
func displayMissing() error {
	if os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == "" {
		return errors.New("tray: no display (DISPLAY and WAYLAND_DISPLAY are unset)")
	}
	return nil
}

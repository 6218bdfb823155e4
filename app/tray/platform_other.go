//go:build !linux

package tray

// onMainThread cannot be checked here; systray itself requires the main
// goroutine.
func onMainThread() bool { return true }

// displayMissing: macOS and Windows always have one for a logged-in user.
func displayMissing() error { return nil }

// initGTK: systray uses no GTK here.
func initGTK() error { return nil }

//go:build !linux

package autostart

// upgrade leaves the login entry as it is on macOS and Windows: tray icons
// always show there (app.IconsShown), so --background changes nothing and
// an entry an older Minca wrote starts the tray just as LoginArgs would.
func upgrade() error { return nil }

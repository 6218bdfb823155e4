package cli

import (
	"time"

	"minca.dev/desktop/app"
)

// trayHostPoll is how often a tray started with --background looks whether
// the desktop shows tray icons now: one question on the session bus.
const trayHostPoll = 5 * time.Second

// waitForIcons is for `minca tray --background`, as the window starts it:
// while the desktop shows no tray icons (no StatusNotifierWatcher on the
// session bus, app.TrayOnBus), the tray keeps the node and sync running
// with no icon at all, rather than a GTK icon nobody sees. It reports true
// once the desktop shows tray icons (at once, or later: the tray then
// shows its icon), false when env.Ctx ends (SIGTERM or SIGINT, as `minca
// quit` sends).
func waitForIcons(env Env) bool {
	onBus := func() bool { ok, err := app.TrayOnBus(""); return ok && err == nil }
	if onBus() {
		return true
	}
	logger(env).Info("tray: the desktop shows no tray icons: syncing in the background without one; `minca` opens the window, `minca quit` stops it")
	t := time.NewTicker(trayHostPoll)
	defer t.Stop()
	for {
		select {
		case <-env.Ctx.Done():
			return false
		case <-t.C:
			if onBus() {
				logger(env).Info("tray: the desktop shows tray icons now: showing the icon")
				return true
			}
		}
	}
}

package cli

import (
	"minca.dev/desktop/app"
)

// waitForIcons is for `minca tray --background`, as the window and the
// login entry (app/autostart) start it: while the desktop shows no tray
// icons (no StatusNotifierWatcher on the session bus, app.IconsShown), the
// tray keeps the node and sync running with no icon at all, rather than a
// GTK icon nobody sees. It reports true once the desktop shows tray icons
// (at once, or later, heard on the bus: the tray then shows its icon),
// false when env.Ctx ends (SIGTERM or SIGINT, as `minca quit` sends).
// Without a session bus to listen on it keeps syncing without an icon
// until then.
func waitForIcons(env Env) bool {
	log := logger(env)
	if app.IconsShown() {
		return true
	}
	log.Info("tray: the desktop shows no tray icons: syncing in the background without one; `minca` opens the window, `minca quit` stops it")
	err := app.WaitTrayOnBus(env.Ctx, "")
	if err == nil {
		log.Info("tray: the desktop shows tray icons now: showing the icon")
		return true
	}
	if env.Ctx.Err() == nil {
		log.Warn("tray: cannot hear when the desktop shows tray icons; syncing without one until stopped", "err", err)
		<-env.Ctx.Done()
	}
	return false
}

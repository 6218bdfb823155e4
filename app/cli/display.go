package cli

import "errors"

// errNoDisplay: Linux has no graphical session to open the window on. The
// window would not open (GTK cannot start without one), so it is refused
// before the node is opened or a tray started, with what to use instead.
var errNoDisplay = errors.New("no display to open the window on (DISPLAY and WAYLAND_DISPLAY are unset).\n" +
	"On a computer without a desktop, manage Minca from a browser with `minca ui --listen 127.0.0.1:PORT`,\n" +
	"or keep its spaces in sync with `minca host` (see `minca --help`)")

// checkDisplay refuses the window where Linux has no display.
func checkDisplay(env Env) error {
	if env.Paths.GOOS != "linux" || env.getenv("DISPLAY") != "" || env.getenv("WAYLAND_DISPLAY") != "" {
		return nil
	}
	return errNoDisplay
}

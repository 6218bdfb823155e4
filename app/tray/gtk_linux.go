package tray

// GTK is initialised here, before systray does it (its gtk_init then
// finds GTK initialised and does nothing), so that GDK's GL stays off.
//
// On X11, the first GTK 3 process on a display initialises OpenGL while
// opening it, only to pick GL-capable visuals, and caches them on the root
// window (GDK_VISUALS) for later processes. Without a GPU that loads Mesa's
// llvmpipe and libLLVM: measured 56 MB of the tray's RSS (tests/measure-app.sh,
// docs/PERFORMANCE.md "The app at rest"). The tray draws nothing with GL: its
// menu is exported over D-Bus and drawn by the tray host. GDK_GL=disable,
// set only around gtk_init, turns that off. It is removed again at once and
// never in Go's copy of the environment, so the window this process starts
// (which wants GL for WebKit) does not inherit it. A GDK_GL the user set is
// left as it is.

/*
#cgo pkg-config: gtk+-3.0
#include <stdlib.h>
#include <gtk/gtk.h>

static int minca_gtk_init_without_gl(void) {
	int set = getenv("GDK_GL") == NULL;
	if (set) {
		setenv("GDK_GL", "disable", 0);
	}
	gboolean ok = gtk_init_check(NULL, NULL);
	if (set) {
		unsetenv("GDK_GL");
	}
	return ok;
}
*/
import "C"

import "errors"

// initGTK initialises GTK with GDK's GL off. It must run on the main
// thread, before systray.Run.
func initGTK() error {
	if C.minca_gtk_init_without_gl() == 0 {
		return errors.New("tray: GTK cannot open the display")
	}
	return nil
}

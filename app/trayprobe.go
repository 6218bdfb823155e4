package app

import (
	"fmt"

	"github.com/godbus/dbus/v5"
)

// StatusNotifierWatcher is the D-Bus name a desktop that shows tray icons
// (StatusNotifierItem, as getlantern/systray uses on Linux) owns on the
// session bus.
const StatusNotifierWatcher = "org.kde.StatusNotifierWatcher"

// TrayOnBus reports whether a StatusNotifierWatcher owns its name on the
// D-Bus bus at address ("" = the session bus): whether the tray's icon
// would be shown. The window starts a tray only where this holds.
func TrayOnBus(address string) (bool, error) {
	var conn *dbus.Conn
	var err error
	if address != "" {
		conn, err = dbus.Dial(address)
	} else {
		conn, err = dbus.SessionBusPrivateNoAutoStartup()
	}
	if err != nil {
		return false, fmt.Errorf("connect to the session bus: %w", err)
	}
	defer conn.Close()
	if err = conn.Auth(nil); err == nil {
		err = conn.Hello()
	}
	if err != nil {
		return false, fmt.Errorf("session bus hello: %w", err)
	}
	var has bool
	if err := conn.BusObject().Call("org.freedesktop.DBus.NameHasOwner", 0, StatusNotifierWatcher).Store(&has); err != nil {
		return false, fmt.Errorf("ask for %s: %w", StatusNotifierWatcher, err)
	}
	return has, nil
}

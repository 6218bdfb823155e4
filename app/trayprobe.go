package app

import (
	"context"
	"errors"
	"fmt"
	"runtime"

	"github.com/godbus/dbus/v5"
)

// StatusNotifierWatcher is the D-Bus name a desktop that shows tray icons
// (StatusNotifierItem, as getlantern/systray uses on Linux) owns on the
// session bus.
const StatusNotifierWatcher = "org.kde.StatusNotifierWatcher"

// IconsShown reports whether the desktop shows tray icons: always on
// macOS (the menu bar) and Windows (the notification area); elsewhere,
// whether a StatusNotifierWatcher owns its name on the session bus
// (TrayOnBus), which an error answers no.
func IconsShown() bool {
	if runtime.GOOS == "darwin" || runtime.GOOS == "windows" {
		return true
	}
	ok, err := TrayOnBus("")
	return ok && err == nil
}

// TrayOnBus reports whether a StatusNotifierWatcher owns its name on the
// D-Bus bus at address ("" = the session bus): whether the tray's icon
// would be shown. The window says so (App.AfterClose), and a tray started
// with --background shows its icon only then.
func TrayOnBus(address string) (bool, error) {
	conn, err := busConn(address)
	if err != nil {
		return false, err
	}
	defer conn.Close()
	return watcherOwned(conn)
}

// WaitTrayOnBus blocks until a StatusNotifierWatcher owns its name on the
// bus at address ("" = the session bus), at once or later, and returns
// nil; it returns ctx's error once ctx ends first. It listens for the
// bus's NameOwnerChanged signal of that name, so waiting costs nothing.
func WaitTrayOnBus(ctx context.Context, address string) error {
	conn, err := busConn(address)
	if err != nil {
		return err
	}
	defer conn.Close()
	if err := conn.AddMatchSignal(dbus.WithMatchSender("org.freedesktop.DBus"),
		dbus.WithMatchInterface("org.freedesktop.DBus"), dbus.WithMatchMember("NameOwnerChanged"),
		dbus.WithMatchArg(0, StatusNotifierWatcher)); err != nil {
		return fmt.Errorf("listen for %s: %w", StatusNotifierWatcher, err)
	}
	signals := make(chan *dbus.Signal, 8)
	conn.Signal(signals)
	// Asked after the match is in place, so an owner that comes meanwhile
	// is heard one way or the other.
	if has, err := watcherOwned(conn); has || err != nil {
		return err
	}
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case s, ok := <-signals:
			if !ok {
				return errors.New("the session bus connection closed")
			}
			// NameOwnerChanged: name, old owner, new owner ("" when gone).
			if len(s.Body) == 3 && s.Body[0] == StatusNotifierWatcher && s.Body[2] != "" {
				return nil
			}
		}
	}
}

// busConn connects to the bus at address ("" = the session bus) on a
// connection of its own, which the caller closes.
func busConn(address string) (*dbus.Conn, error) {
	var conn *dbus.Conn
	var err error
	if address != "" {
		conn, err = dbus.Dial(address)
	} else {
		conn, err = dbus.SessionBusPrivateNoAutoStartup()
	}
	if err != nil {
		return nil, fmt.Errorf("connect to the session bus: %w", err)
	}
	if err = conn.Auth(nil); err == nil {
		err = conn.Hello()
	}
	if err != nil {
		conn.Close()
		return nil, fmt.Errorf("session bus hello: %w", err)
	}
	return conn, nil
}

// watcherOwned asks the bus whether a StatusNotifierWatcher owns its name.
func watcherOwned(conn *dbus.Conn) (bool, error) {
	var has bool
	if err := conn.BusObject().Call("org.freedesktop.DBus.NameHasOwner", 0, StatusNotifierWatcher).Store(&has); err != nil {
		return false, fmt.Errorf("ask for %s: %w", StatusNotifierWatcher, err)
	}
	return has, nil
}

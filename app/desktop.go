package app

import (
	"context"
	"errors"
)

// Desktop is what the host of the page offers beyond the node: the
// window's native folder dialog, the login entry (app/autostart), and
// whether the desktop shows tray icons. A nil field leaves its binding
// answering "no method …", which the page reads as a binding its host
// lacks (frontend/src/lib/host.ts) and hides what needs it.
type Desktop struct {
	ChooseFolder  func() (string, error) // a folder path, or "" if cancelled
	Autostart     func() bool            // whether Minca starts at login
	SetAutostart  func(on bool) error
	TrayAvailable func() bool // whether a Minca tray runs to keep syncing once the window closes
}

// errNoMethod is the error of a Desktop binding its host does not offer.
// Its text starts "no method ", as a missing Wails binding's does.
func errNoMethod(name string) error {
	return errors.New("no method " + name + ": not offered by this host")
}

// ChooseFolder opens the window's folder dialog; "" when it was cancelled.
func (a *App) ChooseFolder() (string, error) {
	if a.desktop.ChooseFolder == nil {
		return "", errNoMethod("ChooseFolder")
	}
	return call(a, "ChooseFolder", func(context.Context) (string, error) { return a.desktop.ChooseFolder() })
}

// Autostart reports whether Minca's tray starts at login.
func (a *App) Autostart() (bool, error) {
	if a.desktop.Autostart == nil {
		return false, errNoMethod("Autostart")
	}
	return call(a, "Autostart", func(context.Context) (bool, error) { return a.desktop.Autostart(), nil })
}

// SetAutostart turns starting at login on or off.
func (a *App) SetAutostart(on bool) error {
	if a.desktop.SetAutostart == nil {
		return errNoMethod("SetAutostart")
	}
	return do(a, "SetAutostart", func(context.Context) error { return a.desktop.SetAutostart(on) })
}

// TrayAvailable reports whether a Minca tray runs (the window starts one
// where the desktop shows tray icons) and keeps syncing once the window
// closes; when not, the page says that closing the window stops sync. The
// window answers anew at every call, and sends a "tray" event at each
// change.
func (a *App) TrayAvailable() (bool, error) {
	if a.desktop.TrayAvailable == nil {
		return false, errNoMethod("TrayAvailable")
	}
	return call(a, "TrayAvailable", func(context.Context) (bool, error) { return a.desktop.TrayAvailable(), nil })
}

package app

import (
	"context"
	"errors"
)

// Desktop is what the host of the page offers beyond the node: the
// window's native folder dialog, the login entry (app/autostart), and
// what happens to sync once the window closes. A nil field leaves its binding
// answering "no method …", which the page reads as a binding its host
// lacks (frontend/src/lib/host.ts) and hides what needs it.
type Desktop struct {
	ChooseFolder func() (string, error) // a folder path, or "" if cancelled
	Autostart    func() bool            // whether Minca starts at login
	SetAutostart func(on bool) error
	AfterClose   func() string           // what happens to sync once the window closes: an AfterClose… value
	Quit         func() error            // stop the profile's tray (background sync) and close the window
	CopyText     func(text string) error // put text on the system clipboard (the window's, not the page's)
	// Links gives the links handed to the window so far: the data of the
	// kept "invite" events ({link, id}). The window's page may start
	// listening after one was sent (a launch link), so it asks once it
	// listens; the id tells it one it has shown.
	Links func() []any
}

// What happens to sync once the window closes (App.AfterClose); the page
// says so where a person might not expect it (frontend/src/App.svelte).
const (
	// AfterCloseTray: a Minca tray, its icon shown, keeps syncing and
	// reopens the window.
	AfterCloseTray = "tray"
	// AfterCloseBackground: a Minca process keeps syncing with no icon, as
	// the desktop shows no tray icons; running minca again reopens the
	// window, and `minca quit` (or Quit in Settings) stops it.
	AfterCloseBackground = "background"
	// AfterCloseOther: another process owns the node (`minca host`,
	// `minca ui`) and keeps syncing; the window is its client.
	AfterCloseOther = "other"
	// AfterCloseStops: nothing keeps the node once the window closes.
	AfterCloseStops = "stops"
)

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

// AfterClose says what happens to sync once the window closes: one of
// the AfterClose… values. The window answers anew at every call, and sends
// an "afterClose" event at each change.
func (a *App) AfterClose() (string, error) {
	if a.desktop.AfterClose == nil {
		return "", errNoMethod("AfterClose")
	}
	return call(a, "AfterClose", func(context.Context) (string, error) { return a.desktop.AfterClose(), nil })
}

// Quit stops Minca on this desktop: the profile's tray, which keeps
// syncing in the background (with its icon or without), and then the
// window. A `minca host` or `minca ui` goes on.
func (a *App) Quit() error {
	if a.desktop.Quit == nil {
		return errNoMethod("Quit")
	}
	return do(a, "Quit", func(context.Context) error { return a.desktop.Quit() })
}

// CopyText puts text on the system clipboard through the window (Wails'
// clipboard): the page's navigator.clipboard may not work in WebKitGTK. A
// browser page uses its own navigator.clipboard (frontend/src/lib/host.ts).
// The text is not logged: it may be an invite link or a recovery code.
func (a *App) CopyText(text string) error {
	if a.desktop.CopyText == nil {
		return errNoMethod("CopyText")
	}
	return do(a, "CopyText", func(context.Context) error { return a.desktop.CopyText(text) })
}

// Links gives the links handed to the window so far (Desktop.Links), each
// {link, id} as its "invite" event carried it; none when none came.
func (a *App) Links() ([]any, error) {
	if a.desktop.Links == nil {
		return nil, errNoMethod("Links")
	}
	return call(a, "Links", func(context.Context) ([]any, error) { return a.desktop.Links(), nil })
}

// Package tray is the tray process's user interface: an icon whose menu
// shows Minca's sync status in a person's words ("Up to date · 3 spaces",
// "Syncing 1 space…", "Sync paused": SyncLook), or LabelLocked while the
// account is locked, with an icon for each kind of state (Icon); below it,
// the line `minca status` prints (the app's version, its store and the data
// folder: app.StatusLine, Config.Where); and offers
// "Open window", "Sync now", "Pause sync" / "Resume sync", a "Start at
// login" checkbox and "Quit" (each optional item only when its Config funcs
// are given).
//
// It runs on getlantern/systray (an Ayatana AppIndicator on Linux), in its
// own process, because the tray and the Wails window each want the GTK main
// loop. The menu is exported over D-Bus as com.canonical.dbusmenu at
// /org/ayatana/NotificationItem/systray/Menu, where a tray host (or package
// traytest) reads and clicks it. The status line, the where line, the icon,
// the pause label and the checkbox are read again after each event of the node's Watch stream
// (Config.Events), or, without one, on a timer that backs off while nothing
// changes; either way an idle tray costs next to no CPU. GTK starts with
// GDK's OpenGL off (gtk_linux.go): the tray draws nothing itself, and on
// X11 that spares it a GL driver (56 MB without a GPU).
package tray

import (
	"errors"
	"os"
	"os/signal"
	"sync/atomic"
	"syscall"

	"github.com/getlantern/systray"

	"minca.dev/desktop/node/api"
)

// Config is what the tray needs from its caller.
type Config struct {
	// Status returns what to show of Minca's state: the status line (its
	// first line) and the icon; SyncLook makes it from the node's
	// api.SyncStatus. An error shows as "Status unavailable: …". Required.
	Status func() (Look, error)
	// Where, if not nil, returns the line `minca status` prints: the
	// app's version, the store and the data folder (app.StatusLine). It
	// shows, disabled, below the status line, read again whenever that
	// is; an error shows as "Status unavailable: …". Nil hides the item.
	Where func() (string, error)
	// Locked, if not nil, reports whether the account is locked (the node
	// answers api.CodeLocked: a passphrase-only account the tray's node
	// opened without it, say after taking the node over from the window).
	// The status line then reads LabelLocked, and "Open window" is the way
	// to unlock: the window's unlock reaches this node over the local API.
	Locked func() bool
	// OpenWindow opens (or raises) the Minca window. It runs on its own
	// goroutine, one call at a time (clicks meanwhile are ignored); an
	// error is shown on the status line for a while. Nil disables the item.
	OpenWindow func() error
	// Quit, if not nil, is called once as the tray exits, whether the
	// user chose "Quit" or the process got SIGTERM or SIGINT.
	Quit func()

	// SyncNow asks the node to sync every space now (api.Node.SyncNow
	// with ""). It runs on its own goroutine, one call at a time; an
	// error is shown on the status line. Nil hides "Sync now".
	SyncNow func() error
	// Pause and Resume pause and resume sync (api.Node.PauseSync,
	// ResumeSync); Paused reports whether sync is paused
	// (api.SyncStatus.Paused), and the item's label follows it: "Pause
	// sync" or "Resume sync". Give all three, or none to hide the item.
	Pause, Resume func() error
	Paused        func() bool
	// StartAtLogin reports and SetStartAtLogin changes whether Minca
	// starts at login (app/autostart: IsEnabled, Set): a checkbox. Give
	// both, or neither to hide it.
	StartAtLogin    func() bool
	SetStartAtLogin func(on bool) error

	// Events, if not nil, is the node's Watch stream (api.Node.Watch):
	// the status line, the pause label and the checkbox are read again
	// after each event (a burst once), with no timer. If it closes, the
	// tray goes back to its backing-off timer.
	Events <-chan api.Event
}

// Menu labels; tests find the items by them.
const (
	LabelOpenWindow   = "Open window"
	LabelSyncNow      = "Sync now"
	LabelPause        = "Pause sync"
	LabelResume       = "Resume sync"
	LabelStartAtLogin = "Start at login"
	LabelQuit         = "Quit"
	// LabelLocked is the status line while the account is locked: sync
	// waits until someone unlocks it.
	LabelLocked   = "Locked — open Minca to unlock"
	labelStarting = "Minca: checking status…"
)

var started atomic.Bool

// Run shows the tray and blocks until the user chooses "Quit" or the process
// gets SIGTERM or SIGINT; either way the tray removes its icon file and Run
// returns nil. It must be called from the main goroutine (GTK runs on the
// main thread, which systray locks at start-up), at most once per process.
func Run(cfg Config) error {
	if err := check(cfg); err != nil {
		return err
	}
	if !started.CompareAndSwap(false, true) {
		return errors.New("tray: Run was already called in this process")
	}
	if err := initGTK(); err != nil {
		return err
	}
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, syscall.SIGTERM, syscall.SIGINT)
	defer signal.Stop(sigs)
	m := &menu{cfg: cfg, ready: make(chan struct{}), done: make(chan struct{}),
		notices: make(chan string, 1), poke: make(chan struct{}, 1)}
	go m.quitOnSignal(sigs)
	systray.Run(m.onReady, m.onExit)
	return nil
}

// quitOnSignal quits through the GTK loop, which deletes the /tmp/systray_*
// icon file that a killed tray leaves. It waits for the menu to be ready:
// GTK runs queued work in order, so the icon is written before the quit
// deletes it, never after.
func (m *menu) quitOnSignal(sigs <-chan os.Signal) {
	select {
	case <-sigs:
	case <-m.done:
		return
	}
	select {
	case <-m.ready:
		systray.Quit()
	case <-m.done:
	}
}

// check refuses what would make GTK abort the process or misbehave.
func check(cfg Config) error {
	switch {
	case cfg.Status == nil:
		return errors.New("tray: Config.Status is required")
	case (cfg.Pause == nil) != (cfg.Resume == nil) || (cfg.Pause == nil) != (cfg.Paused == nil):
		return errors.New("tray: Config.Pause, Resume and Paused go together")
	case (cfg.StartAtLogin == nil) != (cfg.SetStartAtLogin == nil):
		return errors.New("tray: Config.StartAtLogin and SetStartAtLogin go together")
	case !onMainThread():
		return errors.New("tray: Run must be called from the main goroutine")
	}
	return displayMissing()
}

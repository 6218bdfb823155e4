package cli

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"time"

	"minca.dev/desktop/app"
	"minca.dev/desktop/app/autostart"
	"minca.dev/desktop/app/instance"
	"minca.dev/desktop/app/notify"
	"minca.dev/desktop/app/tray"
	"minca.dev/desktop/node/api"
	"minca.dev/desktop/node/paths"
)

// lockedAsk bounds the tray's question whether the account is locked.
const lockedAsk = 5 * time.Second

// runTray runs the tray process until the user quits it or it gets
// SIGTERM or SIGINT. Its menu and icon show the node's sync status in a
// person's words (tray.SyncLook), read again on each of the node's events,
// or that the account is locked; below it, the line `minca status`
// prints. It keeps the node: owning it, or taking it over when its owner
// (say, the window) exits, so sync keeps running with the window closed.
// One tray runs per profile (app/instance's tray role): a second one says
// so and exits 0.
func runTray(env Env, c command, args []string) error {
	fs := newFlags(env, c)
	// The tray never opens the window by itself; --hidden is what the
	// login entry (app/autostart.LoginArgs) and the window pass, and says so.
	fs.Bool("hidden", false, "start without opening the window (as the login entry and the window do)")
	background := fs.Bool("background", false, "while the desktop shows no tray icons, keep syncing without one (as the window and the login entry start it)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	held, err := instance.Hold("", paths.DefaultProfile, instance.RoleTray)
	if errors.Is(err, instance.ErrRunning) {
		fmt.Fprintf(env.Stdout, "Minca tray: already running for this profile (pid %d).\n",
			instance.Holder("", paths.DefaultProfile, instance.RoleTray))
		return nil
	}
	if err != nil { // no runtime directory to hold it in: run all the same
		logger(env).Warn("tray: cannot tell whether another tray runs", "err", err)
	}
	defer held.Release()
	a, at, err := openApp(env)
	if err != nil {
		return err
	}
	defer at.Close()
	go notifyJoins(env, at.Node())
	if *background && !waitForIcons(env) {
		return nil
	}
	return tray.Run(tray.Config{
		Status: func() (tray.Look, error) {
			return tray.SyncLook(a.SyncStatus()), nil
		},
		Where: func() (string, error) {
			st, err := a.Status()
			return st.Line, err // what `minca status` prints
		},
		Locked:     func() bool { return locked(env.Ctx, at.Node()) },
		OpenWindow: openWindow,
		SyncNow:    func() error { return a.SyncNow("") },
		Pause:      a.PauseSync,
		Resume:     a.ResumeSync,
		Paused: func() bool {
			s, err := a.SyncStatus()
			return err == nil && s.Paused
		},
		StartAtLogin:    autostart.IsEnabled,
		SetStartAtLogin: autostart.Set,
		Events:          app.KeepWatching(env.Ctx, at.Node(), nil),
	})
}

// locked reports whether the node's account is locked (api.CodeLocked):
// a passphrase-only account opened without MINCA_PASSPHRASE, as when the
// tray takes the node over from a window the passphrase was typed into.
// Unlocking it in the window (RestoreAccount) reaches this node over the
// local API.
func locked(ctx context.Context, n api.Node) bool {
	ctx, cancel := context.WithTimeout(ctx, lockedAsk)
	defer cancel()
	_, err := n.Spaces(ctx) // the account itself reads without unlocking
	return api.CodeOf(err) == api.CodeLocked
}

// openWindow starts this program again with no arguments: a window process
// of its own, since the tray and the window each want the GTK main loop.
func openWindow() error {
	exe, err := os.Executable()
	if err != nil {
		return fmt.Errorf("open window: %w", err)
	}
	cmd := exec.Command(exe)
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("open window: %w", err)
	}
	go cmd.Wait() // reap it when it closes; its exit is its own
	return nil
}

// notifyRetry is how often a process that does not show join
// notifications asks again whether it should (the holder exited).
const notifyRetry = time.Second

// notifyJoins shows desktop notifications of joins (app/notify) from
// whichever process of the session holds the profile's notify role
// (app/instance): the window or the tray, whichever is up, never both, so
// each join is shown once. The other asks again every notifyRetry and
// takes the role over when the holder exits (a join in that second or two
// shows then: watchJoins starts from what the holder saw). Runs until
// env.Ctx ends.
func notifyJoins(env Env, n api.Node) {
	for env.Ctx.Err() == nil {
		held, err := instance.Hold("", paths.DefaultProfile, instance.RoleNotify)
		if err == nil {
			defer held.Release()
			watchJoins(env, n)
			return
		}
		if !errors.Is(err, instance.ErrRunning) {
			logger(env).Warn("notify: no join notifications from this process", "err", err)
			return
		}
		select {
		case <-env.Ctx.Done():
		case <-time.After(notifyRetry):
		}
	}
}

// watchJoins runs notify.WatchJoins until env.Ctx ends, again after its
// stream ends (the node's owner exited and this process or another took
// it over). Each watch starts from the members the last one of the
// session saw (a file beside the role's lock), so a join during a
// takeover still shows.
func watchJoins(env Env, n api.Node) {
	seen, _ := instance.Path("", paths.DefaultProfile, "notify-seen.json") // "": kept in memory
	notifier := notify.New(notify.Config{Log: logger(env), Seen: seen})
	for env.Ctx.Err() == nil {
		if err := notify.WatchJoins(env.Ctx, n, notifier); err != nil {
			logger(env).Debug("notify: watch failed", "err", err)
		}
		select {
		case <-env.Ctx.Done():
		case <-time.After(time.Second):
		}
	}
}

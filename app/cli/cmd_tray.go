package cli

import (
	"fmt"
	"os"
	"os/exec"
	"time"

	"minca.dev/desktop/app"
	"minca.dev/desktop/app/autostart"
	"minca.dev/desktop/app/notify"
	"minca.dev/desktop/app/tray"
	"minca.dev/desktop/node/api"
)

// runTray runs the tray process until the user quits it or it gets
// SIGTERM or SIGINT. Its menu shows the status line `minca status` prints.
// It keeps the node: owning it, or taking it over when its owner (say, the
// window) exits, so sync keeps running with the window closed.
func runTray(env Env, c command, args []string) error {
	fs := newFlags(env, c)
	// The tray never opens the window by itself; --hidden is what the
	// login entry (app/autostart.LoginArgs) passes, and says so.
	fs.Bool("hidden", false, "start without opening the window (as the login entry does)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	a, at, err := openApp(env)
	if err != nil {
		return err
	}
	defer at.Close()
	// Joins to the account's spaces (by this device or another) as desktop
	// notifications; a session without a notification server logs why.
	go watchJoins(env, at.Node())
	return tray.Run(tray.Config{
		Status: func() (string, error) {
			st, err := a.Status()
			return st.Line, err
		},
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

// watchJoins runs notify.WatchJoins until env.Ctx ends, again after its
// stream ends (the node's owner exited and this process or another took
// it over).
func watchJoins(env Env, n api.Node) {
	notifier := notify.New(notify.Config{Log: logger(env)})
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

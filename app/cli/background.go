package cli

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"time"

	"minca.dev/desktop/app"
	"minca.dev/desktop/app/instance"
	"minca.dev/desktop/node/paths"
)

// trayStartWait bounds how long the window waits for the tray it started
// to hold the profile's tray role (app/instance) before it tells the page
// that closing the window stops sync.
const trayStartWait = 10 * time.Second

// background is whether sync goes on once the window closes: a `minca
// tray` of this profile runs, found or started by the window, and takes the
// node over when the window exits (node/attach's Keep).
type background struct {
	done chan struct{}
	tray bool
}

// keepSyncing makes sure a tray keeps sync going after the window closes:
// with a tray of this profile running it does nothing; else, where the
// desktop shows tray icons (a StatusNotifierWatcher on the session bus), it
// starts `minca tray --hidden` detached from the window. Where the desktop
// shows none it starts nothing: a tray there would be a process nobody
// sees or can quit, and the page says instead that sync stops when the
// window closes (App.TrayAvailable false).
func keepSyncing(env Env) *background {
	b := &background{done: make(chan struct{})}
	go func() {
		defer close(b.done)
		b.tray = ensureTray(env)
	}()
	return b
}

// running reports whether a tray keeps sync going once the window closes,
// waiting for the one keepSyncing started, up to trayStartWait. Once that
// start is over it looks again at every call (an flock, cheap): the tray
// may have quit since, or one been started by hand.
func (b *background) running() bool {
	select {
	case <-b.done:
	case <-time.After(trayStartWait):
		return false
	}
	return trayRuns()
}

// trayRuns reports whether a process holds the profile's tray role.
func trayRuns() bool {
	return instance.Holder("", paths.DefaultProfile, instance.RoleTray) != 0
}

// trayEvent is the event the page hears whether a tray keeps sync going
// once the window closes: {"available": bool}. It is kept, so a page that
// loads later hears the latest.
const trayEvent = "tray"

// trayRecheck is how often the window looks whether a tray still runs.
const trayRecheck = time.Second

// watchTray tells the page, as trayEvent, whether a tray keeps sync going
// once the window closes: when the start is over, then at every change
// (the tray quit, or one started), looking every interval until ctx ends.
// So the page's notice that closing the window stops sync stays true.
func watchTray(ctx context.Context, events *app.Events, running func() bool, interval time.Duration) {
	last, first := false, true
	for {
		if now := running(); first || now != last {
			events.Keep(trayEvent, app.Event{Name: trayEvent, Data: map[string]bool{"available": now}})
			last, first = now, false
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(interval):
		}
	}
}

// ensureTray finds or starts the profile's tray and reports whether one runs.
func ensureTray(env Env) bool {
	log := logger(env)
	if pid := instance.Holder("", paths.DefaultProfile, instance.RoleTray); pid != 0 {
		log.Info("background: a tray keeps syncing after the window closes", "pid", pid)
		return true
	}
	if ok, err := app.TrayOnBus(""); err != nil || !ok {
		log.Info("background: no tray icons on this desktop, so sync stops when the window closes", "err", err)
		return false
	}
	exe, err := os.Executable()
	if err != nil {
		log.Warn("background: cannot start the tray", "err", err)
		return false
	}
	cmd := exec.Command(exe, "tray", "--hidden") // stdin: the null device
	// Not the window's output: a pipe there would close with the window.
	if out, err := os.OpenFile(trayLog(), os.O_CREATE|os.O_TRUNC|os.O_WRONLY, 0o600); err == nil {
		cmd.Stdout, cmd.Stderr = out, out
		defer out.Close() // the tray has its own copy
	}
	detach(cmd)
	if err := cmd.Start(); err != nil {
		log.Warn("background: cannot start the tray", "err", err)
		return false
	}
	exited := make(chan struct{})
	go func() { cmd.Wait(); close(exited) }() // reaped if it exits while the window is open
	for deadline := time.Now().Add(trayStartWait); time.Now().Before(deadline); {
		select {
		case <-exited: // another tray won the role meanwhile, or it failed
			pid := instance.Holder("", paths.DefaultProfile, instance.RoleTray)
			log.Info("background: the tray started exited", "holder", pid)
			return pid != 0
		case <-time.After(100 * time.Millisecond):
		}
		if pid := instance.Holder("", paths.DefaultProfile, instance.RoleTray); pid > 0 {
			log.Info("background: started the tray, which keeps syncing after the window closes", "pid", pid)
			return true
		}
	}
	log.Warn("background: the tray started did not come up", "pid", cmd.Process.Pid)
	return false
}

// trayLog is where the tray the window starts writes its output (what
// MINCA_LOG asks for), beside the profile's sockets and locks; each start
// begins it anew.
func trayLog() string {
	return filepath.Join(instance.DefaultDir(), paths.DefaultProfile+".tray.log")
}

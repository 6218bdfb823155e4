package cli

import (
	"context"
	"os"
	"os/exec"
	"sync"
	"time"

	"minca.dev/desktop/app"
	"minca.dev/desktop/app/instance"
	"minca.dev/desktop/node/attach"
	"minca.dev/desktop/node/paths"
)

// trayStartWait bounds how long the window waits for the tray it started
// to hold the profile's tray role (app/instance) before it tells the page
// what happens once the window closes.
const trayStartWait = 10 * time.Second

// background is what keeps sync going once the window closes: a `minca
// tray` of this profile, found or started by the window, which takes the
// node over when the window exits (node/attach's Keep), with its icon where
// the desktop shows tray icons and without one where it shows none; or
// another process that owns the node (`minca host`, `minca ui`).
type background struct {
	done   chan struct{} // closed once the start (keepSyncing) is over
	tray   func() bool   // whether a process holds the profile's tray role
	icons  func() bool   // whether the desktop shows tray icons
	client func() bool   // whether another process owns the node
}

// iconsRecheck is how long the window takes the desktop's answer whether
// it shows tray icons as still true: each question is a new connection to
// the session bus, which every client with a match on names hears of.
const iconsRecheck = 10 * time.Second

// newBackground is the window's background over its attachment to the node.
func newBackground(at *attach.Attachment) *background {
	return &background{
		done:   make(chan struct{}),
		tray:   trayRuns,
		icons:  cached(iconsRecheck, app.IconsShown),
		client: func() bool { return at.Role() == attach.Client },
	}
}

// cached is f, asked again only once its last answer is older than ttl.
func cached(ttl time.Duration, f func() bool) func() bool {
	var mu sync.Mutex
	var last bool
	var at time.Time
	return func() bool {
		mu.Lock()
		defer mu.Unlock()
		if at.IsZero() || time.Since(at) >= ttl {
			last, at = f(), time.Now()
		}
		return last
	}
}

// keepSyncing makes sure sync goes on once the window closes: with a tray
// of this profile running it does nothing; else it starts `minca tray
// --hidden --background` detached from the window, which shows its icon
// where the desktop shows tray icons and keeps syncing without one where
// it shows none (docs/ARCHITECTURE.md, "Closing the window"). Only where
// another process owns the node and the desktop shows no tray icons does
// it start nothing: that process keeps syncing, and an iconless tray
// beside it would only wait.
func keepSyncing(env Env, b *background) {
	go func() {
		defer close(b.done)
		if !b.tray() && b.client() && !b.icons() {
			logger(env).Info("background: another process owns the node and keeps syncing; no tray started")
			return
		}
		ensureTray(env)
	}()
}

// afterClose says what happens to sync once the window closes (an
// app.AfterClose… value), waiting for the start keepSyncing made, up to
// trayStartWait. Once that start is over it looks again at every call (an
// flock; the D-Bus question at most every iconsRecheck): the tray may have
// quit since, one been started by hand, the node's owner changed or a tray
// host come up.
func (b *background) afterClose() string {
	select {
	case <-b.done:
	case <-time.After(trayStartWait):
	}
	switch {
	case b.tray() && b.icons():
		return app.AfterCloseTray
	case b.tray():
		return app.AfterCloseBackground
	case b.client():
		return app.AfterCloseOther
	}
	return app.AfterCloseStops
}

// trayRuns reports whether a process holds the profile's tray role.
func trayRuns() bool {
	return instance.Holder("", paths.DefaultProfile, instance.RoleTray) != 0
}

// afterCloseEvent is the event the page hears what happens to sync once
// the window closes: {"afterClose": an app.AfterClose… value}. It is kept,
// so a page that loads later hears the latest.
const afterCloseEvent = "afterClose"

// afterCloseRecheck is how often the window looks again.
const afterCloseRecheck = time.Second

// watchAfterClose tells the page, as afterCloseEvent, what happens to sync
// once the window closes: when the start is over, then at every change,
// looking every interval until ctx ends. So the page's notice stays true.
func watchAfterClose(ctx context.Context, events *app.Events, now func() string, interval time.Duration) {
	last := ""
	for {
		if s := now(); s != last {
			events.Keep(afterCloseEvent, app.Event{Name: afterCloseEvent, Data: map[string]string{"afterClose": s}})
			last = s
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
	exe, err := os.Executable()
	if err != nil {
		log.Warn("background: cannot start the tray", "err", err)
		return false
	}
	cmd := exec.Command(exe, "tray", "--hidden", "--background") // stdin: the null device
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
// begins it anew; "" (no log) where the profile has no directory.
func trayLog() string {
	name, _ := instance.Path("", paths.DefaultProfile, "tray.log")
	return name
}

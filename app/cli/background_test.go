package cli

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"minca.dev/desktop/app"
	"minca.dev/desktop/app/instance"
	"minca.dev/desktop/node/paths"
)

// trayNotice waits for the next "tray" event on ch and returns its
// available.
func trayNotice(t *testing.T, ch <-chan app.Event) bool {
	t.Helper()
	for deadline := time.After(5 * time.Second); ; {
		select {
		case ev := <-ch:
			if ev.Name == trayEvent {
				return ev.Data.(map[string]bool)["available"]
			}
		case <-deadline:
			t.Fatal("no tray event in 5 s")
		}
	}
}

// The window's word on whether sync goes on after it closes follows the
// tray: true while a process holds the profile's tray role, false once it
// quits (the notice that closing stops sync comes back), true again when
// one starts; TrayAvailable (background.running) says the same at each
// call, and a page that subscribes later hears the latest.
func TestTrayNoticeFollowsTheTray(t *testing.T) {
	run, err := os.MkdirTemp("", "mt")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(run) })
	t.Setenv("XDG_RUNTIME_DIR", run)
	dir := filepath.Join(run, "minca")
	held, err := instance.Hold(dir, paths.DefaultProfile, instance.RoleTray)
	if err != nil {
		t.Fatal(err)
	}
	bg := &background{done: make(chan struct{}), tray: true}
	close(bg.done)
	events := app.NewEvents(nil)
	ch, stop := events.Subscribe()
	defer stop()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go watchTray(ctx, events, bg.running, 20*time.Millisecond)

	if !trayNotice(t, ch) || !bg.running() {
		t.Fatal("a tray runs, but the window says sync stops when it closes")
	}
	held.Release()
	if trayNotice(t, ch) || bg.running() {
		t.Fatal("the tray quit, but the window still says sync goes on after it closes")
	}
	later, stopLater := events.Subscribe()
	defer stopLater()
	if trayNotice(t, later) {
		t.Fatal("a page subscribing later hears a tray that quit")
	}
	again, err := instance.Hold(dir, paths.DefaultProfile, instance.RoleTray)
	if err != nil {
		t.Fatal(err)
	}
	defer again.Release()
	if !trayNotice(t, ch) || !bg.running() {
		t.Fatal("a tray started again, but the window does not say so")
	}
}

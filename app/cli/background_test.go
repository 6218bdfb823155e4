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

// afterCloseNotice waits for the next afterClose event on ch and returns
// its value.
func afterCloseNotice(t *testing.T, ch <-chan app.Event) string {
	t.Helper()
	for deadline := time.After(5 * time.Second); ; {
		select {
		case ev := <-ch:
			if ev.Name == afterCloseEvent {
				return ev.Data.(map[string]string)["afterClose"]
			}
		case <-deadline:
			t.Fatal("no afterClose event in 5 s")
		}
	}
}

// What the window says happens once it closes follows the tray (a real
// hold of the profile's tray role), whether the desktop shows tray icons,
// and whether another process owns the node: a tray with its icon, a tray
// without one, another owner, or nothing (sync stops). The event follows
// each change, and a page that subscribes later hears the latest.
func TestAfterCloseFollowsTheTray(t *testing.T) {
	run, err := os.MkdirTemp("", "mt")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(run) })
	t.Setenv("XDG_RUNTIME_DIR", run)
	dir := filepath.Join(run, "minca")
	icons, client := false, true
	bg := &background{done: make(chan struct{}), tray: trayRuns,
		icons: func() bool { return icons }, client: func() bool { return client }}
	close(bg.done)

	for _, c := range []struct {
		tray, icons, client bool
		want                string
	}{
		{false, false, false, app.AfterCloseStops},
		{false, true, false, app.AfterCloseStops},
		{false, false, true, app.AfterCloseOther},
		{true, true, false, app.AfterCloseTray},
		{true, true, true, app.AfterCloseTray},
		{true, false, true, app.AfterCloseBackground},
		{true, false, false, app.AfterCloseBackground},
	} {
		icons, client = c.icons, c.client
		var held *instance.Held
		if c.tray {
			if held, err = instance.Hold(dir, paths.DefaultProfile, instance.RoleTray); err != nil {
				t.Fatal(err)
			}
		}
		if got := bg.afterClose(); got != c.want {
			t.Errorf("tray %v, icons %v, another owner %v: %q, want %q", c.tray, c.icons, c.client, got, c.want)
		}
		held.Release()
	}

	icons, client = false, false
	events := app.NewEvents(nil)
	ch, stop := events.Subscribe()
	defer stop()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	held, err := instance.Hold(dir, paths.DefaultProfile, instance.RoleTray)
	if err != nil {
		t.Fatal(err)
	}
	go watchAfterClose(ctx, events, bg.afterClose, 20*time.Millisecond)
	if got := afterCloseNotice(t, ch); got != app.AfterCloseBackground {
		t.Fatalf("a tray runs with no icons shown: %q", got)
	}
	held.Release()
	if got := afterCloseNotice(t, ch); got != app.AfterCloseStops {
		t.Fatalf("the tray quit, but the window says %q", got)
	}
	later, stopLater := events.Subscribe()
	defer stopLater()
	if got := afterCloseNotice(t, later); got != app.AfterCloseStops {
		t.Fatalf("a page subscribing later hears %q", got)
	}
	if _, err := instance.Hold(dir, paths.DefaultProfile, instance.RoleTray); err != nil {
		t.Fatal(err)
	}
	if got := afterCloseNotice(t, ch); got != app.AfterCloseBackground {
		t.Fatalf("a tray started again, but the window says %q", got)
	}
}

// cached asks again only once its answer is older than its ttl.
func TestCached(t *testing.T) {
	calls := 0
	f := cached(50*time.Millisecond, func() bool { calls++; return calls%2 == 1 })
	if !f() || !f() || calls != 1 {
		t.Fatalf("within the ttl: asked %d times", calls)
	}
	time.Sleep(60 * time.Millisecond)
	if f() || calls != 2 {
		t.Fatalf("after the ttl: asked %d times", calls)
	}
}

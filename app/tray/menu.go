package tray

import (
	_ "embed"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/getlantern/systray"
)

// iconPNG is the tray icon, drawn by icon_test.go (go generate) and kept
// equal to assets/tray.png.
//
//go:generate go test -run TestIcon -update .
//go:embed icon.png
var iconPNG []byte

// noticeHold is how long a notice (a failed "Open window") stays on the
// status line before the status comes back.
const noticeHold = 10 * time.Second

// menu holds the tray's items once systray is ready.
type menu struct {
	cfg      Config
	ready    chan struct{} // closed once the icon and items are queued
	done     chan struct{} // closed as the GTK loop ends
	quitOnce sync.Once
	opening  atomic.Bool // an OpenWindow call is running
	notices  chan string // notices for the status line
}

// onReady builds the menu; systray calls it on its own goroutine.
func (m *menu) onReady() {
	systray.SetIcon(iconPNG)
	systray.SetTooltip("Minca")
	status := systray.AddMenuItem(labelStarting, "Minca's status")
	status.Disable()
	systray.AddSeparator()
	open := systray.AddMenuItem(LabelOpenWindow, "Open the Minca window")
	if m.cfg.OpenWindow == nil {
		open.Disable()
	}
	quit := systray.AddMenuItem(LabelQuit, "Quit the Minca tray")
	go m.refresh(status)
	go m.clicks(open, quit)
	close(m.ready)
}

// onExit runs on the GTK thread as its loop ends.
func (m *menu) onExit() {
	close(m.done)
	m.quitOnce.Do(func() {
		if m.cfg.Quit != nil {
			m.cfg.Quit()
		}
	})
}

// clicks serves the menu. systray drops a click nobody is waiting for, so
// this loop never does slow work itself.
func (m *menu) clicks(open, quit *systray.MenuItem) {
	for {
		select {
		case <-m.done:
			return
		case <-open.ClickedCh:
			go m.openWindow()
		case <-quit.ClickedCh:
			systray.Quit()
		}
	}
}

// openWindow calls Config.OpenWindow and puts an error on the status line.
func (m *menu) openWindow() {
	if m.cfg.OpenWindow == nil || !m.opening.CompareAndSwap(false, true) {
		return
	}
	defer m.opening.Store(false)
	if err := m.cfg.OpenWindow(); err != nil {
		select {
		case m.notices <- "Could not open the window: " + firstLine(err.Error()):
		case <-m.done:
		}
	}
}

// refresh keeps the status line current: at once, then on a backing-off
// timer, and after a notice has been shown for noticeHold.
func (m *menu) refresh(item *systray.MenuItem) {
	var sched schedule
	timer := time.NewTimer(0)
	defer timer.Stop()
	shown := labelStarting
	for {
		select {
		case <-m.done:
			return
		case notice := <-m.notices:
			shown = show(item, shown, notice)
			timer.Reset(noticeHold)
		case <-timer.C:
			line := StatusLine(m.cfg.Status())
			changed := line != shown
			shown = show(item, shown, line)
			timer.Reset(sched.next(changed))
		}
	}
}

// show sets the item's title if it differs from shown and returns the new one.
func show(item *systray.MenuItem, shown, line string) string {
	if line != shown {
		item.SetTitle(escapeMnemonic(line))
	}
	return line
}

// escapeMnemonic doubles underscores. dbusmenu labels mark a mnemonic with
// "_", and libdbusmenu-gtk exports a changed GTK label as it is, so
// "/home/jo_ann" would show as "/home/joann" in the tray host's menu.
func escapeMnemonic(s string) string { return strings.ReplaceAll(s, "_", "__") }

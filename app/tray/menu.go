package tray

import (
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/getlantern/systray"
)

// noticeHold is how long a notice (a failed "Open window", "Sync now",
// pause or resume) stays on the status line before the status comes back.
const noticeHold = 10 * time.Second

// menu holds the tray's items once systray is ready.
type menu struct {
	cfg      Config
	ready    chan struct{} // closed once the icon and items are queued
	done     chan struct{} // closed as the GTK loop ends
	quitOnce sync.Once
	notices  chan string   // notices for the status line
	poke     chan struct{} // read the state again now (after an action)
	// resetLogin: a click flipped the GTK checkbox; set it on the next read.
	resetLogin atomic.Bool
	items      items
}

// items are the menu's items; the optional ones are nil when not shown.
type items struct {
	status, where, open, syncNow, pause, login, quit *systray.MenuItem
	// busy: an action of that item is running; clicks meanwhile are ignored.
	opening, syncing, pausing, toggling atomic.Bool
}

// onReady builds the menu; systray calls it on its own goroutine. It calls
// none of Config's funcs (a node call could be slow): the refresh loop's
// first read, at once, sets the status and where lines, the pause label
// and the checkbox.
func (m *menu) onReady() {
	systray.SetIcon(iconPNG(IconNormal)) // refresh.read changes it with the state
	systray.SetTooltip("Minca")
	it := &m.items
	it.status = systray.AddMenuItem(labelStarting, "Minca's status")
	it.status.Disable()
	if m.cfg.Where != nil {
		it.where = systray.AddMenuItem(labelStarting, "Where Minca keeps things (minca status)")
		it.where.Disable()
	}
	systray.AddSeparator()
	it.open = systray.AddMenuItem(LabelOpenWindow, "Open the Minca window")
	if m.cfg.OpenWindow == nil {
		it.open.Disable()
	}
	if m.cfg.SyncNow != nil {
		it.syncNow = systray.AddMenuItem(LabelSyncNow, "Sync every space now")
	}
	if m.cfg.Pause != nil {
		it.pause = systray.AddMenuItem(LabelPause, "Pause or resume sync")
	}
	if m.cfg.StartAtLogin != nil {
		systray.AddSeparator()
		it.login = systray.AddMenuItemCheckbox(LabelStartAtLogin, "Start Minca in the tray when you log in", false)
	}
	it.quit = systray.AddMenuItem(LabelQuit, "Quit the Minca tray")
	go m.refresh()
	go m.clicks()
	close(m.ready)
}

// pauseLabel is the pause item's label for the current state.
func pauseLabel(paused bool) string {
	if paused {
		return LabelResume
	}
	return LabelPause
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
func (m *menu) clicks() {
	it := &m.items
	for {
		select {
		case <-m.done:
			return
		case <-it.open.ClickedCh:
			go m.once(&it.opening, m.openWindow)
		case <-clicked(it.syncNow):
			go m.once(&it.syncing, m.syncNow)
		case <-clicked(it.pause):
			go m.once(&it.pausing, m.togglePause)
		case <-clicked(it.login):
			go m.once(&it.toggling, m.toggleLogin)
		case <-it.quit.ClickedCh:
			systray.Quit()
		}
	}
}

// clicked is an item's click channel; nil (never ready) for a hidden item.
func clicked(item *systray.MenuItem) chan struct{} {
	if item == nil {
		return nil
	}
	return item.ClickedCh
}

// once runs action unless the last one still runs.
func (m *menu) once(busy *atomic.Bool, action func()) {
	if !busy.CompareAndSwap(false, true) {
		return
	}
	defer busy.Store(false)
	action()
}

// openWindow calls Config.OpenWindow and puts an error on the status line.
func (m *menu) openWindow() {
	if m.cfg.OpenWindow == nil {
		return
	}
	if err := m.cfg.OpenWindow(); err != nil {
		m.notice("Could not open the window: " + errorText(err))
	}
}

// notice puts text on the status line for noticeHold.
func (m *menu) notice(text string) {
	select {
	case m.notices <- text:
	case <-m.done:
	}
}

// escapeMnemonic doubles underscores. dbusmenu labels mark a mnemonic with
// "_", and libdbusmenu-gtk exports a changed GTK label as it is, so
// "/home/jo_ann" would show as "/home/joann" in the tray host's menu.
func escapeMnemonic(s string) string { return strings.ReplaceAll(s, "_", "__") }

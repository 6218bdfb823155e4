package tray

import (
	"time"

	"github.com/getlantern/systray"

	"minca.dev/desktop/node/api"
)

// shown is what the menu shows now, so that only changes reach GTK.
type shown struct {
	line        string
	where       string // the where line (Config.Where)
	icon        Icon
	pause       string    // the pause item's label
	noticeUntil time.Time // the status line holds a notice until then
}

// refresh keeps the status and where lines, the pause label and the checkbox
// current: at once, then after each burst of events from Config.Events,
// or, without events, on a backing-off timer; and after a notice has been
// shown for noticeHold, and after each action.
func (m *menu) refresh() {
	var sched schedule
	timer := time.NewTimer(0)
	defer timer.Stop()
	events := m.cfg.Events
	s := shown{line: labelStarting, where: labelStarting}
	for {
		select {
		case <-m.done:
			return
		case notice := <-m.notices:
			s.line = show(m.items.status, s.line, notice)
			s.noticeUntil = time.Now().Add(noticeHold)
			timer.Reset(noticeHold)
		case <-m.poke:
			m.read(&s)
		case _, ok := <-events:
			if !ok { // the stream ended: back to the timer
				events = nil
				timer.Reset(0)
				continue
			}
			drain(events)
			m.read(&s)
		case <-timer.C:
			changed := m.read(&s)
			if events == nil {
				timer.Reset(sched.next(changed))
			}
		}
	}
}

// drain takes the events already waiting, so a burst costs one read.
func drain(events <-chan api.Event) {
	for {
		select {
		case _, ok := <-events:
			if !ok {
				return
			}
		default:
			return
		}
	}
}

// read reads the state and shows it; it reports whether anything changed.
func (m *menu) read(s *shown) bool {
	changed := false
	if time.Now().After(s.noticeUntil) {
		look := m.look()
		changed = look.Line != s.line || look.Icon != s.icon
		s.line = show(m.items.status, s.line, look.Line)
		if look.Icon != s.icon {
			systray.SetIcon(iconPNG(look.Icon))
			s.icon = look.Icon
		}
	}
	if it := m.items.where; it != nil {
		where := whereLine(m.cfg.Where())
		changed = changed || where != s.where
		s.where = show(it, s.where, where)
	}
	if it := m.items.pause; it != nil {
		if label := pauseLabel(m.cfg.Paused()); label != s.pause {
			it.SetTitle(label)
			changed = changed || s.pause != ""
			s.pause = label
		}
	}
	if it := m.items.login; it != nil {
		if on := m.cfg.StartAtLogin(); on != it.Checked() || m.resetLogin.Swap(false) {
			setChecked(it, on)
			changed = true
		}
	}
	return changed
}

// show sets the item's title if it differs from shown and returns the new one.
func show(item *systray.MenuItem, shown, line string) string {
	if line != shown {
		item.SetTitle(escapeMnemonic(line))
	}
	return line
}

// setChecked sets a checkbox item.
func setChecked(item *systray.MenuItem, on bool) {
	if on {
		item.Check()
	} else {
		item.Uncheck()
	}
}

// look is what to show now: LabelLocked while the account is locked, else
// Config.Status's look (Shown).
func (m *menu) look() Look {
	if m.cfg.Locked != nil && m.cfg.Locked() {
		return Look{LabelLocked, IconAttention}
	}
	return Shown(m.cfg.Status())
}

package tray

// The sync and start-at-login items: each action runs on its own
// goroutine (menu.once), reports a failure on the status line and then
// has the state read again, so labels follow what is, not what was asked.

// syncNow calls Config.SyncNow.
func (m *menu) syncNow() {
	if err := m.cfg.SyncNow(); err != nil {
		m.notice("Could not sync: " + errorText(err))
	}
	m.readAgain()
}

// togglePause resumes paused sync, or pauses running sync.
func (m *menu) togglePause() {
	if m.cfg.Paused() {
		if err := m.cfg.Resume(); err != nil {
			m.notice("Could not resume sync: " + errorText(err))
		}
	} else if err := m.cfg.Pause(); err != nil {
		m.notice("Could not pause sync: " + errorText(err))
	}
	m.readAgain()
}

// toggleLogin turns start at login the other way. GTK has already flipped
// the checkbox on the click, so the refresh loop sets it from the state
// afterwards whatever happened (resetLogin).
func (m *menu) toggleLogin() {
	on := !m.cfg.StartAtLogin()
	if err := m.cfg.SetStartAtLogin(on); err != nil {
		m.notice("Could not change start at login: " + errorText(err))
	}
	m.resetLogin.Store(true)
	m.readAgain()
}

// readAgain asks the refresh loop to read the state now.
func (m *menu) readAgain() {
	select {
	case m.poke <- struct{}{}:
	default: // a read is already due
	}
}

package autostart

import (
	"os"
	"path/filepath"
)

// Path is where the login entry lives on Linux, as go-autostart reads it:
// $XDG_CONFIG_HOME/autostart/minca.desktop, else ~/.config/autostart/.
// It reads the environment now; go-autostart read it as the process
// started, so the two differ only if the environment changed since.
func Path() string {
	dir := os.Getenv("XDG_CONFIG_HOME")
	if dir == "" {
		dir = filepath.Join(os.Getenv("HOME"), ".config")
	}
	return filepath.Join(dir, "autostart", Name+".desktop")
}

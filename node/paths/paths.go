// Package paths says where a Minca node keeps its state on disk.
//
// A node keeps its own stores in a per-user directory of the platform
// (XDG_DATA_HOME on Linux, Application Support on macOS, LocalAppData on
// Windows), one directory per account profile. The data folder (05 §14) is
// another place: the user picks it, it defaults to ~/Minca, and a node's own
// stores must never be kept inside it (05 §14.5).
package paths

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
)

// DefaultProfile is the account profile used when none is named.
const DefaultProfile = "default"

// StoreFile is the file name of a profile's node store.
const StoreFile = "node.db"

// DataFolderName is the default data folder's name in the home directory.
const DataFolderName = "Minca"

// ErrNoHome means the home directory is unknown, so no default applies.
var ErrNoHome = errors.New("home directory unknown")

// profileName is what a profile may be called: it becomes a directory name.
var profileName = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{0,31}$`)

// Env is what the paths depend on. It is passed in so that tests can ask
// about any platform; FromOS gives the running one.
type Env struct {
	GOOS   string              // runtime.GOOS of the platform asked about
	Home   string              // the user's home directory
	Getenv func(string) string // environment lookup; nil means none set
}

// FromOS returns the Env of this process.
func FromOS() Env {
	home, _ := os.UserHomeDir()
	return Env{GOOS: runtime.GOOS, Home: home, Getenv: os.Getenv}
}

func (e Env) getenv(key string) string {
	if e.Getenv == nil {
		return ""
	}
	return e.Getenv(key)
}

// StateDir returns the per-user directory that holds every profile's stores.
func StateDir(e Env) (string, error) {
	switch e.GOOS {
	case "darwin":
		return underHome(e, "Library", "Application Support", "Minca")
	case "windows":
		if dir := e.getenv("LocalAppData"); dir != "" {
			return filepath.Join(dir, "Minca"), nil
		}
		return underHome(e, "AppData", "Local", "Minca")
	default: // Linux and the other Unixes follow the XDG base directories.
		if dir := e.getenv("XDG_DATA_HOME"); filepath.IsAbs(dir) {
			return filepath.Join(dir, "minca"), nil
		}
		return underHome(e, ".local", "share", "minca")
	}
}

// ProfileDir returns the directory of one profile's stores.
func ProfileDir(e Env, profile string) (string, error) {
	if !profileName.MatchString(profile) {
		return "", fmt.Errorf("profile %q: want 1-32 of a-z, 0-9 and -, not starting with -", profile)
	}
	dir, err := StateDir(e)
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "profiles", profile), nil
}

// StorePath returns the path of a profile's node store.
func StorePath(e Env, profile string) (string, error) {
	dir, err := ProfileDir(e, profile)
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, StoreFile), nil
}

// DefaultDataFolder returns the data folder offered until the user picks
// one: ~/Minca. Nothing is created there by asking.
func DefaultDataFolder(e Env) (string, error) {
	return underHome(e, DataFolderName)
}

func underHome(e Env, parts ...string) (string, error) {
	if !filepath.IsAbs(e.Home) {
		return "", fmt.Errorf("home %q: %w", e.Home, ErrNoHome)
	}
	return filepath.Join(append([]string{e.Home}, parts...)...), nil
}

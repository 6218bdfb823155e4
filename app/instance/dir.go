package instance

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// DefaultDir is where the locks and sockets live: $XDG_RUNTIME_DIR/minca
// when XDG_RUNTIME_DIR is set (Linux), else minca-<uid> in the temporary
// directory (per user on macOS; on Windows under LocalAppData's Temp).
func DefaultDir() string {
	if dir := os.Getenv("XDG_RUNTIME_DIR"); filepath.IsAbs(dir) {
		return filepath.Join(dir, "minca")
	}
	return filepath.Join(os.TempDir(), fmt.Sprintf("minca-%d", os.Getuid()))
}

// prepare makes dir (0700) and refuses one others could reach into.
func prepare(dir string) error {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("instance: make %s: %w", dir, err)
	}
	return checkPrivate(dir)
}

// checkProfile refuses a profile name that is not one path element.
func checkProfile(profile string) error {
	if profile == "" || profile == "." || profile == ".." || strings.ContainsAny(profile, `/\`) || len(profile) > 64 {
		return fmt.Errorf("instance: bad profile name %q", profile)
	}
	return nil
}

// ErrNotPrivate: the directory is not the user's own.
var ErrNotPrivate = errors.New("instance: directory is not private to this user")

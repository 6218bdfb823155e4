package instance

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"minca.dev/desktop/node/paths"
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

// Path is the path of the profile's file called name in dir ("" means
// DefaultDir()): <dir>/<profile>-<tag>.<name>, the tag a hash of the
// profile's directory in this process's home (paths.RuntimeName), as
// node/localapi names the node's socket. Every home of the user shares
// the directory (a second HOME in the session; a sandboxed and a native
// install), and a name of the profile alone would give them one window
// and one tray: one home's links would reach the other's window.
func Path(dir, profile, name string) (string, error) {
	if err := checkProfile(profile); err != nil {
		return "", err
	}
	if name == "" || strings.ContainsAny(name, `/\`) {
		return "", fmt.Errorf("instance: bad file name %q", name)
	}
	rn, err := paths.RuntimeName(paths.FromOS(), profile)
	if err != nil {
		return "", fmt.Errorf("instance: %w", err)
	}
	if dir == "" {
		dir = DefaultDir()
	}
	return filepath.Join(dir, rn+"."+name), nil
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

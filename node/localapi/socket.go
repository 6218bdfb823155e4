package localapi

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"os"
	"path/filepath"

	"minca.dev/desktop/node/paths"
)

// maxSocketPath is the longest unix socket path every platform takes
// (sun_path is 104 bytes on macOS and the BSDs, 108 on Linux, with a NUL).
const maxSocketPath = 103

// socketDir is the directory of Minca's sockets in the runtime directory.
const socketDir = "minca"

// socketFile is the socket's name in the profile directory, where no
// runtime directory is known.
const socketFile = "node.sock"

// SocketPath is where a profile's node listens: $XDG_RUNTIME_DIR/minca/
// <profile>-<tag>.sock (paths.RuntimeName), else node.sock in the
// profile's directory. The tag is a hash of the profile's directory, the
// one its lock (node/lock) guards: two homes of one user share the runtime
// directory (a second HOME in the session; a sandboxed and a native
// install), and a name of the profile alone would give their owners one
// socket, the later one removing the earlier's and the clients of both
// reaching the later.
func SocketPath(env paths.Env, profile string) (string, error) {
	dir, err := paths.ProfileDir(env, profile) // checks the profile's name too
	if err != nil {
		return "", err
	}
	p := filepath.Join(dir, socketFile)
	if rt := getenv(env, "XDG_RUNTIME_DIR"); env.GOOS != "windows" && filepath.IsAbs(rt) {
		name, err := paths.RuntimeName(env, profile)
		if err != nil {
			return "", err
		}
		p = filepath.Join(rt, socketDir, name+".sock")
	}
	if len(p) > maxSocketPath {
		return "", fmt.Errorf("socket path %s: longer than the %d bytes a unix socket may have", p, maxSocketPath)
	}
	return p, nil
}

func getenv(env paths.Env, key string) string {
	if env.Getenv == nil {
		return ""
	}
	return env.Getenv(key)
}

// Listen listens on the socket at path, mode 0600 in a directory of mode
// 0700. A socket file left there by an owner that died is removed, so only
// the holder of the profile's lock may call it (SocketPath is the lock's
// profile directory's own).
func Listen(path string) (net.Listener, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, fmt.Errorf("listen %s: %w", path, err)
	}
	if err := removeStale(path); err != nil {
		return nil, fmt.Errorf("listen %s: %w", path, err)
	}
	ln, err := net.Listen("unix", path)
	if err != nil {
		return nil, fmt.Errorf("listen %s: %w", path, err)
	}
	// The directory is 0700 already, so nobody else can reach the socket
	// in the moment before this chmod.
	if err := os.Chmod(path, 0o600); err != nil {
		ln.Close()
		return nil, fmt.Errorf("listen %s: %w", path, err)
	}
	return ln, nil
}

// removeStale removes a socket file at path; anything else there is an error.
func removeStale(path string) error {
	info, err := os.Lstat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	if info.Mode().Type() != fs.ModeSocket {
		return fmt.Errorf("%s exists and is not a socket", path)
	}
	return os.Remove(path)
}

// DialSocket returns a dial function for the socket at path.
func DialSocket(path string) func(context.Context) (net.Conn, error) {
	return func(ctx context.Context) (net.Conn, error) {
		var d net.Dialer
		return d.DialContext(ctx, "unix", path)
	}
}

// Package lock keeps one node per account profile: the process that holds
// a profile's lock file owns its node (opens its stores, syncs, serves the
// local API); every other process is a client of that owner.
//
// The lock is an advisory flock(2) on <profile dir>/node.lock. The kernel
// drops it when the owner exits, however it exits (kill -9 included), so a
// stale lock cannot outlive its process and no clean-up is needed. The file
// holds the owner's pid, for people and error messages only.
package lock

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// FileName is the lock file's name in a profile's directory.
const FileName = "node.lock"

// ErrHeld means another process owns the profile's node.
var ErrHeld = errors.New("the node is owned by another process")

// Lock is a held profile lock. Release it to let another process own the
// node; exiting releases it too.
type Lock struct {
	f    *os.File
	path string
}

// Path returns the lock file's path.
func (l *Lock) Path() string { return l.path }

// TryAcquire takes the lock of the profile whose directory is dir, creating
// the directory (0700) and the file as needed. It does not wait: when
// another process holds the lock it returns an error wrapping ErrHeld.
func TryAcquire(dir string) (*Lock, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("lock %s: %w", dir, err)
	}
	path := filepath.Join(dir, FileName)
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("lock %s: %w", path, err)
	}
	if err := tryLock(f); err != nil {
		f.Close()
		if errors.Is(err, ErrHeld) {
			if pid := readPID(path); pid > 0 {
				return nil, fmt.Errorf("lock %s: %w (pid %d)", path, ErrHeld, pid)
			}
		}
		return nil, fmt.Errorf("lock %s: %w", path, err)
	}
	if err := writePID(f); err != nil {
		unlock(f)
		f.Close()
		return nil, fmt.Errorf("lock %s: %w", path, err)
	}
	return &Lock{f: f, path: path}, nil
}

// Release gives the lock up. A second call does nothing.
func (l *Lock) Release() error {
	if l == nil || l.f == nil {
		return nil
	}
	f := l.f
	l.f = nil
	// Empty the pid first, while still holding the lock.
	f.Truncate(0)
	err := unlock(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// Owner returns the pid written by the lock's holder, 0 when none is known.
// It is advice only: the holder may have exited since.
func Owner(dir string) int { return readPID(filepath.Join(dir, FileName)) }

func writePID(f *os.File) error {
	if err := f.Truncate(0); err != nil {
		return err
	}
	_, err := f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
	return err
}

func readPID(path string) int {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil || pid <= 0 {
		return 0
	}
	return pid
}

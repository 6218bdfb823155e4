package instance

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// Roles a process of a profile may hold besides the window: one tray per
// profile, and one process of the session that shows join notifications
// (app/notify), whichever of the window and the tray is up.
const (
	RoleTray   = "tray"
	RoleNotify = "notify"
)

// holdTries and holdPause: Hold tries this often before it says another
// process holds the role, so that Holder's look (which takes the lock for
// a moment) never turns a starting holder away.
const (
	holdTries = 20
	holdPause = 50 * time.Millisecond
)

// Held is a role this process holds until Release or its exit.
type Held struct{ f *os.File }

// roleLock is the lock file of a role: <dir>/<profile>-<tag>.<role>.lock
// (Path). A profile name holds no '.', so it never clashes with the
// window's or the node socket's files.
func roleLock(dir, profile, role string) (string, error) {
	if role == "" || strings.ContainsAny(role, `./\`) {
		return "", errors.New("instance: bad role name " + strconv.Quote(role))
	}
	return Path(dir, profile, role+".lock")
}

// Hold makes this process the holder of the profile's role (an flock on
// its lock file, which then holds this process's id); with another
// process holding it, it returns ErrRunning. dir "" means DefaultDir().
func Hold(dir, profile, role string) (*Held, error) {
	name, err := roleLock(dir, profile, role)
	if err != nil {
		return nil, err
	}
	if err := prepare(filepath.Dir(name)); err != nil {
		return nil, err
	}
	f, err := lockFile(name)
	for try := 1; errors.Is(err, errLocked) && try < holdTries; try++ {
		time.Sleep(holdPause)
		f, err = lockFile(name)
	}
	if errors.Is(err, errLocked) {
		return nil, ErrRunning
	}
	if err != nil {
		return nil, err
	}
	if err := f.Truncate(0); err == nil {
		f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
	}
	return &Held{f: f}, nil
}

// Release gives the role up; a second call does nothing.
func (h *Held) Release() {
	if h == nil || h.f == nil {
		return
	}
	h.f.Truncate(0)
	h.f.Close()
	h.f = nil
}

// Holder returns the id of the process that holds the profile's role, 0
// when none does, -1 when one does that has not written its id yet. It
// takes the lock for a moment to tell; Hold tries again meanwhile.
func Holder(dir, profile, role string) int {
	name, err := roleLock(dir, profile, role)
	if err != nil {
		return 0
	}
	f, err := lockFile(name)
	if err == nil {
		f.Close()
		return 0
	}
	if !errors.Is(err, errLocked) {
		return 0
	}
	b, err := os.ReadFile(name)
	if err != nil {
		return 0
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil || pid <= 0 {
		return -1 // held, by a process that has not written its id yet
	}
	return pid
}

//go:build unix

package instance

import (
	"fmt"
	"os"
	"syscall"
)

// checkPrivate refuses a directory that is not owned by this user or that
// others may write to or list.
func checkPrivate(dir string) error {
	fi, err := os.Stat(dir)
	if err != nil {
		return fmt.Errorf("instance: %w", err)
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok || int(st.Uid) != os.Getuid() || fi.Mode().Perm()&0o077 != 0 {
		return fmt.Errorf("%w: %s (%v)", ErrNotPrivate, dir, fi.Mode().Perm())
	}
	return nil
}

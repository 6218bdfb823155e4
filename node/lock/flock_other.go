//go:build !unix

package lock

import (
	"errors"
	"os"
)

// errUnsupported: Windows needs LockFileEx (golang.org/x/sys/windows), not
// wired yet.
var errUnsupported = errors.New("profile locks are not supported on this platform yet")

func tryLock(*os.File) error { return errUnsupported }
func unlock(*os.File) error  { return nil }

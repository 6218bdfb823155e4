//go:build unix

package instance

import (
	"errors"
	"syscall"
)

// isRefused: a socket file with no listener (its instance died).
func isRefused(err error) bool { return errors.Is(err, syscall.ECONNREFUSED) }

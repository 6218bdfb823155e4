//go:build !unix

package instance

import (
	"errors"
	"syscall"
)

// isRefused: a socket file with no listener (its instance died). Windows
// reports WSAECONNREFUSED (10061).
func isRefused(err error) bool {
	return errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, syscall.Errno(10061))
}

//go:build unix

package synctest

import (
	"syscall"
	"time"
)

// CPUTime is the process's user and system CPU time so far: on a loaded
// machine a benchmark reports rates per CPU second beside wall-clock ones.
func CPUTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

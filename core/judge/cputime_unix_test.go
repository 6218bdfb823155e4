//go:build unix

package judge

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time the process used so far (user and system).
func cpuTime() time.Duration {
	var r syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &r); err != nil {
		return 0
	}
	return time.Duration(r.Utime.Nano() + r.Stime.Nano())
}

//go:build linux || darwin

package p256verify

import "syscall"

// cpuSeconds is the CPU time this process has used (user + system), so a
// benchmark on a busy machine can report CPU time per check.
func cpuSeconds() float64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	sec := func(t syscall.Timeval) float64 { return float64(t.Sec) + float64(t.Usec)/1e6 }
	return sec(ru.Utime) + sec(ru.Stime)
}

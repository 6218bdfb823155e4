//go:build linux || darwin

package syncmsg

import "syscall"

// cpuSeconds is the CPU time this process has used (user + system), so a
// benchmark on a busy machine can report work per CPU-second as well as per
// wall-clock second.
func cpuSeconds() float64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	sec := func(t syscall.Timeval) float64 { return float64(t.Sec) + float64(t.Usec)/1e6 }
	return sec(ru.Utime) + sec(ru.Stime)
}

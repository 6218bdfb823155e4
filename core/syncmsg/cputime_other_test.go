//go:build !linux && !darwin

package syncmsg

// cpuSeconds is unknown here; benchmarks then report wall-clock rates only.
func cpuSeconds() float64 { return 0 }

//go:build !linux && !darwin

package p256verify

// cpuSeconds is unknown here; benchmarks then report wall-clock times only.
func cpuSeconds() float64 { return 0 }

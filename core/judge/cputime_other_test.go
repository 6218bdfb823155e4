//go:build !unix

package judge

import "time"

// cpuTime is not measured here; the cpu-µs/version figure reads 0.
func cpuTime() time.Duration { return 0 }

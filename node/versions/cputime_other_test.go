//go:build !unix

package versions_test

import "time"

// cpuTime is not measured here; the cpu-µs/version figure reads 0.
func cpuTime() time.Duration { return 0 }

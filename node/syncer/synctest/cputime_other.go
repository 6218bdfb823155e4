//go:build !unix

package synctest

import "time"

// CPUTime is not measured here; CPU rates then read as zero.
func CPUTime() time.Duration { return 0 }

//go:build !unix

package syncer

import "time"

// cpuTime is not measured here; CPU rates then read as zero.
func cpuTime() time.Duration { return 0 }

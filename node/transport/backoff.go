package transport

import "time"

// Backoff is the delay before redialling a node (04 §5.4): before attempt n
// (counted from 0 after the last successful handshake) it is
// min(Max, Base·2ⁿ) scaled by a jitter factor in [0.5, 1).
type Backoff struct {
	Base time.Duration
	Max  time.Duration
}

// DefaultBackoff is the node's: 500 ms doubling to 60 s.
var DefaultBackoff = Backoff{Base: 500 * time.Millisecond, Max: 60 * time.Second}

// Delay is the wait before attempt n; jitter is a number in [0, 1) (anything
// else is clamped into it).
func (b Backoff) Delay(n int, jitter float64) time.Duration {
	d := b.Base
	for i := 0; i < n && d < b.Max; i++ {
		d *= 2
	}
	d = min(d, b.Max)
	jitter = min(max(jitter, 0), 1)
	return time.Duration(float64(d) * (0.5 + jitter/2))
}

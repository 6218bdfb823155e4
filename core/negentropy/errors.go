package negentropy

import "errors"

// Errors a caller may need to tell apart. Every error this package returns
// for bad input wraps one of them.
var (
	// ErrNotNegentropy: the first byte is outside 0x60..0x6f, or there is
	// none (05 §3.2).
	ErrNotNegentropy = errors.New("negentropy: not a Negentropy message")
	// ErrVersion: a Negentropy message of another protocol version. A
	// responder answers it with the version byte alone; an initiator fails
	// (05 §3.2).
	ErrVersion = errors.New("negentropy: unsupported protocol version")
	// ErrMalformed: the message breaks the layout of 05 §3.2.
	ErrMalformed = errors.New("negentropy: malformed message")
	// ErrFrameLimit: a frame limit that is neither 0 nor at least 4096 (05 §3.4).
	ErrFrameLimit = errors.New("negentropy: frame limit must be 0 or at least 4096")
	// ErrTimestamp: an item timestamp above MaxTimestamp (05 §2, §10).
	ErrTimestamp = errors.New("negentropy: item timestamp exceeds 2^53 − 1")
)

package negentropy

import "fmt"

// MaxVarint is the largest value a varint may carry (05 §3.1): 2^53 − 1, the
// largest integer every peer can hold exactly.
const MaxVarint = 1<<53 - 1

// appendVarint appends v in base 128, most significant group first; every
// byte but the last has the high bit set (05 §3.1).
func appendVarint(dst []byte, v uint64) []byte {
	var tmp [10]byte
	i := len(tmp) - 1
	tmp[i] = byte(v & 0x7f)
	for v >>= 7; v > 0; v >>= 7 {
		i--
		tmp[i] = byte(v&0x7f) | 0x80
	}
	return append(dst, tmp[i:]...)
}

// varintLen is the number of bytes appendVarint writes for v.
func varintLen(v uint64) int {
	n := 1
	for v >>= 7; v > 0; v >>= 7 {
		n++
	}
	return n
}

// readVarint reads one varint from the front of b and says how many bytes it
// took. It rejects a value above MaxVarint and a varint cut off by the end of b.
func readVarint(b []byte) (uint64, int, error) {
	var v uint64
	for i, c := range b {
		v = v<<7 | uint64(c&0x7f)
		if v > MaxVarint {
			return 0, 0, fmt.Errorf("%w: varint exceeds 2^53 − 1", ErrMalformed)
		}
		if c&0x80 == 0 {
			return v, i + 1, nil
		}
	}
	return 0, 0, fmt.Errorf("%w: message ends inside a varint", ErrMalformed)
}

package cjson

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// maxSafeInteger is 2^53−1, the largest integer every binary64 neighbour of
// which is also an integer (ECMAScript Number.MAX_SAFE_INTEGER).
const maxSafeInteger = 1<<53 - 1

// appendNumber writes f as ECMAScript Number::toString does (ECMA-262
// §6.1.6.1.20; RFC 8785 §3.2.2.3). strconv gives the shortest digits that
// round-trip, which is what the ECMAScript algorithm asks for; only the
// layout around them differs from Go's own formats.
func appendNumber(dst []byte, f float64) ([]byte, error) {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return dst, fmt.Errorf("%w: %v", ErrNumber, f)
	}
	if f == 0 { // +0 and -0 alike
		return append(dst, '0'), nil
	}
	if f >= -maxSafeInteger && f <= maxSafeInteger && f == math.Trunc(f) {
		// A safe integer (seq, log.n, most numbers in bodies) is its
		// digits, as the general layout below would write them.
		return strconv.AppendInt(dst, int64(f), 10), nil
	}
	return appendDigits(dst, f)
}

// appendDigits is appendNumber for any finite number but 0.
func appendDigits(dst []byte, f float64) ([]byte, error) {
	if f < 0 {
		dst = append(dst, '-')
		f = -f
	}
	// "d.ddddde±XX": digits without the point, and n = exponent + 1, the
	// position of the decimal point relative to the first digit.
	e := strconv.FormatFloat(f, 'e', -1, 64)
	mant, exp, _ := strings.Cut(e, "e")
	digits := strings.Replace(mant, ".", "", 1)
	x, err := strconv.Atoi(exp)
	if err != nil { // cannot happen for strconv's own output
		return dst, fmt.Errorf("%w: exponent %q", ErrNumber, exp)
	}
	k, n := len(digits), x+1
	switch {
	case k <= n && n <= 21: // integer: digits then zeros
		dst = append(dst, digits...)
		for i := 0; i < n-k; i++ {
			dst = append(dst, '0')
		}
	case 0 < n && n <= 21: // point inside the digits
		dst = append(dst, digits[:n]...)
		dst = append(dst, '.')
		dst = append(dst, digits[n:]...)
	case -6 < n && n <= 0: // 0.000ddd
		dst = append(dst, '0', '.')
		for i := 0; i < -n; i++ {
			dst = append(dst, '0')
		}
		dst = append(dst, digits...)
	default: // exponent form
		dst = append(dst, digits[0])
		if k > 1 {
			dst = append(dst, '.')
			dst = append(dst, digits[1:]...)
		}
		dst = append(dst, 'e')
		if n-1 >= 0 {
			dst = append(dst, '+')
		}
		dst = strconv.AppendInt(dst, int64(n-1), 10)
	}
	return dst, nil
}

// appendInt writes a Go integer, which must be a safe integer: outside
// ±(2^53−1) a JavaScript peer would already hold a different number.
func appendInt(dst []byte, i int64) ([]byte, error) {
	if i > maxSafeInteger || i < -maxSafeInteger {
		return dst, fmt.Errorf("%w: %d", ErrUnsafeInteger, i)
	}
	return appendNumber(dst, float64(i))
}

func appendUint(dst []byte, u uint64) ([]byte, error) {
	if u > maxSafeInteger {
		return dst, fmt.Errorf("%w: %d", ErrUnsafeInteger, u)
	}
	return appendNumber(dst, float64(u))
}

package cjson

import (
	"fmt"
	"unicode/utf16"
	"unicode/utf8"
)

const hexDigits = "0123456789abcdef"

// nextRune decodes one code point of a WTF-8 string at s[i:]: UTF-8, plus a
// lone surrogate as its three-byte form ED A0..BF 80..BF (see the package
// comment). ok is false for any other byte sequence that is not UTF-8.
func nextRune(s string, i int) (r rune, size int, ok bool) {
	r, size = utf8.DecodeRuneInString(s[i:])
	if r != utf8.RuneError || size != 1 {
		return r, size, true
	}
	if i+2 < len(s) && s[i] == 0xED && s[i+1] >= 0xA0 && s[i+1] <= 0xBF &&
		s[i+2] >= 0x80 && s[i+2] <= 0xBF {
		return 0xD000 | rune(s[i+1]&0x3F)<<6 | rune(s[i+2]&0x3F), 3, true
	}
	return utf8.RuneError, 1, false
}

func isHighSurrogate(r rune) bool { return r >= 0xD800 && r <= 0xDBFF }
func isLowSurrogate(r rune) bool  { return r >= 0xDC00 && r <= 0xDFFF }

// nextChar is nextRune that also joins a high surrogate immediately followed
// by a low one into the supplementary character the pair stands for, as a
// UTF-16 string would.
func nextChar(s string, i int) (r rune, size int, ok bool) {
	r, size, ok = nextRune(s, i)
	if !ok || !isHighSurrogate(r) || i+size >= len(s) {
		return r, size, ok
	}
	if lo, n, ok2 := nextRune(s, i+size); ok2 && isLowSurrogate(lo) {
		return utf16.DecodeRune(r, lo), size + n, true
	}
	return r, size, ok
}

// appendString writes s as JSON.stringify writes a string.
func appendString(dst []byte, s string) ([]byte, error) {
	dst = append(dst, '"')
	for i := 0; i < len(s); {
		if n := plainRun(s[i:]); n > 0 {
			dst = append(dst, s[i:i+n]...)
			i += n
			continue
		}
		if c := s[i]; c < utf8.RuneSelf {
			dst = appendASCII(dst, c)
			i++
			continue
		}
		r, size, ok := nextChar(s, i)
		if !ok {
			return dst, fmt.Errorf("%w: byte 0x%02x at %d", ErrInvalidString, s[i], i)
		}
		if r >= 0xD800 && r <= 0xDFFF { // lone surrogate
			dst = append(dst, '\\', 'u', 'd', hexDigits[r>>8&0xF], hexDigits[r>>4&0xF], hexDigits[r&0xF])
		} else {
			dst = utf8.AppendRune(dst, r)
		}
		i += size
	}
	return append(dst, '"'), nil
}

// plainRun is how many bytes at the start of s are ASCII written as they
// are: printable, not '"' nor '\\'.
func plainRun(s string) int {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= utf8.RuneSelf || c == '"' || c == '\\' {
			return i
		}
	}
	return len(s)
}

func appendASCII(dst []byte, c byte) []byte {
	switch c {
	case '"':
		return append(dst, '\\', '"')
	case '\\':
		return append(dst, '\\', '\\')
	case '\b':
		return append(dst, '\\', 'b')
	case '\f':
		return append(dst, '\\', 'f')
	case '\n':
		return append(dst, '\\', 'n')
	case '\r':
		return append(dst, '\\', 'r')
	case '\t':
		return append(dst, '\\', 't')
	}
	if c < 0x20 {
		return append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
	}
	return append(dst, c)
}

// CompareUTF16 orders two strings by their UTF-16 code units, the order of
// JavaScript's default sort and of canonical object members. It differs from
// Go's byte order where characters above U+FFFF meet U+E000–U+FFFF. A byte
// that is not WTF-8 counts as the code unit U+FFFD.
func CompareUTF16(a, b string) int {
	// Where the strings first differ in an ASCII byte each (or one ends),
	// code units and bytes order alike: the prefix before is the same
	// text. Otherwise compare code unit by code unit.
	n := min(len(a), len(b))
	i := 0
	for i < n && a[i] == b[i] {
		i++
	}
	switch {
	case i == n && len(a) == len(b):
		return 0
	case i == len(a) && b[i] < utf8.RuneSelf:
		return -1
	case i == len(b) && a[i] < utf8.RuneSelf:
		return 1
	case i < n && a[i] < utf8.RuneSelf && b[i] < utf8.RuneSelf:
		if a[i] < b[i] {
			return -1
		}
		return 1
	}
	return compareUnits(a, b)
}

// compareUnits is CompareUTF16 read code unit by code unit.
func compareUnits(a, b string) int {
	var ua, ub unitReader
	ua.s, ub.s = a, b
	for {
		x, okA := ua.next()
		y, okB := ub.next()
		switch {
		case !okA && !okB:
			return 0
		case !okA:
			return -1
		case !okB:
			return 1
		case x != y:
			if x < y {
				return -1
			}
			return 1
		}
	}
}

// unitReader yields the UTF-16 code units of a WTF-8 string one at a time.
type unitReader struct {
	s       string
	i       int
	pending uint16 // low surrogate still to yield, or 0
}

func (u *unitReader) next() (uint16, bool) {
	if u.pending != 0 {
		c := u.pending
		u.pending = 0
		return c, true
	}
	if u.i >= len(u.s) {
		return 0, false
	}
	r, size, _ := nextRune(u.s, u.i)
	u.i += size
	if r >= 0x10000 {
		hi, lo := utf16.EncodeRune(r)
		u.pending = uint16(lo)
		return uint16(hi), true
	}
	return uint16(r), true
}

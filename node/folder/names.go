package folder

import (
	"errors"
	"fmt"
	"strings"
)

// ErrUnsafe: a name or path segment that could reach outside the folder
// (05 §14.4), or a symbolic link where a file or directory was expected.
var ErrUnsafe = errors.New("folder: unsafe name")

// ErrBadName: a file name that is not this encoding's output (05 §14.2).
var ErrBadName = errors.New("folder: not an encoded name")

// TmpSuffix marks a writer's work in progress (05 §14.3); readers ignore it.
const TmpSuffix = ".tmp"

const hexUpper = "0123456789ABCDEF"

// plain reports whether b is kept as itself (05 §14.2: a-z 0-9 . _ -).
func plain(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= '0' && b <= '9' || b == '.' || b == '_' || b == '-'
}

// Encode percent-encodes a key or path segment's UTF-8 bytes (05 §14.2):
// every byte outside a-z 0-9 . _ - becomes % and two upper-case hex digits.
func Encode(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if plain(c) {
			b.WriteByte(c)
			continue
		}
		b.WriteByte('%')
		b.WriteByte(hexUpper[c>>4])
		b.WriteByte(hexUpper[c&15])
	}
	return b.String()
}

func unhex(c byte) (byte, bool) {
	switch {
	case c >= '0' && c <= '9':
		return c - '0', true
	case c >= 'A' && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

// Decode reverses Encode. It accepts only Encode's exact output (upper-case
// hex, no plain byte escaped, no unescaped byte outside the plain set), so
// every key has one file name and no two files decode to one key.
func Decode(name string) (string, error) {
	var b strings.Builder
	for i := 0; i < len(name); i++ {
		c := name[i]
		if plain(c) {
			b.WriteByte(c)
			continue
		}
		if c != '%' || i+2 >= len(name) {
			return "", fmt.Errorf("decode %q: %w", name, ErrBadName)
		}
		hi, ok1 := unhex(name[i+1])
		lo, ok2 := unhex(name[i+2])
		if !ok1 || !ok2 || plain(hi<<4|lo) {
			return "", fmt.Errorf("decode %q: %w", name, ErrBadName)
		}
		b.WriteByte(hi<<4 | lo)
		i += 2
	}
	return b.String(), nil
}

// CheckSegment refuses a path segment that could leave its directory
// (05 §14.4): "", ".", "..", or one containing /, \ or NUL.
func CheckSegment(s string) error {
	if s == "" || s == "." || s == ".." || strings.ContainsAny(s, "/\\\x00") {
		return fmt.Errorf("segment %q: %w", s, ErrUnsafe)
	}
	return nil
}

// SplitKey splits a /-separated blob key (05 §14.1) into its parts, each
// checked as a segment.
func SplitKey(key string) ([]string, error) {
	parts := strings.Split(key, "/")
	for _, p := range parts {
		if err := CheckSegment(p); err != nil {
			return nil, fmt.Errorf("key %q: %w", key, err)
		}
	}
	return parts, nil
}

package record

import (
	"errors"
	"fmt"
	"time"
)

// errTime is why a createdAt does not parse.
var errTime = errors.New("must be an ISO 8601 time YYYY-MM-DDTHH:MM:SS[.sss](Z|±HH:MM)")

// ParseTime reads a createdAt (§3.6, our choice): YYYY-MM-DDTHH:MM:SS, an
// optional fraction of exactly three digits, and Z or ±HH:MM. It is the form
// JavaScript's toISOString writes and a subset of what Date.parse reads, so
// every time accepted here reads the same in a JavaScript peer.
func ParseTime(s string) (time.Time, error) {
	n := len(s)
	if n < 20 || s[4] != '-' || s[7] != '-' || s[10] != 'T' || s[13] != ':' || s[16] != ':' {
		return time.Time{}, errTime
	}
	f := [6]int{}
	for i, at := range [6]int{0, 5, 8, 11, 14, 17} {
		width := 2
		if i == 0 {
			width = 4
		}
		v, ok := digits(s[at : at+width])
		if !ok {
			return time.Time{}, errTime
		}
		f[i] = v
	}
	rest, ms := s[19:], 0
	if len(rest) >= 4 && rest[0] == '.' {
		v, ok := digits(rest[1:4])
		if !ok {
			return time.Time{}, errTime
		}
		rest, ms = rest[4:], v
	}
	zone, err := parseZone(rest)
	if err != nil {
		return time.Time{}, err
	}
	t := time.Date(f[0], time.Month(f[1]), f[2], f[3], f[4], f[5], ms*int(time.Millisecond), zone)
	if t.Year() != f[0] || int(t.Month()) != f[1] || t.Day() != f[2] ||
		t.Hour() != f[3] || t.Minute() != f[4] || t.Second() != f[5] {
		return time.Time{}, fmt.Errorf("%w: no such date or time", errTime)
	}
	return t.UTC(), nil
}

func parseZone(z string) (*time.Location, error) {
	if z == "Z" {
		return time.UTC, nil
	}
	if len(z) != 6 || (z[0] != '+' && z[0] != '-') || z[3] != ':' {
		return nil, errTime
	}
	h, okH := digits(z[1:3])
	m, okM := digits(z[4:6])
	if !okH || !okM || h > 23 || m > 59 {
		return nil, errTime
	}
	off := h*3600 + m*60
	if z[0] == '-' {
		off = -off
	}
	return time.FixedZone("", off), nil
}

// digits reads a run of ASCII digits.
func digits(s string) (int, bool) {
	v := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		v = v*10 + int(c-'0')
	}
	return v, len(s) > 0
}

// ItemTimestamp is the sync item timestamp of a createdAt (05 §2, §3.6):
// whole seconds since the Unix epoch, rounded down, or 0 when createdAt does
// not parse or is not after the epoch.
func ItemTimestamp(createdAt string) uint64 {
	t, err := ParseTime(createdAt)
	if err != nil {
		return 0
	}
	ms := t.UnixMilli()
	if ms <= 0 {
		return 0
	}
	return uint64(ms / 1000)
}

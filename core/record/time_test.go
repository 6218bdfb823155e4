package record

import "testing"

func TestParseTime(t *testing.T) {
	cases := []struct {
		in   string
		ok   bool
		unix int64 // milliseconds, when ok
	}{
		{"2026-09-26T12:00:00.000Z", true, 1790424000000},
		{"2026-09-26T12:00:00Z", true, 1790424000000},
		{"2026-09-26T14:00:00.250+02:00", true, 1790424000250},
		{"2026-09-26T07:30:00-04:30", true, 1790424000000},
		{"1970-01-01T00:00:00.000Z", true, 0},
		{"2024-02-29T00:00:00Z", true, 1709164800000},
		{"2025-02-29T00:00:00Z", false, 0},
		{"2026-09-26T24:00:00Z", false, 0},
		{"2026-09-26T12:00:60Z", false, 0},
		{"2026-13-01T00:00:00Z", false, 0},
		{"2026-09-26T12:00:00", false, 0},
		{"2026-09-26 12:00:00Z", false, 0},
		{"2026-09-26T12:00:00.5Z", false, 0},
		{"2026-09-26T12:00:00.123456Z", false, 0},
		{"2026-09-26T12:00:00+0200", false, 0},
		{"2026-09-26T12:00:00+24:00", false, 0},
		{"+02026-09-26T12:00:00Z", false, 0},
		{"2026-09-26T12:00:00z", false, 0},
		{"", false, 0},
		{"２026-09-26T12:00:00Z", false, 0},
	}
	for _, c := range cases {
		got, err := ParseTime(c.in)
		if (err == nil) != c.ok {
			t.Errorf("%q: ok=%v, err=%v", c.in, c.ok, err)
			continue
		}
		if c.ok && got.UnixMilli() != c.unix {
			t.Errorf("%q: %d ms, want %d", c.in, got.UnixMilli(), c.unix)
		}
	}
}

func TestItemTimestamp(t *testing.T) {
	cases := map[string]uint64{
		"2026-09-26T12:00:00.999Z": 1790424000,
		"2023-11-14T22:13:20.000Z": 1700000000, // 05 §2's example time
		"1970-01-01T00:00:00.000Z": 0,
		"1969-12-31T23:59:59.000Z": 0,
		"1970-01-01T00:00:00.001Z": 0,
		"1970-01-01T00:00:01.000Z": 1,
		"yesterday":                0,
	}
	for in, want := range cases {
		if got := ItemTimestamp(in); got != want {
			t.Errorf("%q: %d, want %d", in, got, want)
		}
	}
}

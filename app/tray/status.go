package tray

import (
	"errors"
	"strings"
	"time"

	"minca.dev/desktop/node/api"
)

// Refresh intervals of the status line: minRefresh after a change, doubling
// while the status stays the same, up to maxRefresh. An idle tray thus asks
// for the status once a minute.
const (
	minRefresh = 2 * time.Second
	maxRefresh = time.Minute
)

// schedule is the status line's backing-off refresh interval.
type schedule struct{ interval time.Duration }

// next returns the wait before the next refresh, given whether the last one
// changed the line.
func (s *schedule) next(changed bool) time.Duration {
	if changed || s.interval == 0 {
		s.interval = minRefresh
		return s.interval
	}
	s.interval = min(2*s.interval, maxRefresh)
	return s.interval
}

// Shown is the look the tray shows for what Config.Status returned: its
// line's first non-blank line, trimmed, or on an error a short message
// and IconAttention.
func Shown(look Look, err error) Look {
	if err != nil {
		return Look{"Status unavailable: " + errorText(err), IconAttention}
	}
	if look.Line = firstLine(look.Line); look.Line == "" {
		look.Line = lineNoStatus
	}
	return look
}

// whereLine is the where line the tray shows for what Config.Where returned:
// its first non-blank line, trimmed, or on an error a short message.
func whereLine(line string, err error) string {
	if err != nil {
		return "Status unavailable: " + errorText(err)
	}
	if line = firstLine(line); line == "" {
		return lineNoStatus
	}
	return line
}

// firstLine returns the first non-blank line of s, trimmed.
func firstLine(s string) string {
	for line := range strings.Lines(s) {
		if line = strings.TrimSpace(line); line != "" {
			return line
		}
	}
	return ""
}

// errorText is an error as the status line shows it: an *api.Error's
// message for a person (not the JSON the window's bindings make of it,
// app.UIError, which unwraps to it), else the error's first line.
func errorText(err error) string {
	var ae *api.Error
	if errors.As(err, &ae) && ae.Message != "" {
		return firstLine(ae.Message)
	}
	return firstLine(err.Error())
}

package policy

import "strings"

// MaxCommandLen bounds a command path (our limit; 01 §7 names none).
const MaxCommandLen = 200

// IsCommand says whether s is a command path (01 §7, isCommand): "/" alone,
// or "/" followed by non-empty segments separated by "/", with no trailing
// "/". A segment holds printable ASCII other than "/" and upper-case
// letters (UCAN 1.0 commands are lower case). At most MaxCommandLen bytes.
func IsCommand(s string) bool {
	if s == "/" {
		return true
	}
	if len(s) < 2 || len(s) > MaxCommandLen || s[0] != '/' {
		return false
	}
	for _, seg := range strings.Split(s[1:], "/") {
		if seg == "" {
			return false
		}
		for i := 0; i < len(seg); i++ {
			if c := seg[i]; c <= ' ' || c > '~' || (c >= 'A' && c <= 'Z') {
				return false
			}
		}
	}
	return true
}

// Covers says whether a grant's command covers an invoked one (UCAN 1.0,
// replay-readings A18): "/" covers everything, and "/a" covers "/a" and
// everything under it, whole segments only ("/role/ass" does not cover
// "/role/assign"). A trailing "/" on the grant's command is ignored.
func Covers(granted, invoked string) bool {
	g := strings.TrimSuffix(granted, "/")
	if g == "" {
		return strings.HasPrefix(invoked, "/")
	}
	return invoked == g || strings.HasPrefix(invoked, g+"/")
}

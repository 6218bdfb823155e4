package policy

import "strings"

// glob is a like pattern: literal runs separated by "*"; "\*" is a
// literal star and any other backslash is literal (replay-readings A16).
type glob struct{ parts []string }

func compileGlob(p string) glob {
	var parts []string
	var cur strings.Builder
	for i := 0; i < len(p); i++ {
		switch {
		case p[i] == '\\' && i+1 < len(p) && p[i+1] == '*':
			cur.WriteByte('*')
			i++
		case p[i] == '*':
			parts = append(parts, cur.String())
			cur.Reset()
		default:
			cur.WriteByte(p[i])
		}
	}
	return glob{parts: append(parts, cur.String())}
}

// match: the first part is a prefix, the last a suffix, and the ones
// between occur in order (leftmost first, which is enough for "*" alone).
func (g glob) match(s string) bool {
	if len(g.parts) == 1 {
		return s == g.parts[0]
	}
	first, last := g.parts[0], g.parts[len(g.parts)-1]
	if len(s) < len(first)+len(last) || !strings.HasPrefix(s, first) || !strings.HasSuffix(s, last) {
		return false
	}
	s = s[len(first) : len(s)-len(last)]
	for _, mid := range g.parts[1 : len(g.parts)-1] {
		i := strings.Index(s, mid)
		if i < 0 {
			return false
		}
		s = s[i+len(mid):]
	}
	return true
}

package versions

// The body member of a version's canonical JSON (02 §3.1: keys sorted).
const bodyMember = "body"

// joinBody puts "body":body into stub, a canonical JSON object without a
// body member, where canonical order places it (keys sorted by UTF-16 code
// units, which for ASCII keys is byte order). It gives up (false) on
// anything it does not read plainly: a key with an escape or a non-ASCII
// byte, a body member already there, text that is not an object.
func joinBody(stub, body []byte) ([]byte, bool) {
	if len(stub) < 3 || stub[0] != '{' || stub[len(stub)-1] != '}' {
		return nil, false
	}
	for i := 1; ; {
		key, end, ok := plainKey(stub, i)
		if !ok || key == bodyMember {
			return nil, false
		}
		if key > bodyMember {
			return splice(stub, i, body, false), true
		}
		if end, ok = skipValue(stub, end+1); !ok { // end+1: past the ':'
			return nil, false
		}
		switch {
		case end < len(stub) && stub[end] == ',':
			i = end + 1
		case end == len(stub)-1:
			return splice(stub, end, body, true), true
		default:
			return nil, false
		}
	}
}

// splice puts the member at i: followed by a comma, or, at the end of a
// non-empty object, preceded by one.
func splice(stub []byte, i int, body []byte, last bool) []byte {
	out := make([]byte, 0, len(stub)+len(body)+len(bodyMember)+4)
	out = append(out, stub[:i]...)
	if last {
		out = append(out, ',')
	}
	out = append(out, '"')
	out = append(out, bodyMember...)
	out = append(out, '"', ':')
	out = append(out, body...)
	if !last {
		out = append(out, ',')
	}
	return append(out, stub[i:]...)
}

// plainKey reads the key starting at b[i] (a '"') up to its ':', which is
// at end.
func plainKey(b []byte, i int) (key string, end int, ok bool) {
	if b[i] != '"' {
		return "", 0, false
	}
	for j := i + 1; j < len(b); j++ {
		switch c := b[j]; {
		case c == '"':
			if j+1 >= len(b) || b[j+1] != ':' {
				return "", 0, false
			}
			return string(b[i+1 : j]), j + 1, true
		case c == '\\' || c >= 0x80:
			return "", 0, false
		}
	}
	return "", 0, false
}

// skipValue returns the index just past the JSON value starting at b[i].
func skipValue(b []byte, i int) (int, bool) {
	depth := 0
	for j := i; j < len(b); j++ {
		switch b[j] {
		case '"':
			k, ok := skipString(b, j)
			if !ok {
				return 0, false
			}
			j = k - 1
		case '{', '[':
			depth++
		case '}', ']':
			if depth == 0 {
				return j, j > i
			}
			depth--
		case ',':
			if depth == 0 {
				return j, j > i
			}
		}
		if depth == 0 && j+1 < len(b) && (b[j] == '}' || b[j] == ']' || b[j] == '"') {
			return j + 1, true
		}
	}
	return 0, false
}

// skipString returns the index just past the string starting at b[i].
func skipString(b []byte, i int) (int, bool) {
	for j := i + 1; j < len(b); j++ {
		switch b[j] {
		case '\\':
			j++
		case '"':
			return j + 1, true
		}
	}
	return 0, false
}

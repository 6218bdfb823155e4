package handshake

// validJSON reports whether b is one JSON value (RFC 8259), accepting
// exactly what encoding/json.Valid accepts (FuzzValidJSON holds the two
// equal): bytes in strings are not checked as UTF-8, and at most
// maxNesting objects and arrays are open at once. It is json.Valid in
// one plain pass: every sync frame is checked whole, in and out, and
// json.Valid's state machine cost several µs per version of a first sync
// (04 §6).
func validJSON(b []byte) bool {
	var open []byte // '{' or '[' for each container open
	i, ok := 0, false
	for {
		// A value begins at i.
		i = skipSpace(b, i)
		if i >= len(b) {
			return false
		}
		switch c := b[i]; c {
		case '{', '[':
			if len(open) == maxNesting {
				return false
			}
			i = skipSpace(b, i+1)
			if i < len(b) && b[i] == c+2 { // '}' or ']': empty
				i++
				break
			}
			open = append(open, c)
			if c == '{' {
				if i, ok = validMember(b, i); !ok {
					return false
				}
			}
			continue
		case '"':
			i = skipJSONString(b, i)
		case 't':
			i = skipLiteral(b, i, "true")
		case 'f':
			i = skipLiteral(b, i, "false")
		case 'n':
			i = skipLiteral(b, i, "null")
		default:
			i = skipNumber(b, i)
		}
		if i < 0 {
			return false
		}
		// After a value: close what it ends, then a comma or the end.
		for {
			i = skipSpace(b, i)
			if len(open) == 0 {
				return i == len(b)
			}
			if i >= len(b) {
				return false
			}
			top := open[len(open)-1]
			if b[i] == top+2 {
				open = open[:len(open)-1]
				i++
				continue
			}
			if b[i] != ',' {
				return false
			}
			i++
			if top == '{' {
				if i, ok = validMember(b, skipSpace(b, i)); !ok {
					return false
				}
			}
			break
		}
	}
}

// maxNesting is how many objects and arrays may be open at once, as in
// encoding/json.
const maxNesting = 10000

// validMember reads a member's name and its colon at i, and returns where
// its value may begin.
func validMember(b []byte, i int) (int, bool) {
	if i >= len(b) || b[i] != '"' {
		return 0, false
	}
	if i = skipJSONString(b, i); i < 0 {
		return 0, false
	}
	if i = skipSpace(b, i); i >= len(b) || b[i] != ':' {
		return 0, false
	}
	return i + 1, true
}

// skipJSONString returns the index past the string at i (b[i] is '"'), or
// -1 if it is not one: unterminated, a control character, a bad escape.
func skipJSONString(b []byte, i int) int {
	for i++; i < len(b); i++ {
		for i < len(b) && plainByte[b[i]] {
			i++
		}
		if i >= len(b) {
			break
		}
		switch c := b[i]; {
		case c == '"':
			return i + 1
		case c < 0x20:
			return -1
		case c == '\\':
			i++
			if i >= len(b) {
				return -1
			}
			switch b[i] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
			case 'u':
				if i+4 >= len(b) {
					return -1
				}
				for _, h := range b[i+1 : i+5] {
					if !isHex(h) {
						return -1
					}
				}
				i += 4
			default:
				return -1
			}
		}
	}
	return -1
}

// plainByte says which bytes stand for themselves in a string: all but
// control characters, '"' and '\\'.
var plainByte = func() (t [256]bool) {
	for c := 0x20; c < 256; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// skipLiteral returns the index past lit at i, or -1.
func skipLiteral(b []byte, i int, lit string) int {
	if len(b)-i < len(lit) || string(b[i:i+len(lit)]) != lit {
		return -1
	}
	return i + len(lit)
}

// skipNumber returns the index past the number at i, or -1:
// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
func skipNumber(b []byte, i int) int {
	if i < len(b) && b[i] == '-' {
		i++
	}
	switch {
	case i < len(b) && b[i] == '0':
		i++
	case i < len(b) && '1' <= b[i] && b[i] <= '9':
		i = skipDigits(b, i)
	default:
		return -1
	}
	if i < len(b) && b[i] == '.' {
		if i++; i >= len(b) || !isDigit(b[i]) {
			return -1
		}
		i = skipDigits(b, i)
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		if i++; i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		if i >= len(b) || !isDigit(b[i]) {
			return -1
		}
		i = skipDigits(b, i)
	}
	return i
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

func skipDigits(b []byte, i int) int {
	for i < len(b) && isDigit(b[i]) {
		i++
	}
	return i
}

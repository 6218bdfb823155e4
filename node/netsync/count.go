package netsync

// memberLen is how many elements the array that is member name of the JSON
// object msg holds, read in one pass without decoding anything: the
// counts of ToFetch (a versions message's versions, a want's ids). It is 0
// when msg is not an object, has no such member, the member is not an
// array, or the text breaks off; it does not otherwise check that msg is
// valid JSON (the engine drops a malformed message, 05 §4). A member given
// twice counts as the last one, as a decoder reads it; keys are compared as
// written (our engine escapes none).
func memberLen(msg []byte, name string) int {
	i := skipSpace(msg, 0)
	if i >= len(msg) || msg[i] != '{' {
		return 0
	}
	n := 0
	for i = skipSpace(msg, i+1); i < len(msg) && msg[i] == '"'; {
		end := skipString(msg, i)
		if end < 0 {
			return 0
		}
		key := msg[i+1 : end-1]
		if i = skipSpace(msg, end); i >= len(msg) || msg[i] != ':' {
			return 0
		}
		i = skipSpace(msg, i+1)
		if string(key) == name {
			if i >= len(msg) || msg[i] != '[' {
				n = 0
			} else if n = arrayLen(msg, i); n < 0 {
				return 0
			}
		}
		if i = skipValue(msg, i); i < 0 {
			return 0
		}
		if i = skipSpace(msg, i); i < len(msg) && msg[i] == ',' {
			i = skipSpace(msg, i+1)
		}
	}
	return n
}

// arrayLen counts the elements of the array at msg[i] ('['); −1 if it
// breaks off.
func arrayLen(msg []byte, i int) int {
	i = skipSpace(msg, i+1)
	if i < len(msg) && msg[i] == ']' {
		return 0
	}
	for n := 1; ; n++ {
		if i = skipValue(msg, i); i < 0 {
			return -1
		}
		if i = skipSpace(msg, i); i >= len(msg) {
			return -1
		}
		if msg[i] == ']' {
			return n
		}
		i = skipSpace(msg, i+1) // past the ','
	}
}

// skipValue returns the index just past the value at msg[i]: a string, an
// object or array (to its matching bracket), or a scalar (to the next
// delimiter); −1 if it breaks off.
func skipValue(msg []byte, i int) int {
	if i >= len(msg) {
		return -1
	}
	switch msg[i] {
	case '"':
		return skipString(msg, i)
	case '{', '[':
		depth := 0
		for ; i < len(msg); i++ {
			switch msg[i] {
			case '"':
				end := skipString(msg, i)
				if end < 0 {
					return -1
				}
				i = end - 1
			case '{', '[':
				depth++
			case '}', ']':
				if depth--; depth == 0 {
					return i + 1
				}
			}
		}
		return -1
	}
	for ; i < len(msg); i++ {
		switch msg[i] {
		case ',', '}', ']', ' ', '\t', '\n', '\r':
			return i
		}
	}
	return i
}

// skipString returns the index just past the string at msg[i] ('"'); −1 if
// it breaks off.
func skipString(msg []byte, i int) int {
	for j := i + 1; j < len(msg); j++ {
		switch msg[j] {
		case '\\':
			j++
		case '"':
			return j + 1
		}
	}
	return -1
}

func skipSpace(msg []byte, i int) int {
	for i < len(msg) {
		switch msg[i] {
		case ' ', '\t', '\n', '\r':
			i++
		default:
			return i
		}
	}
	return i
}

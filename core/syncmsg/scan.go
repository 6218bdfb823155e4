package syncmsg

import (
	"bytes"
	"math"
	"strconv"
	"unicode/utf8"

	"minca.dev/desktop/core/cjson"
)

// scanner checks JSON text by core/cjson.Parse's rules without building
// values: RFC 8259 strictly, raw bytes UTF-8, no member name twice in an
// object, nesting at most cjson.MaxDepth, numbers within binary64's range.
// A false answer is no verdict: the caller then parses with cjson, which
// gives the verdict and its error. So the scanner may give up on what is
// merely rare (a member name with an escape), never accept what cjson
// refuses (FuzzScanAgainstCjson).
type scanner struct {
	b     []byte
	i     int
	names [][]byte // member names of the objects being scanned, innermost last
}

// dupScan is how many names an object may have before they are looked up
// in a map rather than compared one by one.
const dupScan = 16

func (s *scanner) skipSpace() {
	for s.i < len(s.b) {
		switch s.b[s.i] {
		case ' ', '\t', '\n', '\r':
			s.i++
		default:
			return
		}
	}
}

// value scans one value at s.i, inside depth arrays and objects.
func (s *scanner) value(depth int) bool {
	if s.i >= len(s.b) {
		return false
	}
	switch c := s.b[s.i]; {
	case c == '{':
		return s.object(depth + 1)
	case c == '[':
		return s.array(depth + 1)
	case c == '"':
		_, ok := s.str()
		return ok
	case c == '-' || (c >= '0' && c <= '9'):
		return s.number()
	case c == 't':
		return s.literal("true")
	case c == 'f':
		return s.literal("false")
	case c == 'n':
		return s.literal("null")
	}
	return false
}

func (s *scanner) literal(word string) bool {
	if len(s.b)-s.i < len(word) || string(s.b[s.i:s.i+len(word)]) != word {
		return false
	}
	s.i += len(word)
	return true
}

func (s *scanner) array(depth int) bool {
	return s.elements(depth, nil)
}

// elements scans an array at s.i; each (if not nil) scans every element
// itself, from s.i.
func (s *scanner) elements(depth int, each func(depth int) bool) bool {
	if depth > cjson.MaxDepth {
		return false
	}
	s.i++ // [
	s.skipSpace()
	if s.i < len(s.b) && s.b[s.i] == ']' {
		s.i++
		return true
	}
	for {
		s.skipSpace()
		ok := false
		if each != nil {
			ok = each(depth)
		} else {
			ok = s.value(depth)
		}
		if !ok {
			return false
		}
		s.skipSpace()
		if s.i >= len(s.b) {
			return false
		}
		switch s.b[s.i] {
		case ',':
			s.i++
		case ']':
			s.i++
			return true
		default:
			return false
		}
	}
}

func (s *scanner) object(depth int) bool {
	return s.members(depth, nil)
}

// members scans an object at s.i, calling each (if not nil) with every
// member's name (unescaped: a name with an escape gives up) and value;
// each scans the value itself, from s.i.
func (s *scanner) members(depth int, each func(name []byte, depth int) bool) bool {
	if depth > cjson.MaxDepth {
		return false
	}
	s.i++ // {
	s.skipSpace()
	if s.i < len(s.b) && s.b[s.i] == '}' {
		s.i++
		return true
	}
	base := len(s.names)
	defer func() { s.names = s.names[:base] }()
	var seen map[string]bool
	for {
		s.skipSpace()
		if s.i >= len(s.b) || s.b[s.i] != '"' {
			return false
		}
		name, ok := s.str()
		if !ok || name == nil || !s.newName(base, name, &seen) {
			return false
		}
		s.skipSpace()
		if s.i >= len(s.b) || s.b[s.i] != ':' {
			return false
		}
		s.i++
		s.skipSpace()
		if each != nil {
			ok = each(name, depth)
		} else {
			ok = s.value(depth)
		}
		if !ok {
			return false
		}
		s.skipSpace()
		if s.i >= len(s.b) {
			return false
		}
		switch s.b[s.i] {
		case ',':
			s.i++
		case '}':
			s.i++
			return true
		default:
			return false
		}
	}
}

// newName notes name among the names of the object whose names begin at
// base; false if it came before.
func (s *scanner) newName(base int, name []byte, seen *map[string]bool) bool {
	if *seen != nil {
		if (*seen)[string(name)] {
			return false
		}
		(*seen)[string(name)] = true
		return true
	}
	for _, n := range s.names[base:] {
		if bytes.Equal(n, name) {
			return false
		}
	}
	s.names = append(s.names, name)
	if len(s.names)-base > dupScan {
		*seen = make(map[string]bool, 2*dupScan)
		for _, n := range s.names[base:] {
			(*seen)[string(n)] = true
		}
	}
	return true
}

// str scans a string literal at s.i. It returns the bytes between the
// quotes when they hold no escape (they are then the string itself), nil
// when they do.
func (s *scanner) str() ([]byte, bool) {
	s.i++ // opening quote
	start, plain := s.i, true
	for s.i < len(s.b) {
		c := s.b[s.i]
		if plainByte[c] {
			s.i++
			continue
		}
		switch {
		case c == '"':
			s.i++
			if !plain {
				return nil, true
			}
			return s.b[start : s.i-1 : s.i-1], true
		case c == '\\':
			if !s.escape() {
				return nil, false
			}
			plain = false
		case c < 0x20:
			return nil, false
		case c < utf8.RuneSelf:
			s.i++
		default:
			r, size := utf8.DecodeRune(s.b[s.i:])
			if r == utf8.RuneError && size == 1 {
				return nil, false
			}
			s.i += size
		}
	}
	return nil, false
}

// plainByte marks the bytes a string holds as they are: printable ASCII
// but the quote and the backslash.
var plainByte = func() (t [256]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// escape scans one escape at s.i: cjson reads every \uXXXX, surrogates
// paired or not.
func (s *scanner) escape() bool {
	if s.i+1 >= len(s.b) {
		return false
	}
	switch s.b[s.i+1] {
	case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
		s.i += 2
		return true
	case 'u':
		if s.i+6 > len(s.b) {
			return false
		}
		for _, c := range s.b[s.i+2 : s.i+6] {
			if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
				return false
			}
		}
		s.i += 6
		return true
	}
	return false
}

// number scans -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?, refusing
// one that overflows binary64 as cjson does.
func (s *scanner) number() bool {
	start := s.i
	if s.b[s.i] == '-' {
		s.i++
	}
	switch {
	case s.i < len(s.b) && s.b[s.i] == '0':
		s.i++
	case s.i < len(s.b) && s.b[s.i] >= '1' && s.b[s.i] <= '9':
		s.digits()
	default:
		return false
	}
	intEnd := s.i
	if s.i < len(s.b) && s.b[s.i] == '.' {
		s.i++
		if s.digits() == 0 {
			return false
		}
	}
	if s.i < len(s.b) && (s.b[s.i] == 'e' || s.b[s.i] == 'E') {
		s.i++
		if s.i < len(s.b) && (s.b[s.i] == '+' || s.b[s.i] == '-') {
			s.i++
		}
		if s.digits() == 0 {
			return false
		}
	} else if intEnd-start <= 300 {
		return true // no exponent and fewer than 300 digits: within range
	}
	f, err := strconv.ParseFloat(string(s.b[start:s.i]), 64)
	return err == nil || !math.IsInf(f, 0)
}

func (s *scanner) digits() int {
	n := 0
	for s.i < len(s.b) && s.b[s.i] >= '0' && s.b[s.i] <= '9' {
		s.i++
		n++
	}
	return n
}

package syncmsg

import (
	"bytes"
	"math"
	"strconv"

	"minca.dev/desktop/core/cjson"
)

// versionsPrefix is how Marshal begins every versions message: Parse reads
// such a message with the scanner, keeping each entry's bytes, rather than
// build a map for every version (parseVersionsRaw).
const versionsPrefix = `{"v":8,"type":"versions",`

// parseVersionsRaw reads a versions message as parseVersions reads it, each
// entry kept as its bytes (RawJSON) rather than parsed: ok false gives up,
// and the caller parses the message with cjson instead, which refuses it
// with the error of old or reads it alike (FuzzVersionsRawAgainstMaps).
func parseVersionsRaw(b []byte) (msg *Versions, ok bool) {
	s := scanner{b: b}
	s.skipSpace()
	if s.i >= len(b) || b[s.i] != '{' {
		return nil, false
	}
	var v, typ, id []byte
	var entries []any
	var heads []Head
	isArray := false
	ok = s.members(0+1, func(name []byte, depth int) bool {
		at := s.i
		if string(name) == "versions" && s.i < len(b) && b[s.i] == '[' {
			isArray = true
			entries, heads = make([]any, 0, MaxVersions), make([]Head, 0, MaxVersions)
			return s.elements(depth+1, func(depth int) bool {
				at := s.i
				h, ok := s.entry(depth)
				entries, heads = append(entries, RawJSON(b[at:s.i])), append(heads, h)
				return ok
			})
		}
		if !s.value(depth) {
			return false
		}
		switch string(name) {
		case "v":
			v = b[at:s.i]
		case "type":
			typ = b[at:s.i]
		case "id":
			id = b[at:s.i]
		}
		return true
	})
	s.skipSpace()
	if !ok || s.i != len(b) || !isArray || !isNumber(v, Version) || string(typ) != `"`+TypeVersions+`"` {
		return nil, false
	}
	m := &Versions{Versions: entries, Heads: heads}
	if id != nil {
		n, ok := safeID(id)
		if !ok {
			return nil, false
		}
		m.ID, m.HasID = n, true
	} else if len(entries) > MaxVersions {
		m.Versions, m.Heads = entries[:MaxVersions], heads[:MaxVersions]
	}
	return m, true
}

// entry scans one entry of a versions message at s.i, reading its head as
// it goes (EntryHead).
func (s *scanner) entry(depth int) (Head, bool) {
	var h Head
	if s.i >= len(s.b) || s.b[s.i] != '{' {
		return h, s.value(depth)
	}
	h.Object = true
	ok := s.members(depth+1, func(name []byte, depth int) bool {
		at := s.i
		if !s.value(depth) {
			return false
		}
		switch string(name) {
		case "id":
			h.ID, h.HasID = stringValue(s.b[at:s.i])
		case "collection":
			h.Collection, h.HasCollection = stringValue(s.b[at:s.i])
		}
		return true
	})
	return h, ok
}

// isNumber says whether the JSON value b is a number equal to n.
func isNumber(b []byte, n float64) bool {
	if len(b) == 0 || !(b[0] == '-' || b[0] >= '0' && b[0] <= '9') {
		return false
	}
	f, err := strconv.ParseFloat(string(b), 64)
	return err == nil && f == n
}

// safeID reads the JSON value b as readID does: a number that is a
// non-negative safe integer.
func safeID(b []byte) (uint64, bool) {
	if len(b) == 0 || !(b[0] == '-' || b[0] >= '0' && b[0] <= '9') {
		return 0, false
	}
	f, err := strconv.ParseFloat(string(b), 64)
	if err != nil || f < 0 || f > MaxID || f != math.Trunc(f) {
		return 0, false
	}
	return uint64(f), true
}

// rawEntries writes the entries of a versions message cjson parsed as
// RawJSON, as parseVersionsRaw gives them.
func rawEntries(list []any) ([]any, error) {
	out := make([]any, len(list))
	for i, e := range list {
		b, err := cjson.Marshal(e)
		if err != nil {
			return nil, err
		}
		out[i] = RawJSON(b)
	}
	return out, nil
}

// Head is what the intake needs of an entry before it parses it (05 §8
// steps 1 and 2): whether it is an object, and its id and collection when
// they are strings.
type Head struct {
	Object               bool
	ID, Collection       string
	HasID, HasCollection bool
}

// EntryHead reads the head of entry, a JSON value as Parse gives it in a
// versions message. Its answer for bytes that are not JSON is of no use,
// but it returns one.
func EntryHead(entry RawJSON) Head {
	var h Head
	s := scanner{b: entry}
	if len(entry) == 0 || entry[0] != '{' {
		return h
	}
	h.Object = true
	s.i = 1
	for {
		s.skipSpace()
		if s.i >= len(entry) || entry[s.i] != '"' {
			return h
		}
		nameAt := s.i
		name, ok := s.str()
		if !ok {
			return h
		}
		if name == nil { // an escaped name: cjson unescapes it
			var err error
			if name, err = unescape(entry[nameAt:s.i]); err != nil {
				return h
			}
		}
		s.skipSpace()
		if s.i >= len(entry) || entry[s.i] != ':' {
			return h
		}
		s.i++
		s.skipSpace()
		at := s.i
		if !skipValue(&s) {
			return h
		}
		switch string(name) {
		case "id":
			h.ID, h.HasID = stringValue(entry[at:s.i])
		case "collection":
			h.Collection, h.HasCollection = stringValue(entry[at:s.i])
		}
		s.skipSpace()
		if s.i >= len(entry) || entry[s.i] != ',' {
			return h
		}
		s.i++
	}
}

// skipValue moves s past the value at s.i, which is taken to be JSON: it
// only matches brackets outside strings.
func skipValue(s *scanner) bool {
	nest := 0
	for s.i < len(s.b) {
		switch s.b[s.i] {
		case '"':
			if _, ok := s.str(); !ok {
				return false
			}
			if nest == 0 {
				return true
			}
			continue
		case '{', '[':
			nest++
		case '}', ']':
			if nest == 0 {
				return true // the end of the object holding a scalar
			}
			if nest--; nest == 0 {
				s.i++
				return true
			}
		case ',', ' ', '\t', '\n', '\r', ':':
			if nest == 0 {
				return true
			}
		}
		s.i++
	}
	return nest == 0
}

// stringValue reads the JSON value b as a string, unescaped as cjson does.
func stringValue(b []byte) (string, bool) {
	if len(b) < 2 || b[0] != '"' {
		return "", false
	}
	if bytes.IndexByte(b, '\\') < 0 {
		return string(b[1 : len(b)-1]), true
	}
	s, err := unescape(b)
	return string(s), err == nil
}

// unescape reads a string literal with escapes as cjson does.
func unescape(lit []byte) ([]byte, error) {
	v, err := cjson.Parse(lit)
	if err != nil {
		return nil, err
	}
	s, _ := v.(string)
	return []byte(s), nil
}

package handshake

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"unicode/utf8"

	"minca.dev/desktop/core/cjson"
)

// Sentinel errors a caller branches on.
var (
	// ErrMalformed: bytes that are not a frame of the expected form.
	ErrMalformed = errors.New("malformed frame")
	// ErrSignature: a signature that does not verify.
	ErrSignature = errors.New("bad signature")
	// ErrPin: a node that is not the one its URL pins (04 §5.2).
	ErrPin = errors.New("node is not the pinned DID")
	// ErrNotReader: a read proof that admits nobody (04 §6.3).
	ErrNotReader = errors.New("not a reader of this space")
)

// object reads b as exactly one JSON object of at most max bytes, valid
// UTF-8, no member twice, nothing after it; values stay raw, as slices of b
// (not copies). b is checked whole once (validJSON), then split into its
// members by one plain pass: a sync frame carries up to 32,000 bytes of
// versions, and a decoder went over them three times.
func object(b []byte, max int) (map[string]json.RawMessage, error) {
	if len(b) > max {
		return nil, fmt.Errorf("%w: %d bytes, at most %d", ErrMalformed, len(b), max)
	}
	if !utf8.Valid(b) {
		return nil, fmt.Errorf("%w: not UTF-8", ErrMalformed)
	}
	if !validJSON(b) {
		return nil, fmt.Errorf("%w: not one JSON value", ErrMalformed)
	}
	i := skipSpace(b, 0)
	if b[i] != '{' {
		return nil, fmt.Errorf("%w: not a JSON object", ErrMalformed)
	}
	m := map[string]json.RawMessage{}
	for i = skipSpace(b, i+1); b[i] == '"'; {
		end := valueEnd(b, i)
		k, err := memberName(b[i:end])
		if err != nil {
			return nil, err
		}
		if _, dup := m[k]; dup {
			return nil, fmt.Errorf("%w: member %q twice", ErrMalformed, k)
		}
		i = skipSpace(b, skipSpace(b, end)+1) // past the ':'
		end = valueEnd(b, i)
		m[k] = json.RawMessage(b[i:end:end])
		if i = skipSpace(b, end); b[i] == ',' {
			i = skipSpace(b, i+1)
		}
	}
	return m, nil
}

// memberName is the text of a member name, a JSON string.
func memberName(q []byte) (string, error) {
	if bytes.IndexByte(q, '\\') < 0 {
		return string(q[1 : len(q)-1]), nil
	}
	var k string
	if err := json.Unmarshal(q, &k); err != nil {
		return "", fmt.Errorf("%w: %v", ErrMalformed, err)
	}
	return k, nil
}

// valueEnd is the index just past the value at b[i] in valid JSON.
func valueEnd(b []byte, i int) int {
	depth := 0
	for j := i; j < len(b); j++ {
		switch b[j] {
		case '"':
			j++
			for b[j] != '"' {
				if b[j] == '\\' {
					j++
				}
				j++
			}
			if depth == 0 {
				return j + 1
			}
		case '{', '[':
			depth++
		case '}', ']':
			if depth == 0 {
				return j
			}
			if depth--; depth == 0 {
				return j + 1
			}
		case ',', ' ', '\t', '\n', '\r':
			if depth == 0 {
				return j
			}
		}
	}
	return len(b)
}

func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// str reads member k of m as a JSON string; absent gives ok false.
func str(m map[string]json.RawMessage, k string) (s string, ok bool, err error) {
	raw, ok := m[k]
	if !ok {
		return "", false, nil
	}
	if err := json.Unmarshal(raw, &s); err != nil {
		return "", true, fmt.Errorf("%w: %s is not a string", ErrMalformed, k)
	}
	return s, true, nil
}

// need reads required string member k.
func need(m map[string]json.RawMessage, k string) (string, error) {
	s, ok, err := str(m, k)
	if err == nil && !ok {
		err = fmt.Errorf("%w: no %s", ErrMalformed, k)
	}
	return s, err
}

// field is one member of an object written in a fixed order.
type field struct {
	k string
	v any // a string, or json.RawMessage written as is
}

// write writes the fields as a JSON object in their order, skipping empty
// strings (absent optional members).
func write(fs ...field) ([]byte, error) {
	var b bytes.Buffer
	size := 2
	for _, f := range fs {
		if raw, ok := f.v.(json.RawMessage); ok {
			size += len(raw)
		}
		size += len(f.k) + 64 // the name, quotes and a short string value
	}
	b.Grow(size) // a sync payload carries up to 200 versions: grown once, not doubled
	b.WriteByte('{')
	n := 0
	for _, f := range fs {
		var v []byte
		switch x := f.v.(type) {
		case string:
			if x == "" {
				continue
			}
			s, err := cjson.Marshal(x)
			if err != nil {
				return nil, err
			}
			v = s
		case json.RawMessage:
			if x == nil {
				continue
			}
			v = x
		default:
			return nil, fmt.Errorf("handshake: cannot write %T", f.v)
		}
		if n > 0 {
			b.WriteByte(',')
		}
		k, _ := cjson.Marshal(f.k)
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
		n++
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

package handshake

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
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
// UTF-8, no member twice, nothing after it; values stay raw.
func object(b []byte, max int) (map[string]json.RawMessage, error) {
	if len(b) > max {
		return nil, fmt.Errorf("%w: %d bytes, at most %d", ErrMalformed, len(b), max)
	}
	if !utf8.Valid(b) {
		return nil, fmt.Errorf("%w: not UTF-8", ErrMalformed)
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil, fmt.Errorf("%w: not a JSON object", ErrMalformed)
	}
	m := map[string]json.RawMessage{}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil, fmt.Errorf("%w: %v", ErrMalformed, err)
		}
		k, _ := t.(string)
		if _, dup := m[k]; dup {
			return nil, fmt.Errorf("%w: member %q twice", ErrMalformed, k)
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, fmt.Errorf("%w: member %q: %v", ErrMalformed, k, err)
		}
		m[k] = v
	}
	if _, err := dec.Token(); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrMalformed, err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("%w: data after the object", ErrMalformed)
	}
	return m, nil
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

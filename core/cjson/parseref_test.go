package cjson

// The parser as it was before objects were made at their size (member
// stack) and common names shared: FuzzParseAgainstRef holds Parse to it,
// so that both accept and refuse exactly the same texts and read the same
// values.

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
)

func refParse(b []byte) (any, error) {
	p := refParser{b: b}
	p.skipSpace()
	v, err := p.value(0)
	if err != nil {
		return nil, err
	}
	p.skipSpace()
	if p.i != len(p.b) {
		return nil, p.errorf("trailing data")
	}
	return v, nil
}

type refParser struct {
	b []byte
	i int
}

func (p *refParser) errorf(format string, args ...any) error {
	return fmt.Errorf("%w at byte %d: %s", ErrSyntax, p.i, fmt.Sprintf(format, args...))
}

func (p *refParser) skipSpace() {
	for p.i < len(p.b) {
		switch p.b[p.i] {
		case ' ', '\t', '\n', '\r':
			p.i++
		default:
			return
		}
	}
}

func (p *refParser) value(depth int) (any, error) {
	if p.i >= len(p.b) {
		return nil, p.errorf("unexpected end of input")
	}
	switch c := p.b[p.i]; {
	case c == '{':
		return p.object(depth + 1)
	case c == '[':
		return p.array(depth + 1)
	case c == '"':
		return p.string()
	case c == '-' || (c >= '0' && c <= '9'):
		return p.number()
	}
	for _, lit := range [...]struct {
		word string
		v    any
	}{{"true", true}, {"false", false}, {"null", nil}} {
		if len(p.b)-p.i >= len(lit.word) && string(p.b[p.i:p.i+len(lit.word)]) == lit.word {
			p.i += len(lit.word)
			return lit.v, nil
		}
	}
	return nil, p.errorf("unexpected byte 0x%02x", p.b[p.i])
}

func (p *refParser) array(depth int) (any, error) {
	if depth > MaxDepth {
		return nil, fmt.Errorf("%w at byte %d", ErrTooDeep, p.i)
	}
	p.i++ // [
	out := []any{}
	p.skipSpace()
	if p.i < len(p.b) && p.b[p.i] == ']' {
		p.i++
		return out, nil
	}
	for {
		p.skipSpace()
		v, err := p.value(depth)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
		p.skipSpace()
		if p.i >= len(p.b) {
			return nil, p.errorf("unterminated array")
		}
		switch p.b[p.i] {
		case ',':
			p.i++
		case ']':
			p.i++
			return out, nil
		default:
			return nil, p.errorf("expected , or ] in array")
		}
	}
}

func (p *refParser) object(depth int) (any, error) {
	if depth > MaxDepth {
		return nil, fmt.Errorf("%w at byte %d", ErrTooDeep, p.i)
	}
	p.i++ // {
	out := map[string]any{}
	p.skipSpace()
	if p.i < len(p.b) && p.b[p.i] == '}' {
		p.i++
		return out, nil
	}
	for {
		p.skipSpace()
		if p.i >= len(p.b) || p.b[p.i] != '"' {
			return nil, p.errorf("expected member name")
		}
		at := p.i
		k, err := p.string()
		if err != nil {
			return nil, err
		}
		if _, dup := out[k]; dup {
			return nil, fmt.Errorf("%w at byte %d: %q", ErrDuplicateKey, at, k)
		}
		p.skipSpace()
		if p.i >= len(p.b) || p.b[p.i] != ':' {
			return nil, p.errorf("expected : after member name")
		}
		p.i++
		p.skipSpace()
		v, err := p.value(depth)
		if err != nil {
			return nil, err
		}
		out[k] = v
		p.skipSpace()
		if p.i >= len(p.b) {
			return nil, p.errorf("unterminated object")
		}
		switch p.b[p.i] {
		case ',':
			p.i++
		case '}':
			p.i++
			return out, nil
		default:
			return nil, p.errorf("expected , or } in object")
		}
	}
}

// number reads -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)? and rounds it
// to binary64 as JSON.parse does. Overflow to ±Infinity is refused.
func (p *refParser) number() (any, error) {
	start := p.i
	if p.b[p.i] == '-' {
		p.i++
	}
	switch {
	case p.i < len(p.b) && p.b[p.i] == '0':
		p.i++
	case p.i < len(p.b) && p.b[p.i] >= '1' && p.b[p.i] <= '9':
		p.digits()
	default:
		return nil, p.errorf("bad number")
	}
	if p.i < len(p.b) && p.b[p.i] == '.' {
		p.i++
		if p.digits() == 0 {
			return nil, p.errorf("bad number: no digits after point")
		}
	}
	if p.i < len(p.b) && (p.b[p.i] == 'e' || p.b[p.i] == 'E') {
		p.i++
		if p.i < len(p.b) && (p.b[p.i] == '+' || p.b[p.i] == '-') {
			p.i++
		}
		if p.digits() == 0 {
			return nil, p.errorf("bad number: no exponent digits")
		}
	}
	f, err := strconv.ParseFloat(string(p.b[start:p.i]), 64)
	if err != nil && !(errors.Is(err, strconv.ErrRange) && !math.IsInf(f, 0)) {
		return nil, fmt.Errorf("%w at byte %d: number %q out of range", ErrNumber, start, p.b[start:p.i])
	}
	return f, nil
}

func (p *refParser) digits() int {
	n := 0
	for p.i < len(p.b) && p.b[p.i] >= '0' && p.b[p.i] <= '9' {
		p.i++
		n++
	}
	return n
}

// string reads a string literal. Raw bytes must be UTF-8 and at least
// U+0020; a \uXXXX high surrogate followed by a \uXXXX low one is one
// character, and any other surrogate escape becomes its WTF-8 bytes.
func (p *refParser) string() (string, error) {
	p.i++ // opening quote
	// Fast path: printable ASCII up to the closing quote needs no copy work.
	for j := p.i; j < len(p.b); j++ {
		c := p.b[j]
		if c == '"' {
			s := string(p.b[p.i:j])
			p.i = j + 1
			return s, nil
		}
		if c == '\\' || c < 0x20 || c >= utf8.RuneSelf {
			break
		}
	}
	var out []byte
	for {
		if p.i >= len(p.b) {
			return "", p.errorf("unterminated string")
		}
		c := p.b[p.i]
		switch {
		case c == '"':
			p.i++
			return string(out), nil
		case c == '\\':
			var err error
			if out, err = p.escape(out); err != nil {
				return "", err
			}
		case c < 0x20:
			return "", p.errorf("control character 0x%02x in string", c)
		case c < utf8.RuneSelf:
			out = append(out, c)
			p.i++
		default:
			r, size := utf8.DecodeRune(p.b[p.i:])
			if r == utf8.RuneError && size == 1 {
				return "", p.errorf("invalid UTF-8 in string")
			}
			out = append(out, p.b[p.i:p.i+size]...)
			p.i += size
		}
	}
}

// refSimpleEscapes maps the byte after a backslash to the byte it stands for.
var refSimpleEscapes = map[byte]byte{'"': '"', '\\': '\\', '/': '/', 'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t'}

func (p *refParser) escape(out []byte) ([]byte, error) {
	if p.i+1 >= len(p.b) {
		return nil, p.errorf("unterminated escape")
	}
	if c, ok := refSimpleEscapes[p.b[p.i+1]]; ok {
		p.i += 2
		return append(out, c), nil
	}
	r, ok := p.hex4(p.i)
	if !ok {
		return nil, p.errorf("bad escape")
	}
	p.i += 6
	if isHighSurrogate(r) {
		if lo, ok := p.hex4(p.i); ok && isLowSurrogate(lo) {
			p.i += 6
			return utf8.AppendRune(out, utf16.DecodeRune(r, lo)), nil
		}
	}
	if r >= 0xD800 && r <= 0xDFFF { // unpaired: WTF-8
		return append(out, 0xED, 0x80|byte(r>>6&0x3F), 0x80|byte(r&0x3F)), nil
	}
	return utf8.AppendRune(out, r), nil
}

// hex4 reads the escape \uXXXX at b[at:], in either case of hex.
func (p *refParser) hex4(at int) (rune, bool) {
	if at+6 > len(p.b) || p.b[at] != '\\' || p.b[at+1] != 'u' {
		return 0, false
	}
	var r rune
	for _, c := range p.b[at+2 : at+6] {
		var d byte
		switch {
		case c >= '0' && c <= '9':
			d = c - '0'
		case c >= 'a' && c <= 'f':
			d = c - 'a' + 10
		case c >= 'A' && c <= 'F':
			d = c - 'A' + 10
		default:
			return 0, false
		}
		r = r<<4 | rune(d)
	}
	return r, true
}

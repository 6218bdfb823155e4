package policy

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"minca.dev/desktop/core/cjson"
)

// Selector is a parsed jq-like selector (UCAN 1.0, replay-readings A17):
// "." (the subject itself), then steps ".name", ".[\"key\"]", "[\"key\"]",
// "[i]", "[-i]", "[a:b]" (lists only), "[]" (every element of a list, or
// every value of a map; the rest of the selector is applied to each), each
// optionally followed by "?" (no data becomes null).
type Selector struct {
	text  string
	steps []step
}

type stepKind int

const (
	stepField stepKind = iota
	stepIndex
	stepSlice
	stepEach
)

type step struct {
	kind     stepKind
	name     string
	index    int
	from, to *int
	optional bool
}

// MaxSelectorLen bounds a selector's text (our limit; 01 §7.4 names none).
const MaxSelectorLen = 1024

// ErrSelector is wrapped by every selector parse error.
var ErrSelector = errors.New("malformed selector")

// String gives the selector as it was written.
func (s Selector) String() string { return s.text }

// ParseSelector reads a selector's text.
func ParseSelector(text string) (Selector, error) {
	if len(text) > MaxSelectorLen {
		return Selector{}, fmt.Errorf("%w: longer than %d bytes", ErrSelector, MaxSelectorLen)
	}
	if !strings.HasPrefix(text, ".") {
		return Selector{}, fmt.Errorf("%w %q: must start with \".\"", ErrSelector, text)
	}
	sel := Selector{text: text}
	if text == "." {
		return sel, nil
	}
	p := &selParser{s: text}
	for p.i < len(p.s) {
		st, err := p.next()
		if err != nil {
			return Selector{}, fmt.Errorf("%w %q at %d: %v", ErrSelector, text, p.i, err)
		}
		sel.steps = append(sel.steps, st)
	}
	return sel, nil
}

type selParser struct {
	s string
	i int
}

func (p *selParser) next() (step, error) {
	var st step
	var err error
	switch {
	case strings.HasPrefix(p.s[p.i:], ".["):
		p.i++
		st, err = p.bracket()
	case p.s[p.i] == '.':
		p.i++
		st, err = p.field()
	case p.s[p.i] == '[':
		st, err = p.bracket()
	default:
		return st, fmt.Errorf("unexpected %q", p.s[p.i])
	}
	if err != nil {
		return st, err
	}
	if p.i < len(p.s) && p.s[p.i] == '?' {
		st.optional = true
		p.i++
	}
	return st, nil
}

func isIdentStart(c byte) bool {
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
}

func isIdentChar(c byte) bool { return isIdentStart(c) || (c >= '0' && c <= '9') }

func (p *selParser) field() (step, error) {
	start := p.i
	if p.i >= len(p.s) || !isIdentStart(p.s[p.i]) {
		return step{}, errors.New("a field name must follow \".\"")
	}
	for p.i < len(p.s) && isIdentChar(p.s[p.i]) {
		p.i++
	}
	return step{kind: stepField, name: p.s[start:p.i]}, nil
}

func (p *selParser) bracket() (step, error) {
	p.i++ // '['
	end := strings.IndexByte(p.s[p.i:], ']')
	if p.i < len(p.s) && p.s[p.i] == '"' {
		return p.quoted()
	}
	if end < 0 {
		return step{}, errors.New("unterminated [")
	}
	inner := p.s[p.i : p.i+end]
	p.i += end + 1
	if inner == "" {
		return step{kind: stepEach}, nil
	}
	if a, b, ok := strings.Cut(inner, ":"); ok {
		from, err := optInt(a)
		if err != nil {
			return step{}, err
		}
		to, err := optInt(b)
		if err != nil {
			return step{}, err
		}
		return step{kind: stepSlice, from: from, to: to}, nil
	}
	n, err := parseInt(inner)
	if err != nil {
		return step{}, err
	}
	return step{kind: stepIndex, index: n}, nil
}

// quoted reads ["key"]: a JSON string then ']'.
func (p *selParser) quoted() (step, error) {
	j := p.i + 1
	for j < len(p.s) && p.s[j] != '"' {
		if p.s[j] == '\\' {
			j++
		}
		j++
	}
	if j >= len(p.s) {
		return step{}, errors.New("unterminated string")
	}
	v, err := cjson.Parse([]byte(p.s[p.i : j+1])) // as the policy's own strings
	name, ok := v.(string)
	if err != nil || !ok {
		return step{}, fmt.Errorf("bad string: %v", err)
	}
	p.i = j + 1
	if p.i >= len(p.s) || p.s[p.i] != ']' {
		return step{}, errors.New("expected ] after string")
	}
	p.i++
	return step{kind: stepField, name: name}, nil
}

func optInt(s string) (*int, error) {
	if s == "" {
		return nil, nil
	}
	n, err := parseInt(s)
	return &n, err
}

// parseInt reads a decimal integer: an optional "-", then digits, no
// leading zeros, at most 9 digits.
func parseInt(s string) (int, error) {
	digits := strings.TrimPrefix(s, "-")
	if digits == "" || len(digits) > 9 || (len(digits) > 1 && digits[0] == '0') {
		return 0, fmt.Errorf("bad index %q", s)
	}
	for _, c := range digits {
		if c < '0' || c > '9' {
			return 0, fmt.Errorf("bad index %q", s)
		}
	}
	return strconv.Atoi(s)
}

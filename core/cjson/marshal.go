package cjson

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
)

// Errors a caller may branch on. Every error this package returns wraps one
// of them.
var (
	ErrNumber        = errors.New("cjson: number is NaN or infinite")
	ErrUnsafeInteger = errors.New("cjson: integer outside ±(2^53−1)")
	ErrInvalidString = errors.New("cjson: string is not UTF-8 (or WTF-8 lone surrogates)")
	ErrDuplicateKey  = errors.New("cjson: duplicate member name")
	ErrUnsupported   = errors.New("cjson: unsupported Go value")
	ErrSyntax        = errors.New("cjson: syntax error")
	ErrTooDeep       = errors.New("cjson: nesting too deep")
)

// Marshal returns the canonical JSON of v.
//
// v is built from nil, bool, float64, string, []any and map[string]any (what
// Parse returns). Marshal also takes the other Go integer and float kinds
// (integers must be safe: |i| ≤ 2^53−1), slices, arrays and maps with string
// keys of those, pointers to them, json.RawMessage (parsed strictly, then
// written canonically) and json.Number. Structs and other json.Marshaler
// values go through encoding/json and then Parse, so they get JavaScript's
// number rounding like any other JSON text.
func Marshal(v any) ([]byte, error) {
	return appendValue(make([]byte, 0, 128), v, 0)
}

// AppendValue appends the canonical JSON of v to dst, as Marshal writes
// it, for a value at nesting depth depth (0: a whole text; a member of a
// top-level object: 1). It lets a caller that knows an object's member
// names in order write the object itself, member by member (AppendString
// for the names), without building a map.
func AppendValue(dst []byte, v any, depth int) ([]byte, error) {
	return appendValue(dst, v, depth)
}

// AppendString appends s as canonical JSON writes a string.
func AppendString(dst []byte, s string) ([]byte, error) { return appendString(dst, s) }

// smallObject is how many member names an object may have for Marshal to
// gather them without allocating.
const smallObject = 16

func appendValue(dst []byte, v any, depth int) ([]byte, error) {
	if depth > MaxDepth {
		return dst, ErrTooDeep
	}
	switch x := v.(type) {
	case nil:
		return append(dst, "null"...), nil
	case bool:
		if x {
			return append(dst, "true"...), nil
		}
		return append(dst, "false"...), nil
	case float64:
		return appendNumber(dst, x)
	case string:
		return appendString(dst, x)
	case []any:
		return appendArray(dst, len(x), func(i int) any { return x[i] }, depth)
	case map[string]any:
		var names [smallObject]string // most objects: no allocation for their names
		keys := names[:0]
		for k := range x {
			keys = append(keys, k)
		}
		return appendObject(dst, keys, func(k string) any { return x[k] }, depth)
	case int:
		return appendInt(dst, int64(x))
	case int64:
		return appendInt(dst, x)
	case uint64:
		return appendUint(dst, x)
	case json.RawMessage:
		return appendRaw(dst, x, depth)
	case json.Number:
		return appendRaw(dst, []byte(x), depth)
	case []byte:
		return dst, fmt.Errorf("%w: []byte (encode it as base64url first)", ErrUnsupported)
	case json.Marshaler:
		if rv := reflect.ValueOf(v); rv.Kind() == reflect.Pointer && rv.IsNil() {
			return append(dst, "null"...), nil
		}
		raw, err := x.MarshalJSON()
		if err != nil {
			return dst, fmt.Errorf("cjson: %T: %w", v, err)
		}
		return appendRaw(dst, raw, depth)
	}
	return appendReflect(dst, reflect.ValueOf(v), depth)
}

func appendRaw(dst, raw []byte, depth int) ([]byte, error) {
	p, err := Parse(raw)
	if err != nil {
		return dst, err
	}
	return appendValue(dst, p, depth)
}

func appendArray(dst []byte, n int, at func(int) any, depth int) ([]byte, error) {
	dst = append(dst, '[')
	for i := 0; i < n; i++ {
		if i > 0 {
			dst = append(dst, ',')
		}
		var err error
		if dst, err = appendValue(dst, at(i), depth+1); err != nil {
			return dst, err
		}
	}
	return append(dst, ']'), nil
}

// appendObject writes the members named by keys in UTF-16 code-unit order.
// Two names with the same code units (a surrogate pair spelled as two WTF-8
// triples and as one UTF-8 character) are one name twice: refused.
func appendObject(dst []byte, keys []string, at func(string) any, depth int) ([]byte, error) {
	slices.SortFunc(keys, CompareUTF16)
	dst = append(dst, '{')
	for i, k := range keys {
		if i > 0 {
			dst = append(dst, ',')
		}
		var err error
		if dst, err = appendString(dst, k); err != nil {
			return dst, fmt.Errorf("member name: %w", err)
		}
		if i > 0 && CompareUTF16(keys[i-1], k) == 0 {
			return dst, fmt.Errorf("%w: %q", ErrDuplicateKey, k)
		}
		dst = append(dst, ':')
		if dst, err = appendValue(dst, at(k), depth+1); err != nil {
			return dst, err
		}
	}
	return append(dst, '}'), nil
}

func mapKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	return keys
}

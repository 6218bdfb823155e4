package cjson

import (
	"encoding/json"
	"fmt"
	"reflect"
)

// appendReflect handles the Go values Marshal takes beyond the JSON data
// model's own types: other numeric kinds, typed slices and maps, pointers,
// and (through encoding/json) structs.
func appendReflect(dst []byte, rv reflect.Value, depth int) ([]byte, error) {
	switch rv.Kind() {
	case reflect.Bool:
		return appendValue(dst, rv.Bool(), depth)
	case reflect.String:
		return appendString(dst, rv.String())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return appendInt(dst, rv.Int())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return appendUint(dst, rv.Uint())
	case reflect.Float32, reflect.Float64:
		return appendNumber(dst, rv.Float())
	case reflect.Pointer, reflect.Interface:
		if rv.IsNil() {
			return append(dst, "null"...), nil
		}
		return appendValue(dst, rv.Elem().Interface(), depth)
	case reflect.Slice:
		if rv.IsNil() {
			return append(dst, "null"...), nil // as encoding/json writes a nil slice
		}
		return appendArray(dst, rv.Len(), func(i int) any { return rv.Index(i).Interface() }, depth)
	case reflect.Array:
		return appendArray(dst, rv.Len(), func(i int) any { return rv.Index(i).Interface() }, depth)
	case reflect.Map:
		return appendMap(dst, rv, depth)
	case reflect.Struct:
		raw, err := json.Marshal(rv.Interface())
		if err != nil {
			return dst, fmt.Errorf("cjson: %s: %w", rv.Type(), err)
		}
		return appendRaw(dst, raw, depth)
	}
	return dst, fmt.Errorf("%w: %s", ErrUnsupported, rv.Type())
}

func appendMap(dst []byte, rv reflect.Value, depth int) ([]byte, error) {
	if rv.Type().Key().Kind() != reflect.String {
		return dst, fmt.Errorf("%w: map key %s", ErrUnsupported, rv.Type().Key())
	}
	if rv.IsNil() {
		return append(dst, "null"...), nil
	}
	keys := make([]string, 0, rv.Len())
	vals := make(map[string]any, rv.Len())
	for it := rv.MapRange(); it.Next(); {
		k := it.Key().String()
		keys = append(keys, k)
		vals[k] = it.Value().Interface()
	}
	return appendObject(dst, keys, func(k string) any { return vals[k] }, depth)
}

package cjson

import "fmt"

// Kind names the JSON type of a value Parse returns, for error messages:
// "null", "a boolean", "a number", "a string", "a list", "an object"; any
// other Go value is named by its type ("a int").
func Kind(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "a boolean"
	case float64:
		return "a number"
	case string:
		return "a string"
	case []any:
		return "a list"
	case map[string]any:
		return "an object"
	}
	return fmt.Sprintf("a %T", v)
}

package definition

import (
	"math"
	"slices"
)

// schemaTypes are the values of type (§6.2).
var schemaTypes = []string{"object", "array", "string", "number", "integer", "boolean", "null"}

// schemaKeywords checks each keyword of the publishing subset (§6.2).
var schemaKeywords map[string]func(path string, x any) error

func init() {
	schemaKeywords = map[string]func(string, any) error{
		"type":                 checkType,
		"properties":           checkProperties,
		"required":             func(p string, x any) error { _, err := strList(p, x); return err },
		"items":                checkSchemaAt,
		"enum":                 nonEmptyList,
		"const":                func(string, any) error { return nil },
		"minimum":              finite,
		"maximum":              finite,
		"minLength":            finite,
		"maxLength":            finite,
		"minItems":             finite,
		"maxItems":             finite,
		"additionalProperties": boolean,
		"title":                func(p string, x any) error { _, err := str(p, x); return err },
		"description":          func(p string, x any) error { _, err := str(p, x); return err },
		"oneOf":                checkOneOf,
		"x-choicesFrom":        checkChoicesFrom,
	}
}

// CheckSchema checks that a stored schema uses only the publishing subset
// of JSON Schema draft 2020-12 (§6.2), recursively under properties and
// items. Anything else ($ref, pattern, format, anyOf, …) makes the
// definition invalid. Validating a body against it is never a reason to
// refuse a version, so this package does not validate bodies.
func CheckSchema(schema map[string]any) error { return checkSchemaAt("schema", schema) }

func checkSchemaAt(path string, x any) error {
	m, ok := x.(map[string]any)
	if !ok {
		return invalid(path, "must be a schema object")
	}
	for k, v := range m {
		check, ok := schemaKeywords[k]
		if !ok {
			return invalid(path, "keyword %q is outside the subset", k)
		}
		if err := check(path+"."+k, v); err != nil {
			return err
		}
	}
	return nil
}

func checkType(p string, x any) error {
	if s, ok := x.(string); ok {
		x = []any{s}
	}
	a, ok := x.([]any)
	if !ok || len(a) == 0 {
		return invalid(p, "must be a type or a non-empty list of types")
	}
	for _, t := range a {
		s, _ := t.(string)
		if !slices.Contains(schemaTypes, s) {
			return invalid(p, "%v is not a JSON Schema type", t)
		}
	}
	return nil
}

func checkProperties(p string, x any) error {
	m, ok := x.(map[string]any)
	if !ok {
		return invalid(p, "must be an object of schemas")
	}
	for name, s := range m {
		if err := checkSchemaAt(p+"."+name, s); err != nil {
			return err
		}
	}
	return nil
}

func nonEmptyList(p string, x any) error {
	if a, ok := x.([]any); !ok || len(a) == 0 {
		return invalid(p, "must be a non-empty list")
	}
	return nil
}

func finite(p string, x any) error {
	if f, ok := x.(float64); !ok || math.IsInf(f, 0) || math.IsNaN(f) {
		return invalid(p, "must be a number")
	}
	return nil
}

func boolean(p string, x any) error {
	if _, ok := x.(bool); !ok {
		return invalid(p, "must be true or false")
	}
	return nil
}

// checkOneOf allows labelled choices only: {const, title?, description?}.
func checkOneOf(p string, x any) error {
	a, ok := x.([]any)
	if !ok || len(a) == 0 {
		return invalid(p, "must be a non-empty list of {const, title?, description?}")
	}
	for _, c := range a {
		m, ok := c.(map[string]any)
		if _, has := m["const"]; !ok || !has {
			return invalid(p, "each choice is {const, title?, description?}")
		}
		for k, v := range m {
			if k == "const" {
				continue
			}
			if _, isStr := v.(string); (k != "title" && k != "description") || !isStr {
				return invalid(p, "a choice may hold only const, title and description")
			}
		}
	}
	return nil
}

func checkChoicesFrom(p string, x any) error {
	m, ok := x.(map[string]any)
	rel, okR := m["rel"].(string)
	field, okF := m["field"].(string)
	if !ok || len(m) != 2 || !okR || !okF || !relPattern.MatchString(rel) || field == "" {
		return invalid(p, "must be {rel, field}")
	}
	return nil
}

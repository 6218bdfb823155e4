package policy

import (
	"errors"
	"fmt"

	"minca.dev/desktop/core/cjson"
)

// Operators of the policy language (01 §7.4, UCAN 1.0).
const (
	OpEq   = "=="
	OpNe   = "!="
	OpLt   = "<"
	OpLe   = "<="
	OpGt   = ">"
	OpGe   = ">="
	OpLike = "like"
	OpNot  = "not"
	OpAnd  = "and"
	OpOr   = "or"
	OpAll  = "all"
	OpAny  = "any"
)

// MaxDepth bounds how deeply statements nest (our limit, so that hostile
// input cannot exhaust the stack; 01 §7.4 names none).
const MaxDepth = 32

// ErrMalformed is wrapped by every policy parse error.
var ErrMalformed = errors.New("malformed policy")

// Policy is a parsed policy: statements that must all hold. Its zero value
// is the empty policy, which holds for everything.
type Policy struct {
	stmts []statement
	raw   []any
}

// statement is one parsed statement; the concrete types are below.
type statement interface {
	eval(subject any) Outcome
}

type cmpStmt struct {
	op  string
	sel Selector
	val any
}

type likeStmt struct {
	sel Selector
	pat glob
}

type notStmt struct{ inner statement }

type junction struct {
	and   bool
	inner []statement
}

type quantifier struct {
	all   bool
	sel   Selector
	inner statement
}

// Parse reads a policy from its JSON form (a list of statements), given as
// a JSON-shaped value (core/cjson). The error says which statement is wrong
// and why; it wraps ErrMalformed.
func Parse(v any) (Policy, error) {
	list, ok := v.([]any)
	if !ok {
		return Policy{}, fmt.Errorf("%w: a policy is a list of statements, not %s", ErrMalformed, cjson.Kind(v))
	}
	stmts, err := parseList(list, "policy", 0)
	if err != nil {
		return Policy{}, err
	}
	return Policy{stmts: stmts, raw: list}, nil
}

// Raw gives the policy's JSON form exactly as it was parsed (for canonical
// JSON comparison of grants, 03 §2.4). The empty policy gives [].
func (p Policy) Raw() []any {
	if p.raw == nil {
		return []any{}
	}
	return p.raw
}

func parseList(list []any, at string, depth int) ([]statement, error) {
	out := make([]statement, 0, len(list))
	for i, s := range list {
		st, err := parseStatement(s, fmt.Sprintf("%s[%d]", at, i), depth+1)
		if err != nil {
			return nil, err
		}
		out = append(out, st)
	}
	return out, nil
}

func parseStatement(v any, at string, depth int) (statement, error) {
	if depth > MaxDepth {
		return nil, fmt.Errorf("%w: %s: nested deeper than %d", ErrMalformed, at, MaxDepth)
	}
	l, ok := v.([]any)
	if !ok || len(l) == 0 {
		return nil, fmt.Errorf("%w: %s: a statement is a non-empty list, not %s", ErrMalformed, at, cjson.Kind(v))
	}
	op, ok := l[0].(string)
	if !ok {
		return nil, fmt.Errorf("%w: %s: operator is %s, not a string", ErrMalformed, at, cjson.Kind(l[0]))
	}
	st, err := parseOp(op, l[1:], at, depth)
	if err != nil {
		return nil, fmt.Errorf("%w: %s (%q): %v", ErrMalformed, at, op, err)
	}
	return st, nil
}

func parseOp(op string, args []any, at string, depth int) (statement, error) {
	switch op {
	case OpEq, OpNe, OpLt, OpLe, OpGt, OpGe, OpLike, OpAll, OpAny:
		if len(args) != 2 {
			return nil, fmt.Errorf("takes a selector and one operand, got %d arguments", len(args))
		}
		sel, err := selectorArg(args[0])
		if err != nil {
			return nil, err
		}
		return parseSelected(op, sel, args[1], at, depth)
	case OpNot:
		if len(args) != 1 {
			return nil, fmt.Errorf("takes one statement, got %d arguments", len(args))
		}
		inner, err := parseStatement(args[0], at+"[1]", depth+1)
		return notStmt{inner}, err
	case OpAnd, OpOr:
		if len(args) != 1 {
			return nil, fmt.Errorf("takes one list of statements, got %d arguments", len(args))
		}
		l, ok := args[0].([]any)
		if !ok {
			return nil, fmt.Errorf("takes a list of statements, not %s", cjson.Kind(args[0]))
		}
		inner, err := parseList(l, at+"[1]", depth)
		return junction{and: op == OpAnd, inner: inner}, err
	}
	return nil, errors.New("unknown operator")
}

func parseSelected(op string, sel Selector, operand any, at string, depth int) (statement, error) {
	switch op {
	case OpEq, OpNe:
		if err := checkJSON(operand, 0); err != nil {
			return nil, err
		}
		return cmpStmt{op: op, sel: sel, val: operand}, nil
	case OpLike:
		s, ok := operand.(string)
		if !ok {
			return nil, fmt.Errorf("pattern is %s, not a string", cjson.Kind(operand))
		}
		return likeStmt{sel: sel, pat: compileGlob(s)}, nil
	case OpAll, OpAny:
		inner, err := parseStatement(operand, at+"[2]", depth+1)
		return quantifier{all: op == OpAll, sel: sel, inner: inner}, err
	}
	if _, ok := operand.(float64); !ok {
		return nil, fmt.Errorf("operand is %s, not a number", cjson.Kind(operand))
	}
	return cmpStmt{op: op, sel: sel, val: operand}, nil
}

func selectorArg(v any) (Selector, error) {
	s, ok := v.(string)
	if !ok {
		return Selector{}, fmt.Errorf("selector is %s, not a string", cjson.Kind(v))
	}
	return ParseSelector(s)
}

// checkJSON accepts only JSON-shaped values, nested at most MaxDepth deep.
func checkJSON(v any, depth int) error {
	if depth > MaxDepth {
		return fmt.Errorf("value nested deeper than %d", MaxDepth)
	}
	switch t := v.(type) {
	case nil, bool, float64, string:
		return nil
	case []any:
		for _, e := range t {
			if err := checkJSON(e, depth+1); err != nil {
				return err
			}
		}
		return nil
	case map[string]any:
		for _, e := range t {
			if err := checkJSON(e, depth+1); err != nil {
				return err
			}
		}
		return nil
	}
	return fmt.Errorf("value of Go type %T is not JSON", v)
}

// ParseJSON reads a policy from JSON text (strict, as core/cjson parses).
func ParseJSON(b []byte) (Policy, error) {
	v, err := cjson.Parse(b)
	if err != nil {
		return Policy{}, fmt.Errorf("%w: %v", ErrMalformed, err)
	}
	return Parse(v)
}

package policy

import "strconv"

// Outcome is what a statement or policy comes to over some arguments.
type Outcome int

// The four outcomes (see the package doc).
const (
	False   Outcome = iota // it does not hold
	True                   // it holds
	NoData                 // it selected past the data there is; never holds
	Unknown                // it read a value this peer cannot open
)

func (o Outcome) String() string {
	names := [...]string{"false", "true", "no data", "unknown"}
	if o < 0 || int(o) >= len(names) {
		return "outcome(" + strconv.Itoa(int(o)) + ")"
	}
	return names[o]
}

// Eval evaluates the policy over args: the implicit and of its statements.
func (p Policy) Eval(args any) Outcome {
	return junction{and: true, inner: p.stmts}.eval(norm(args))
}

// Holds says whether the policy holds over args for this peer: True, or
// Unknown because it reads something the peer cannot open (03 §2.2).
func (p Policy) Holds(args any) bool {
	o := p.Eval(args)
	return o == True || o == Unknown
}

func of(b bool) Outcome {
	if b {
		return True
	}
	return False
}

func (s cmpStmt) eval(subject any) Outcome {
	v, f := selectSteps(subject, s.sel.steps)
	if f != foundValue {
		return Outcome(f + 1) // foundNoData → NoData, foundUnknown → Unknown
	}
	switch s.op {
	case OpEq:
		return equal(v, s.val)
	case OpNe:
		return negate(equal(v, s.val))
	}
	n, ok := v.(float64)
	if !ok {
		return False
	}
	m := s.val.(float64)
	switch s.op {
	case OpLt:
		return of(n < m)
	case OpLe:
		return of(n <= m)
	case OpGt:
		return of(n > m)
	}
	return of(n >= m)
}

func (s likeStmt) eval(subject any) Outcome {
	v, f := selectSteps(subject, s.sel.steps)
	if f != foundValue {
		return Outcome(f + 1)
	}
	str, ok := v.(string)
	if !ok {
		return False
	}
	return of(s.pat.match(str))
}

func negate(o Outcome) Outcome {
	switch o {
	case True:
		return False
	case False:
		return True
	}
	return o
}

func (s notStmt) eval(subject any) Outcome { return negate(s.inner.eval(subject)) }

// eval: and — False wins, then NoData, then Unknown; or — True wins, then
// Unknown, then NoData.
// An empty and or or is True (UCAN 1.0, readings A15).
func (s junction) eval(subject any) Outcome {
	if len(s.inner) == 0 {
		return True
	}
	seen := [4]bool{}
	for _, st := range s.inner {
		seen[st.eval(subject)] = true
	}
	return combine(s.and, seen)
}

func combine(and bool, seen [4]bool) Outcome {
	order := []Outcome{True, Unknown, NoData, False}
	if and {
		order = []Outcome{False, NoData, Unknown, True}
	}
	for _, o := range order[:3] {
		if seen[o] {
			return o
		}
	}
	return order[3]
}

func (s quantifier) eval(subject any) Outcome {
	v, f := selectSteps(subject, s.sel.steps)
	if f != foundValue {
		return Outcome(f + 1)
	}
	elems, ok := elements(v)
	if !ok {
		return False // a quantifier over a non-collection, null included
	}
	seen := [4]bool{}
	for _, e := range elems {
		seen[s.inner.eval(norm(e))] = true
	}
	return combine(s.all, seen)
}

// equal is deep JSON equality; numbers compare as float64.
func equal(a, b any) Outcome {
	a, b = norm(a), norm(b)
	if _, ok := a.(unopened); ok {
		return Unknown
	}
	switch x := a.(type) {
	case nil:
		return of(b == nil)
	case bool:
		y, ok := b.(bool)
		return of(ok && x == y)
	case float64:
		y, ok := b.(float64)
		return of(ok && x == y)
	case string:
		y, ok := b.(string)
		return of(ok && x == y)
	case []any:
		return equalLists(x, b)
	case map[string]any:
		return equalMaps(x, b)
	}
	return False
}

func equalLists(x []any, b any) Outcome {
	y, ok := b.([]any)
	if !ok || len(x) != len(y) {
		return False
	}
	seen := [4]bool{}
	for i := range x {
		seen[equal(x[i], y[i])] = true
	}
	return combine(true, seen)
}

func equalMaps(x map[string]any, b any) Outcome {
	y, ok := b.(map[string]any)
	if !ok || len(x) != len(y) {
		return False
	}
	seen := [4]bool{}
	for k, xv := range x {
		yv, ok := y[k]
		if !ok {
			return False
		}
		seen[equal(xv, yv)] = true
	}
	return combine(true, seen)
}

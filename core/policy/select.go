package policy

// found says what a selection met: a value, no data, or a value this peer
// cannot open (03 §2.2).
type found int

const (
	foundValue found = iota
	foundNoData
	foundUnknown
)

// unopened is the type of Unopened.
type unopened struct{}

// Unopened stands, in arguments, for a value this peer cannot open: the
// body of a private version without the space key (03 §2.2). Anything that
// selects it, or into it, is Unknown.
var Unopened any = unopened{}

// Select applies the selector to v. ok is false when it finds no data, or
// meets Unopened.
func (s Selector) Select(v any) (any, bool) {
	out, f := selectSteps(norm(v), s.steps)
	return out, f == foundValue
}

func selectSteps(v any, steps []step) (any, found) {
	for i, st := range steps {
		if _, ok := v.(unopened); ok {
			return nil, foundUnknown
		}
		if st.kind == stepEach {
			return selectEach(v, st, steps[i+1:])
		}
		next, f := st.apply(v)
		if f == foundNoData && st.optional {
			next, f = nil, foundValue
		}
		if f != foundValue {
			return nil, f
		}
		v = norm(next)
	}
	if _, ok := v.(unopened); ok {
		return nil, foundUnknown
	}
	return v, foundValue
}

// selectEach maps the rest of the selector over every element.
func selectEach(v any, st step, rest []step) (any, found) {
	elems, ok := elements(v)
	if !ok {
		if st.optional {
			return nil, foundValue
		}
		return nil, foundNoData
	}
	out := make([]any, 0, len(elems))
	worst := foundValue
	for _, e := range elems {
		r, f := selectSteps(norm(e), rest)
		if f == foundNoData {
			return nil, foundNoData
		}
		if f == foundUnknown {
			worst = foundUnknown
		}
		out = append(out, r)
	}
	if worst != foundValue {
		return nil, worst
	}
	return out, foundValue
}

func (st step) apply(v any) (any, found) {
	switch st.kind {
	case stepField:
		m, ok := v.(map[string]any)
		if !ok {
			return nil, foundNoData
		}
		return m[st.name], foundValue // a missing member reads as null
	case stepIndex:
		l, ok := v.([]any)
		if !ok {
			return nil, foundNoData
		}
		i := st.index
		if i < 0 {
			i += len(l)
		}
		if i < 0 || i >= len(l) {
			return nil, foundNoData
		}
		return l[i], foundValue
	default: // stepSlice
		l, ok := v.([]any)
		if !ok {
			return nil, foundNoData
		}
		from, to := bound(st.from, 0, len(l)), bound(st.to, len(l), len(l))
		if from >= to {
			return []any{}, foundValue
		}
		return l[from:to], foundValue
	}
}

// bound resolves a slice bound: absent gives def, negative counts from the
// end, and the result is clamped to [0, n].
func bound(p *int, def, n int) int {
	if p == nil {
		return def
	}
	i := *p
	if i < 0 {
		i += n
	}
	return min(max(i, 0), n)
}

// elements gives the members of a list, or the values of a map (in no
// particular order; quantifiers do not depend on it).
func elements(v any) ([]any, bool) {
	switch t := v.(type) {
	case []any:
		return t, true
	case map[string]any:
		out := make([]any, 0, len(t))
		for _, e := range t {
			out = append(out, e)
		}
		return out, true
	}
	return nil, false
}

// norm reads the Go shapes callers commonly build arguments from as the
// JSON values they stand for.
func norm(v any) any {
	switch t := v.(type) {
	case []string:
		out := make([]any, len(t))
		for i, s := range t {
			out[i] = s
		}
		return out
	case int:
		return float64(t)
	case int64:
		return float64(t)
	case uint64:
		return float64(t)
	case map[string]string:
		out := make(map[string]any, len(t))
		for k, s := range t {
			out[k] = s
		}
		return out
	}
	return v
}

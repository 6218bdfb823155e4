package record

import (
	"fmt"
	"slices"
)

// UnbrokenEnd is the end of the unbroken line of author in collection among
// vs (§4.10, 03 §6.3): from place 0, each place held once and naming the one
// before it as log.prev. ok is false when place 0 is not held (or is forked):
// then the line covers nothing. A place held past a gap covers nothing.
func UnbrokenEnd(vs []*Version, author, collection string) (end int64, ok bool) {
	at := map[int64][]*Version{}
	for _, v := range vs {
		if v.Log != nil && v.Author == author && v.Collection == collection {
			at[v.Log.N] = append(at[v.Log.N], v)
		}
	}
	end, prevID := -1, ""
	for n := int64(0); ; n++ {
		here := at[n]
		if len(here) != 1 || here[0].Log.Prev != prevID {
			break
		}
		end, prevID = n, here[0].ID
	}
	return end, end >= 0
}

// Gaps lists the ids that log.prev members of vs name and vs lacks (05 §9):
// versions a node holding those collections should fetch. Sorted, distinct.
func Gaps(vs []*Version) []string {
	held := make(map[string]bool, len(vs))
	for _, v := range vs {
		held[v.ID] = true
	}
	var out []string
	for _, v := range vs {
		if v.Log != nil && v.Log.Prev != "" && !held[v.Log.Prev] {
			out = append(out, v.Log.Prev)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// NextLog is the place a writer gives its next version in a collection
// (§4.10): one past the highest place among its own versions there, naming
// that version. own are the versions the writer holds; others are ignored.
func NextLog(own []*Version, author, collection string) *Log {
	var last *Version
	for _, v := range own {
		if v.Log == nil || v.Author != author || v.Collection != collection {
			continue
		}
		if last == nil || v.Log.N > last.Log.N || (v.Log.N == last.Log.N && v.ID < last.ID) {
			last = v
		}
	}
	if last == nil {
		return &Log{N: 0}
	}
	return &Log{N: last.Log.N + 1, Prev: last.ID}
}

// CheckForkProof checks the body of a sys.fork version (03 §6.5) written in
// space at recordKey: {a, b}, two bodiless versions passing the shape check
// and steps 1–3 of §3.3, both of this space, different ids, a the lower id,
// that are a break or a fork of one writer's line, at fork:<hex40(writer)>.
func CheckForkProof(body any, space, recordKey string) (Fault, error) {
	m, ok := body.(map[string]any)
	if !ok || len(m) != 2 {
		return Fault{}, fmt.Errorf("%w: body must be exactly {a, b}", ErrForkProof)
	}
	a, err := proofVersion(m, "a", space)
	if err != nil {
		return Fault{}, err
	}
	b, err := proofVersion(m, "b", space)
	if err != nil {
		return Fault{}, err
	}
	if a.ID >= b.ID {
		return Fault{}, fmt.Errorf("%w: a must have the lower id, and the ids must differ", ErrForkProof)
	}
	f, ok := PairFault(a, b)
	if !ok {
		return Fault{}, fmt.Errorf("%w: %s and %s are neither a fork nor a break", ErrForkProof, a.ID, b.ID)
	}
	if want := ForkKey(f.Writer); recordKey != want {
		return Fault{}, fmt.Errorf("%w: key %q, the writer's is %q", ErrForkProof, recordKey, want)
	}
	return f, nil
}

func proofVersion(m map[string]any, name, space string) (*Version, error) {
	x, ok := m[name]
	if !ok {
		return nil, fmt.Errorf("%w: %s is missing", ErrForkProof, name)
	}
	if o, ok := x.(map[string]any); ok {
		if _, has := o[mBody]; has {
			return nil, fmt.Errorf("%w: %s must have no body member", ErrForkProof, name)
		}
	}
	v, err := Parse(x)
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %w", ErrForkProof, name, err)
	}
	if v.Space != space {
		return nil, fmt.Errorf("%w: %s is of space %q, not this one", ErrForkProof, name, v.Space)
	}
	if err := VerifySignature(v); err != nil {
		return nil, fmt.Errorf("%w: %s: %w", ErrForkProof, name, err)
	}
	return v, nil
}

package record

import (
	"cmp"
	"slices"
)

// LineID names one writer line (§4.10): a signing key's versions in one
// collection of one space.
type LineID struct {
	Author     string
	Collection string
}

// FaultKind says how two versions show a line is not one line (§4.10).
type FaultKind int

const (
	// Fork: the same author, collection and log.n, different ids.
	Fork FaultKind = iota + 1
	// Break: v's log.prev names p, and p is another key's or another
	// collection's, or not one place before v.
	Break
)

func (k FaultKind) String() string {
	switch k {
	case Fork:
		return "fork"
	case Break:
		return "break"
	}
	return "none"
}

// Fault is what a fork proof establishes (03 §6.5): whose line, which
// collection, and from which place on it is withdrawn. A and B are the two
// versions as stubs, A the lower id.
type Fault struct {
	Kind       FaultKind
	Writer     string
	Collection string
	From       int64
	A, B       *Version
}

// PairFault reports whether two versions of one space show a fork or a
// break (§4.10). A break is tested first (03 §6.5), in both directions.
// Versions without a log (loose ones) never fault.
func PairFault(x, y *Version) (Fault, bool) {
	if x.Log == nil || y.Log == nil || x.ID == y.ID {
		return Fault{}, false
	}
	for _, vp := range [2][2]*Version{{x, y}, {y, x}} {
		v, p := vp[0], vp[1]
		if v.Log.Prev == p.ID && breaks(v, p) {
			return newFault(Break, v.Author, v.Collection, v.Log.N, x, y), true
		}
	}
	if x.Author == y.Author && x.Collection == y.Collection && x.Log.N == y.Log.N {
		return newFault(Fork, x.Author, x.Collection, x.Log.N, x, y), true
	}
	return Fault{}, false
}

// breaks reports whether p, named by v's log.prev, breaks v's line.
func breaks(v, p *Version) bool {
	return p.Author != v.Author || p.Collection != v.Collection || p.Log.N != v.Log.N-1
}

func newFault(k FaultKind, writer, collection string, from int64, x, y *Version) Fault {
	a, b := x.Stub(), y.Stub()
	if b.ID < a.ID {
		a, b = b, a
	}
	return Fault{Kind: k, Writer: writer, Collection: collection, From: from, A: a, B: b}
}

// Faults finds, for each line that some pair in vs shows is not one line,
// the fault with the lowest From (ties: the lowest pair of ids), sorted by
// writer then collection. vs are versions of one space; the result does not
// depend on their order.
func Faults(vs []*Version) []Fault {
	byID := make(map[string]*Version, len(vs))
	byPlace := map[LineID]map[int64][]*Version{}
	for _, v := range vs {
		if v.Log == nil {
			continue
		}
		byID[v.ID] = v
		id := LineID{v.Author, v.Collection}
		if byPlace[id] == nil {
			byPlace[id] = map[int64][]*Version{}
		}
		byPlace[id][v.Log.N] = append(byPlace[id][v.Log.N], v)
	}
	best := map[LineID]Fault{}
	keep := func(f Fault) {
		id := LineID{f.Writer, f.Collection}
		if old, ok := best[id]; !ok || faultBefore(f, old) {
			best[id] = f
		}
	}
	for _, v := range byID {
		if p, ok := byID[v.Log.Prev]; ok && v.Log.Prev != "" {
			if f, ok := PairFault(v, p); ok {
				keep(f)
			}
		}
	}
	for _, places := range byPlace {
		for _, at := range places {
			slices.SortFunc(at, func(a, b *Version) int { return cmp.Compare(a.ID, b.ID) })
			for i := 1; i < len(at); i++ {
				if f, ok := PairFault(at[0], at[i]); ok {
					keep(f)
				}
			}
		}
	}
	return sortedFaults(best)
}

func faultBefore(f, g Fault) bool {
	if f.From != g.From {
		return f.From < g.From
	}
	return f.A.ID+f.B.ID < g.A.ID+g.B.ID
}

func sortedFaults(m map[LineID]Fault) []Fault {
	out := make([]Fault, 0, len(m))
	for _, f := range m {
		out = append(out, f)
	}
	slices.SortFunc(out, func(f, g Fault) int {
		return cmp.Or(cmp.Compare(f.Writer, g.Writer), cmp.Compare(f.Collection, g.Collection))
	})
	return out
}

package access

import (
	"fmt"
	"sort"
	"strings"
)

// Outcome is what became of an event (03 §4.6 status).
type Outcome string

// The outcomes of §4.6.
const (
	Applied Outcome = "applied" // valid: it counts
	Dropped Outcome = "dropped" // not allowed, or allowed and not valid
	Waiting Outcome = "waiting" // it names something missing or waiting
	Unknown Outcome = "unknown" // no such event is held
)

// Reason is the category of a dropped event (A23).
type Reason string

// The reasons an event is dropped.
const (
	// Refused: not allowed in its own view V(e) (§4.3 step 1).
	Refused Reason = "refused"
	// Struck: allowed, and dropped as struck (§4.3 step 4): by a strike
	// (pass 1) or by a refusal in W(e) (pass 2). Its Detail says which (A23).
	Struck Reason = "struck"
)

// Detail says which of the two passes dropped a Struck event (A23).
type Detail string

// The details of Struck.
const (
	// StruckByReduction: an unstruck reduction of another component
	// strikes it (§4.3 step 4.1, pass 1).
	StruckByReduction Detail = "struck-by"
	// RestsOnStruck: unstruck, but refused in W(e), the merge of the valid
	// events it saw: it rests on a change that was struck (§4.3 step 4.2,
	// pass 2). docs/spec/03-choices.md "A23, refined".
	RestsOnStruck Detail = "rests-on-struck"
)

// Status is status(id) (§4.6), with what an access history screen shows:
// who made the change, and why it was dropped or what it waits for.
type Status struct {
	Outcome Outcome
	// Index is the place of an applied event in the order of applied
	// events (A22): Kahn's algorithm over the seen graph of placed events,
	// always taking the lowest id ready.
	Index    int
	Reason   Reason   // for Dropped: Refused or Struck
	Detail   Detail   // for Struck: StruckByReduction or RestsOnStruck
	Refusal  *Refusal // for Refused and RestsOnStruck: the refusal in V(e) or W(e)
	StruckBy []string // for StruckByReduction: the unstruck reductions that strike it, sorted
	// RestsOn is, for RestsOnStruck, the struck ancestors it saw (allowed,
	// not valid), sorted: V(e) and W(e) differ by exactly these.
	RestsOn []string
	// WaitingFor is, for Waiting, the ids it names that are not placed:
	// missing, waiting themselves, or its own.
	WaitingFor []string
}

// String says the status in a sentence.
func (s Status) String() string {
	switch {
	case s.Outcome == Applied:
		return fmt.Sprintf("applied (#%d)", s.Index)
	case s.Outcome == Waiting:
		return "waiting for " + strings.Join(s.WaitingFor, ", ")
	case s.Outcome == Unknown:
		return "unknown"
	case s.Detail == StruckByReduction:
		return "struck by " + strings.Join(s.StruckBy, ", ")
	case s.Detail == RestsOnStruck:
		return "rests on a struck change (" + strings.Join(s.RestsOn, ", ") + "): " + s.Refusal.Text
	}
	return "refused: " + s.Refusal.Text
}

// Status is status(id) (§4.6).
func (h *History) Status(id string) Status {
	if e, ok := h.pending[id]; ok {
		return Status{Outcome: Waiting, WaitingFor: h.missing(e)}
	}
	i, ok := h.byID[id]
	if !ok {
		return Status{Outcome: Unknown}
	}
	n, c := h.nodes[i], h.full
	switch {
	case !n.allowed:
		return Status{Outcome: Dropped, Reason: Refused, Refusal: n.refused}
	case !c.unstruck[i]:
		return Status{Outcome: Dropped, Reason: Struck, Detail: StruckByReduction, StruckBy: h.ids(c.struckBy[i])}
	case !c.valid[i]:
		return Status{Outcome: Dropped, Reason: Struck, Detail: RestsOnStruck, Refusal: c.refusedW[i], RestsOn: h.struckAncestors(i)}
	}
	return Status{Outcome: Applied, Index: h.appliedOrder()[i]}
}

// missing is the ids e names that are not placed, sorted.
func (h *History) missing(e *Event) []string {
	var out []string
	for _, s := range uniq(e.Seen) {
		if _, ok := h.byID[s]; !ok && s != h.g.SpaceID {
			out = append(out, s)
		}
	}
	sort.Strings(out)
	return out
}

// struckAncestors is the ids of i's ancestors that are allowed but not
// valid in the whole history, sorted: what W(i) leaves out of V(i).
func (h *History) struckAncestors(i int) []string {
	var evs []int
	h.nodes[i].anc.each(func(j int) {
		if h.nodes[j].allowed && !h.full.valid[j] {
			evs = append(evs, j)
		}
	})
	return h.ids(evs)
}

func (h *History) ids(evs []int) []string {
	out := make([]string, len(evs))
	for k, i := range evs {
		out[k] = h.nodes[i].ev.ID
	}
	sort.Strings(out)
	return out
}

// appliedOrder numbers the applied events (A22) by their place in
// h.order, cached per version.
func (h *History) appliedOrder() []int {
	if h.cache.order != nil {
		return h.cache.order
	}
	rank, next := make([]int, len(h.nodes)), 0
	for _, i := range h.order {
		if h.full.valid[i] {
			rank[i] = next
			next++
		}
	}
	h.cache.order = rank
	return rank
}

package access

import (
	"reflect"
	"testing"
)

// topoAll is Kahn's algorithm over the seen edges of every placed event,
// taking the lowest id ready (A22), run over the whole history at once: the
// oracle for the order insertOrdered keeps event by event.
func topoAll(h *History) []int {
	indeg := make([]int, len(h.nodes))
	kids := make([][]int, len(h.nodes))
	for _, n := range h.nodes {
		for _, s := range uniq(n.ev.Seen) {
			if j, ok := h.byID[s]; ok {
				indeg[n.idx]++
				kids[j] = append(kids[j], n.idx)
			}
		}
	}
	ready := &idHeap{h: h}
	for i, d := range indeg {
		if d == 0 {
			ready.push(i)
		}
	}
	var out []int
	for ready.len() > 0 {
		i := ready.pop()
		out = append(out, i)
		for _, k := range kids[i] {
			if indeg[k]--; indeg[k] == 0 {
				ready.push(k)
			}
		}
	}
	return out
}

// The order kept event by event is Kahn's over the whole history, in
// whatever order the events arrived.
func TestOrderIsKahns(t *testing.T) {
	for seed := uint64(0); seed < 60; seed++ {
		g, evs := randomHistory(seed, 20)
		ref := replayOrFail(t, g, evs)
		var want []string
		for _, i := range topoAll(ref) {
			want = append(want, ref.nodes[i].ev.ID)
		}
		h := oneAtATime(t, g, shuffled(newRand(seed), evs))
		var got []string
		for _, i := range h.order {
			got = append(got, h.nodes[i].ev.ID)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("seed %d: order\n got %v\nwant %v", seed, got, want)
		}
	}
}

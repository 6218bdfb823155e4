package access

// strikeResult is pass 1's answer (§4.3 step 4.1) for the events with
// strikes into them: struck[i] lists the unstruck strikers from other
// components; an event absent from it is unstruck.
type strikeResult struct {
	struck map[int][]int
}

// pass1 takes the strongly connected components of the strikes between
// allowed events of T (nil: all), visits them strikers first, and finds
// which events an unstruck event of another component strikes. Strikes
// inside one component don't count: reductions that strike each other all
// stand.
func (h *History) pass1(inT func(int) bool) strikeResult {
	in := func(i int) bool { return inT == nil || inT(i) }
	var nodes []int
	for _, r := range h.strikers {
		if in(r) && h.reducesIn(h.nodes[r], inT) {
			nodes = append(nodes, r)
		}
	}
	edges := func(r int) []int { return h.nodes[r].out }
	comp, order := tarjan(nodes, edges, in)
	res := strikeResult{struck: map[int][]int{}}
	// order lists components sinks first; strikers come first reversed.
	for k := len(order) - 1; k >= 0; k-- {
		for _, e := range order[k] {
			for _, r := range h.nodes[e].in {
				if rc, ok := comp[r]; ok && rc != comp[e] && in(r) && h.reducesIn(h.nodes[r], inT) && res.struck[r] == nil {
					res.struck[e] = append(res.struck[e], r)
				}
			}
		}
	}
	return res
}

// tarjan finds the strongly connected components of the graph over start
// (and whatever they reach within in) with the given edges, iteratively.
// It returns each node's component and the components in the order found,
// which puts every component after all those it reaches.
func tarjan(start []int, edges func(int) []int, in func(int) bool) (map[int]int, [][]int) {
	index, low := map[int]int{}, map[int]int{}
	onStack := map[int]bool{}
	comp := map[int]int{}
	var stack []int
	var order [][]int
	type frame struct{ v, next int }
	for _, s := range start {
		if _, seen := index[s]; seen {
			continue
		}
		calls := []frame{{s, 0}}
		index[s], low[s] = len(index), len(index)
		stack, onStack[s] = append(stack, s), true
		for len(calls) > 0 {
			f := &calls[len(calls)-1]
			out := edges(f.v)
			if f.next < len(out) {
				w := out[f.next]
				f.next++
				if !in(w) {
					continue
				}
				if _, seen := index[w]; !seen {
					index[w], low[w] = len(index), len(index)
					stack, onStack[w] = append(stack, w), true
					calls = append(calls, frame{w, 0})
				} else if onStack[w] {
					low[f.v] = min(low[f.v], index[w])
				}
				continue
			}
			v := f.v
			calls = calls[:len(calls)-1]
			if len(calls) > 0 {
				p := calls[len(calls)-1].v
				low[p] = min(low[p], low[v])
			}
			if low[v] == index[v] {
				var c []int
				for {
					w := stack[len(stack)-1]
					stack = stack[:len(stack)-1]
					onStack[w] = false
					comp[w] = len(order)
					c = append(c, w)
					if w == v {
						break
					}
				}
				order = append(order, c)
			}
		}
	}
	return comp, order
}

package access

// judgeNew replays what the events placed from index first on change: their
// own allowed-ness (§4.3 step 1), the strikes into and out of them, pass 1
// where the strike graph changed, and pass 2 for every event that is new,
// changed in pass 1, or saw an event whose validity changed.
func (h *History) judgeNew(first int) {
	for _, n := range h.nodes[first:] {
		n.refused = h.allowed.viewOf(n.idx).Refusal(&n.ev)
		n.allowed = n.refused == nil
	}
	c := h.full
	c.grow(len(h.nodes))
	linked := false
	for _, n := range h.nodes[first:] {
		if n.allowed && h.linkNew(n) {
			linked = true
		}
	}
	dirty := map[int]bool{}
	from := first
	if linked {
		res := h.pass1(nil)
		for _, i := range h.targets { // nothing else can be struck
			if i < first && h.setStruck(c, i, res.struck[i]) {
				dirty[i] = true
				from = min(from, i)
			}
		}
		for i := first; i < len(h.nodes); i++ {
			h.setStruck(c, i, res.struck[i])
		}
	} else {
		for i := first; i < len(h.nodes); i++ {
			h.setStruck(c, i, nil)
		}
	}
	h.pass2(c, from, func(i int) bool { return i >= first || dirty[i] }, nil)
}

// setStruck records pass 1's answer for event i, and reports a change.
func (h *History) setStruck(c *context, i int, by []int) bool {
	un := h.nodes[i].allowed && len(by) == 0
	changed := c.unstruck[i] != un
	c.unstruck[i] = un
	c.struckBy[i] = by
	return changed
}

// pass2 is §4.3 step 4.2 from index from on, ancestors first: an unstruck
// event is valid when refusal(e, W(e)) is null, W(e) the merge of the valid
// events it saw. Only events that need it are judged again: those redo
// names, and those that saw an event whose validity changed. inT limits it
// to a subset (an overlay); nil is every event.
func (h *History) pass2(c *context, from int, redo, inT func(int) bool) {
	c.forgetViewsFrom(from + 1)
	var flipped bitset
	for i := from; i < len(h.nodes); i++ {
		if inT != nil && !inT(i) {
			continue
		}
		n := h.nodes[i]
		if !redo(i) && !n.anc.meets(flipped) {
			continue
		}
		was := c.ok(i)
		valid, why := false, (*Refusal)(nil)
		if n.allowed && c.unstruckIn(i) {
			why = c.viewOf(i).Refusal(&n.ev)
			valid = why == nil
		}
		c.setValid(i, valid, why)
		if valid != was {
			flipped = flipped.with(i)
		}
	}
}

package access

// context is a judgement of events: which of them count in the states
// built on it. There are three kinds:
//   - allowed (§4.3 step 1): an event counts when it is allowed; this
//     never changes once the event is placed.
//   - the history's own: valid among all placeable events (§4.3 step 4).
//   - an overlay: valid among an ancestor-closed subset T (seenAs, and at
//     with within, §4.6), kept as the flags that differ from the history's.
type context struct {
	h         *History
	isAllowed bool

	// The history's own judgement, by event index.
	valid    []bool
	unstruck []bool
	struckBy [][]int    // unstruck strikers from other components (pass 1)
	refusedW []*Refusal // refusal(e, W(e)) of an unstruck event (pass 2)

	// An overlay: base, and the flags that differ from it.
	base         *context
	over         map[int]bool
	overUnstruck map[int]bool

	// memo caches may() per view: by view index, invocation key → answer.
	memo []map[memoKey]bool
}

func newAllowedContext(h *History) *context {
	return &context{h: h, isAllowed: true, memo: nil}
}

func newFullContext(h *History) *context {
	return &context{h: h, memo: nil}
}

func newOverlay(base *context) *context {
	return &context{h: base.h, base: base, over: map[int]bool{}, overUnstruck: map[int]bool{}, memo: nil}
}

// ok says whether event i counts under this judgement.
func (c *context) ok(i int) bool {
	switch {
	case c.isAllowed:
		return c.h.nodes[i].allowed
	case c.base != nil:
		if v, found := c.over[i]; found {
			return v
		}
		return c.base.ok(i)
	}
	return i < len(c.valid) && c.valid[i]
}

// unstruckAt is pass 1's answer for event i in this context.
func (c *context) unstruckAt(i int) bool {
	if c.base != nil {
		return c.base.unstruckAt(i)
	}
	return i < len(c.unstruck) && c.unstruck[i]
}

// grow makes room for the history's new events.
func (c *context) grow(n int) {
	for len(c.valid) < n {
		c.valid = append(c.valid, false)
		c.unstruck = append(c.unstruck, false)
		c.struckBy = append(c.struckBy, nil)
		c.refusedW = append(c.refusedW, nil)
	}
}

// forgetViewsFrom drops cached may() answers for views at index ≥ from:
// their states may have changed with the flags at from or later.
func (c *context) forgetViewsFrom(from int) {
	for v := from; v < len(c.memo); v++ {
		c.memo[v] = nil
	}
}

// memoKey is a may() cache entry's key: who asks, and the invocation's key.
type memoKey struct{ did, inv string }

// memoOf is the may() cache of view v.
func (c *context) memoOf(v int) map[memoKey]bool {
	for len(c.memo) <= v {
		c.memo = append(c.memo, nil)
	}
	if c.memo[v] == nil {
		c.memo[v] = map[memoKey]bool{}
	}
	return c.memo[v]
}

// viewOf is the state of what event i saw, under this judgement: V(i) in
// the allowed context, W(i) in a valid one.
func (c *context) viewOf(i int) *State {
	return &State{h: c.h, c: c, set: c.h.nodes[i].anc, extra: -1, view: i}
}

// whole is the state of every event this judgement counts.
func (c *context) whole() *State {
	return &State{h: c.h, c: c, all: true, extra: -1, view: -1}
}

// unstruckIn is pass 1's answer in this context, overlay or not.
func (c *context) unstruckIn(i int) bool {
	if c.base != nil {
		if v, found := c.overUnstruck[i]; found {
			return v
		}
	}
	return c.unstruckAt(i)
}

// setValid records pass 2's answer for event i.
func (c *context) setValid(i int, valid bool, why *Refusal) {
	if c.base != nil {
		if c.base.ok(i) == valid {
			delete(c.over, i)
		} else {
			c.over[i] = valid
		}
		return
	}
	c.valid[i] = valid
	c.refusedW[i] = why
}

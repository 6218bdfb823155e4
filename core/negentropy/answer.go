package negentropy

// answerer makes the answer to one message, for either side (05 §3.4). For
// each incoming range it finds the local items in it, then:
//
//   - Skip, or a Fingerprint equal to the local one: nothing;
//   - a Fingerprint that differs: the local range, split (split.go);
//   - an IdList, at the initiator: have and need, and nothing sent;
//   - an IdList, at the responder: its own IdList for the range.
//
// Consecutive "nothing"s become one Skip range, written only before the
// next range that says something. The frame limit is applied as the
// reference implementation does (see limitReached).
type answerer struct {
	store     Storage
	limit     int
	initiator bool
	enc       encoder
	have      []ID
	need      []ID

	out      []byte // the message so far
	pending  []byte // what the current range adds
	skipping bool   // ranges that said nothing since the last written one
	prev     Bound  // the bound of the previous incoming range
}

func (a *answerer) answer(m *Message) []byte {
	a.out = append(make([]byte, 0, a.outCap(len(m.Ranges))), Version)
	size := a.store.Len()
	lower := 0
	for i := range m.Ranges {
		r := &m.Ranges[i]
		a.pending = a.pending[:0]
		upper := a.store.Search(lower, size, r.Upper)
		switch r.Mode {
		case ModeSkip:
			a.skipping = true
		case ModeFingerprint:
			a.fingerprint(r, lower, upper)
		case ModeIDList:
			upper = a.idList(r, lower, upper)
		}
		if a.limitReached(len(a.out) + len(a.pending)) {
			a.cutOff(upper)
			break
		}
		a.out = append(a.out, a.pending...)
		lower = upper
		a.prev = r.Upper
	}
	return a.out
}

// outCap is a first guess at the room an answer to ranges ranges takes; it
// grows as needed.
func (a *answerer) outCap(ranges int) int {
	guess := 64 + 40*ranges
	if a.limit != 0 {
		return min(guess, a.limit)
	}
	return guess
}

// limitReached says whether a message of n bytes exceeds L − 200.
func (a *answerer) limitReached(n int) bool {
	return a.limit != 0 && n > a.limit-frameSlack
}

// cutOff ends the message when the current range's output would pass the
// limit: that output is dropped, and one range to infinity carries the
// fingerprint of every local item from the end of the current range on
// (05 §3.4). The other side sees it differ and asks again next round.
func (a *answerer) cutOff(from int) {
	fp := rangeFingerprint(a.store, from, a.store.Len())
	a.out = a.enc.bound(a.out, &InfiniteBound)
	a.out = appendVarint(a.out, uint64(ModeFingerprint))
	a.out = append(a.out, fp[:]...)
}

// endSkip writes the Skip range that covers the ranges that said nothing,
// before a range that says something.
func (a *answerer) endSkip() {
	if !a.skipping {
		return
	}
	a.skipping = false
	a.pending = a.enc.bound(a.pending, &a.prev)
	a.pending = appendVarint(a.pending, uint64(ModeSkip))
}

func (a *answerer) fingerprint(r *Range, lower, upper int) {
	if rangeFingerprint(a.store, lower, upper) == r.Fingerprint {
		a.skipping = true
		return
	}
	a.endSkip()
	a.pending = a.enc.split(a.pending, a.store, lower, upper, &r.Upper)
}

// idList handles an IdList range and returns where the range now ends: a
// responder's list cut by the frame limit ends at the first id left out.
func (a *answerer) idList(r *Range, lower, upper int) int {
	if a.initiator {
		a.compare(r.IDs, lower, upper)
		a.skipping = true
		return upper
	}
	a.endSkip()
	return a.respondIDs(r, lower, upper)
}

// respondIDs writes the responder's own IdList for items [lower, upper).
// Inside it, the ids that would pass the frame limit are left out and the
// list's bound becomes the first left-out item (05 §3.4). The list goes
// straight into the message.
func (a *answerer) respondIDs(r *Range, lower, upper int) int {
	end := r.Upper
	ids := make([]byte, 0, min(upper-lower, 1024)*IDSize)
	for i := lower; i < upper; i++ {
		if a.limitReached(len(a.out) + len(ids)) {
			end = ItemBound(a.store.Item(i))
			upper = i
			break
		}
		id := a.store.Item(i).ID
		ids = append(ids, id[:]...)
	}
	a.pending = a.enc.bound(a.pending, &end)
	a.pending = appendVarint(a.pending, uint64(ModeIDList))
	a.pending = appendVarint(a.pending, uint64(len(ids)/IDSize))
	a.pending = append(a.pending, ids...)
	a.out = append(a.out, a.pending...)
	a.pending = a.pending[:0]
	return upper
}

// compare is the initiator's reading of an IdList: local ids in the range
// the list lacks are had, listed ids not held locally are needed. An id
// listed twice is needed once.
func (a *answerer) compare(theirs []ID, lower, upper int) {
	matched := make(map[ID]bool, len(theirs))
	for _, id := range theirs {
		matched[id] = false
	}
	for i := lower; i < upper; i++ {
		id := a.store.Item(i).ID
		if _, ok := matched[id]; ok {
			matched[id] = true
		} else {
			a.have = append(a.have, id)
		}
	}
	for _, id := range theirs {
		if !matched[id] {
			a.need = append(a.need, id)
			matched[id] = true
		}
	}
}

package access

// KeyDue is keyDue of the current state (03 §4.4, §9.2, A12). In a private
// space it is true when either holds, k being the current key's event (the
// space id for the constitution's key, which saw nothing):
//  1. some valid v that k had not seen took reading from someone: a reader
//     in W(v) who reads no more in the merge of v's valid ancestors and v
//     ("its own view" is W(v), A12);
//  2. someone who held the current key reads no more now. The holders are
//     the readers of W(k), and the did of every valid assignment k had not
//     seen that made it a reader (no reader in W(a), a reader with a).
func (h *History) KeyDue() bool {
	if h.cache.keyDue != nil {
		return *h.cache.keyDue
	}
	due := h.keyDue()
	h.cache.keyDue = &due
	return due
}

func (h *History) keyDue() bool {
	if !h.g.Private {
		return false
	}
	cur := h.Current()
	keys := cur.Keys()
	k, ok := h.byID[keys[len(keys)-1].Event] // absent: the constitution's key
	unseen := func(i int) bool { return !ok || !h.saw(k, i) }
	var holders []string
	if ok {
		holders = h.full.viewOf(k).Readers()
	} else {
		holders = h.startState().Readers()
	}
	for i, n := range h.nodes {
		if !h.full.valid[i] || !unseen(i) {
			continue
		}
		e := &n.ev
		before, after := h.full.viewOf(i), h.withSelf(i)
		switch {
		case e.Kind == KindRemove || e.Kind == KindStepdown || (e.Kind == KindAssign && !e.Assigned):
			if before.IsMember(e.DID) && !after.IsMember(e.DID) {
				return true
			}
		case e.Kind == KindAssign:
			if !before.IsMember(e.DID) && after.IsMember(e.DID) {
				holders = append(holders, e.DID)
			}
		}
	}
	for _, did := range holders {
		if !cur.IsMember(did) {
			return true
		}
	}
	return false
}

// withSelf is the merge of the valid events event i saw, and i.
func (h *History) withSelf(i int) *State {
	return &State{h: h, c: h.full, set: h.nodes[i].anc, extra: i, view: -1}
}

// startState is the state of the constitution alone (§4.1).
func (h *History) startState() *State {
	return &State{h: h, c: h.full, set: bitset{}, extra: -1, view: -1}
}

package access

// KeyEntry is one entry of S.keys (§4.1).
type KeyEntry struct {
	KeyID   string
	ReadKey string
	Event   string
}

// Keys is S.keys (§4.4, A8): for a private space the constitution's key,
// then the key events of the set in a topological order (lowest id first
// among those ready), then the current key (the lowest id among the
// latest), last. A public space has none.
func (s *State) Keys() []KeyEntry {
	if !s.h.g.Private {
		return nil
	}
	out := []KeyEntry{{KeyID: s.h.g.KeyID, ReadKey: s.h.g.ReadKey, Event: s.h.g.SpaceID}}
	var evs []int
	for _, i := range s.h.ix.keyEvents {
		if s.has(i) {
			evs = append(evs, i)
		}
	}
	if len(evs) == 0 {
		return out
	}
	cur := s.h.lowestID(s.latest(evs))
	for _, i := range s.h.topoByID(evs) {
		if i != cur {
			out = append(out, s.h.keyEntry(i))
		}
	}
	return append(out, s.h.keyEntry(cur))
}

func (h *History) keyEntry(i int) KeyEntry {
	e := &h.nodes[i].ev
	return KeyEntry{KeyID: e.KeyID, ReadKey: e.ReadKey, Event: e.ID}
}

// topoByID orders evs so that each comes after those of evs it saw, taking
// the lowest id among those ready (Kahn's algorithm).
func (h *History) topoByID(evs []int) []int {
	indeg := make([]int, len(evs))
	kids := make([][]int, len(evs))
	for a, i := range evs {
		for b, j := range evs {
			if h.saw(j, i) {
				indeg[b]++
				kids[a] = append(kids[a], b)
			}
		}
	}
	ready := &idHeap{h: h}
	pos := map[int]int{}
	for a, i := range evs {
		pos[i] = a
		if indeg[a] == 0 {
			ready.push(i)
		}
	}
	out := make([]int, 0, len(evs))
	for ready.len() > 0 {
		i := ready.pop()
		out = append(out, i)
		for _, b := range kids[pos[i]] {
			if indeg[b]--; indeg[b] == 0 {
				ready.push(evs[b])
			}
		}
	}
	return out
}

// keyUsed says whether a key id or read key is already among the state's
// keys (§4.5 key), without ordering them.
func (s *State) keyUsed(keyID, readKey string) bool {
	if keyID == s.h.g.KeyID || readKey == s.h.g.ReadKey {
		return true
	}
	for _, i := range s.h.ix.keyEvents {
		if e := &s.h.nodes[i].ev; s.has(i) && (e.KeyID == keyID || e.ReadKey == readKey) {
			return true
		}
	}
	return false
}

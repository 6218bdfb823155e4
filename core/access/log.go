package access

import "sort"

// Entry is one line of an access history screen: a change and what became
// of it.
type Entry struct {
	Event  Event
	Status Status
}

// SpaceID is the id of the space the history is of (G).
func (h *History) SpaceID() string { return h.g.SpaceID }

// Log is every event the history holds with its status, in the order of
// A22 (each after what it saw, the lowest id first among those ready),
// then the waiting ones by id: who changed what, and which changes were
// applied, refused, struck or are waiting, and why.
func (h *History) Log() []Entry {
	out := make([]Entry, 0, h.Len())
	for _, i := range h.order {
		e := &h.nodes[i].ev
		out = append(out, Entry{Event: *cloneEvent(e), Status: h.Status(e.ID)})
	}
	var waiting []string
	for id := range h.pending {
		waiting = append(waiting, id)
	}
	sort.Strings(waiting)
	for _, id := range waiting {
		out = append(out, Entry{Event: *cloneEvent(h.pending[id]), Status: h.Status(id)})
	}
	return out
}

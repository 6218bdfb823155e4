package access

import "sort"

// outcome is everything a replay says, as comparable data.
type outcome struct {
	Current  Snapshot
	Statuses map[string]string
	Heads    []string
	KeyDue   bool
}

func fingerprint(h *History, evs []Event) outcome {
	o := outcome{Current: h.Current().Snapshot(), Statuses: map[string]string{}, Heads: h.Heads(), KeyDue: h.KeyDue()}
	for _, e := range evs {
		o.Statuses[e.ID] = h.Status(e.ID).String()
	}
	sort.Strings(o.Heads)
	return o
}

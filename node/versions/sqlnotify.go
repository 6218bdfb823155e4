package versions

import "sync"

// Notices of this handle's landings, for callers that would otherwise ask
// Generation on a timer (05 §10.2 leaves how a node learns of a change to
// it; a change through this handle is told at once, one by another handle
// or process still only by Generation).

// notices are the channels Notify was given.
type notices struct {
	mu  sync.Mutex
	chs []chan<- struct{}
}

// Notify asks the store to send on ch, without blocking, after each
// landing through this handle that moved the generation. Give ch room for
// one: a full ch says a change is not yet looked at, which the next look
// sees along with this one. Notify with a ch given before does nothing.
func (s *SQLite) Notify(ch chan<- struct{}) {
	s.notices.mu.Lock()
	defer s.notices.mu.Unlock()
	for _, c := range s.notices.chs {
		if c == ch {
			return
		}
	}
	s.notices.chs = append(s.notices.chs, ch)
}

// landedNotify is landed, then the notices: the landing is committed, so
// whoever hears of it reads it.
func (s *SQLite) landedNotify(gen uint64, deltas []itemDelta) {
	s.landed(gen, deltas)
	s.notices.mu.Lock()
	defer s.notices.mu.Unlock()
	for _, ch := range s.notices.chs {
		select {
		case ch <- struct{}{}:
		default:
		}
	}
}

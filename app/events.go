package app

import (
	"slices"
	"sync"
)

// subscriberBuffer is how many events a subscriber may fall behind before
// it is dropped; a dropped subscriber reconnects and gets a new snapshot.
const subscriberBuffer = 32

// Event is one message to the UI: a name the UI listens on and its data,
// which must marshal to JSON.
type Event struct {
	Name string `json:"name"`
	Data any    `json:"data"`
}

// Events is the one event stream of the app: each subscriber first gets a
// snapshot of the current state, then every event published after it.
// The window forwards it as Wails events, the browser bridge as SSE.
type Events struct {
	snapshot func() []Event

	mu   sync.Mutex
	subs map[chan Event]struct{}
	kept []keptEvent // the latest event of each key, for the snapshot
}

// keptEvent is an event Keep retains under its key.
type keptEvent struct {
	key string
	ev  Event
}

// NewEvents returns a stream whose subscribers start with snapshot() (nil:
// nothing), then the events Keep retained.
func NewEvents(snapshot func() []Event) *Events {
	return &Events{snapshot: snapshot, subs: make(map[chan Event]struct{})}
}

// Subscribe returns a channel of events, starting with the snapshot, and a
// function that ends the subscription. The channel is closed when the
// subscription ends or the subscriber falls too far behind.
func (e *Events) Subscribe() (<-chan Event, func()) {
	e.mu.Lock()
	// Taken under the lock, so no event published meanwhile is lost or
	// comes before the snapshot.
	var snap []Event
	if e.snapshot != nil {
		snap = e.snapshot()
	}
	for _, k := range e.kept {
		snap = append(snap, k.ev)
	}
	ch := make(chan Event, len(snap)+subscriberBuffer)
	for _, ev := range snap {
		ch <- ev
	}
	e.subs[ch] = struct{}{}
	e.mu.Unlock()
	return ch, func() { e.dropLocking(ch) }
}

// Publish sends ev to every subscriber, dropping those that are full.
func (e *Events) Publish(ev Event) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.publishLocked(ev)
}

// Keep publishes ev and keeps it, in place of the last event kept under
// key, for the snapshot of later subscribers.
func (e *Events) Keep(key string, ev Event) {
	e.mu.Lock()
	defer e.mu.Unlock()
	i := slices.IndexFunc(e.kept, func(k keptEvent) bool { return k.key == key })
	if i < 0 {
		e.kept = append(e.kept, keptEvent{key, ev})
	} else {
		e.kept[i].ev = ev
	}
	e.publishLocked(ev)
}

// Kept gives the data of the events kept now (Keep) whose name is name,
// in the order they were first kept.
func (e *Events) Kept(name string) []any {
	e.mu.Lock()
	defer e.mu.Unlock()
	var out []any
	for _, k := range e.kept {
		if k.ev.Name == name {
			out = append(out, k.ev.Data)
		}
	}
	return out
}

// publishLocked sends ev to every subscriber; e.mu must be held.
func (e *Events) publishLocked(ev Event) {
	for ch := range e.subs {
		select {
		case ch <- ev:
		default:
			e.dropLocked(ch)
		}
	}
}

func (e *Events) dropLocking(ch chan Event) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.dropLocked(ch)
}

// dropLocked ends a subscription; e.mu must be held.
func (e *Events) dropLocked(ch chan Event) {
	if _, ok := e.subs[ch]; ok {
		delete(e.subs, ch)
		close(ch)
	}
}

// Subscribers is how many subscriptions are open now: for `minca ui`,
// whether a page shows its events (app/cli hands a link to a window
// instead when none does).
func (e *Events) Subscribers() int {
	e.mu.Lock()
	defer e.mu.Unlock()
	return len(e.subs)
}

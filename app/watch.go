package app

import (
	"context"
	"time"

	"minca.dev/desktop/node/api"
)

// rewatchWait is the pause before watching the node again after its stream
// ended (its owner exited; a takeover follows within seconds).
const rewatchWait = 500 * time.Millisecond

// NodeEvents returns the app's event stream fed by the node's Watch until
// ctx ends. A "status" event is sent as the app's Status (with its line);
// every other kind is sent as the api.Event under its kind's name. The
// latest event of each kind and space is kept for later subscribers. When
// the node's stream ends while ctx lasts, it watches again, so the window
// keeps its events across a takeover.
func NodeEvents(ctx context.Context, a *App) *Events {
	e := NewEvents(nil)
	go forward(ctx, a, e)
	return e
}

func forward(ctx context.Context, a *App, e *Events) {
	for ev := range KeepWatching(ctx, a.node, func(err error) {
		e.Publish(Event{Name: "error", Data: uiError(err).Error()})
	}) {
		e.Keep(ev.Kind+"\x00"+ev.SpaceID, a.toUI(ctx, ev))
	}
}

// KeepWatching is n's Watch stream until ctx ends, watching again after a
// pause whenever the stream ends or cannot start (its owner exited and a
// takeover follows), so each new stream starts with a fresh snapshot. A
// failed attempt is passed to onErr, if not nil. The channel closes when
// ctx ends.
func KeepWatching(ctx context.Context, n api.Node, onErr func(error)) <-chan api.Event {
	out := make(chan api.Event)
	go func() {
		defer close(out)
		for ctx.Err() == nil {
			events, err := n.Watch(ctx)
			if err != nil && onErr != nil {
				onErr(err)
			}
			if err == nil && !relay(ctx, events, out) {
				return
			}
			select {
			case <-ctx.Done():
			case <-time.After(rewatchWait):
			}
		}
	}()
	return out
}

// toUI is the UI's form of a node event.
func (a *App) toUI(ctx context.Context, ev api.Event) Event {
	if ev.Kind != "status" {
		return Event{Name: ev.Kind, Data: ev}
	}
	st, err := a.status(ctx)
	if err != nil {
		return Event{Name: "error", Data: uiError(err).Error()}
	}
	return Event{Name: "status", Data: st}
}

// relay copies events to out until events closes (true) or ctx ends (false).
func relay(ctx context.Context, events <-chan api.Event, out chan<- api.Event) bool {
	for ev := range events {
		select {
		case out <- ev:
		case <-ctx.Done():
			return false
		}
	}
	return true
}

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
	for ctx.Err() == nil {
		events, err := a.node.Watch(ctx)
		if err != nil {
			e.Publish(Event{Name: "error", Data: uiError(err).Error()})
		} else {
			for ev := range events {
				e.Keep(ev.Kind+"\x00"+ev.SpaceID, a.toUI(ctx, ev))
			}
		}
		select {
		case <-ctx.Done():
		case <-time.After(rewatchWait):
		}
	}
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

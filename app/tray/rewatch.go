package tray

import (
	"context"
	"time"

	"minca.dev/desktop/node/api"
)

// rewatchWait is how long Rewatch waits before watching again after a
// stream ended or Watch failed (say, while another process takes the node
// over).
const rewatchWait = 2 * time.Second

// Rewatch is a Config.Events stream that outlives the node's: it forwards
// watch's events, and when that stream ends or watch fails while ctx
// lasts, it waits rewatchWait and watches again (each new stream starts
// with a snapshot, so the tray reads everything again). It closes when ctx
// ends. watch is api.Node.Watch.
func Rewatch(ctx context.Context, watch func(context.Context) (<-chan api.Event, error)) <-chan api.Event {
	out := make(chan api.Event)
	go func() {
		defer close(out)
		for ctx.Err() == nil {
			if events, err := watch(ctx); err == nil {
				forward(ctx, events, out)
			}
			select {
			case <-ctx.Done():
			case <-time.After(rewatchWait):
			}
		}
	}()
	return out
}

// forward copies events to out until events closes or ctx ends.
func forward(ctx context.Context, events <-chan api.Event, out chan<- api.Event) {
	for {
		var ev api.Event
		var ok bool
		select {
		case ev, ok = <-events:
			if !ok {
				return
			}
		case <-ctx.Done():
			return
		}
		select {
		case out <- ev:
		case <-ctx.Done():
			return
		}
	}
}

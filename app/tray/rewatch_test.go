package tray

import (
	"context"
	"errors"
	"testing"
	"time"

	"minca.dev/desktop/node/api"
)

// TestRewatch: events of successive streams come through one channel,
// across an ended stream and a failed Watch; it closes when ctx ends.
func TestRewatch(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	calls := 0
	watch := func(ctx context.Context) (<-chan api.Event, error) {
		calls++
		if calls == 2 {
			return nil, errors.New("node is being taken over")
		}
		ch := make(chan api.Event, 2)
		ch <- api.Event{Kind: "status", Data: calls}
		if calls == 1 {
			close(ch) // the owner exited
		}
		return ch, nil
	}
	out := Rewatch(ctx, watch)
	for _, want := range []int{1, 3} {
		select {
		case ev := <-out:
			if ev.Data != want {
				t.Fatalf("event from stream %v, want %d", ev.Data, want)
			}
		case <-time.After(3 * rewatchWait):
			t.Fatalf("no event from stream %d", want)
		}
	}
	cancel()
	select {
	case _, ok := <-out:
		if ok {
			t.Fatal("an event after ctx ended")
		}
	case <-time.After(time.Second):
		t.Fatal("Rewatch did not close when ctx ended")
	}
}

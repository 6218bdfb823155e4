package app

import (
	"testing"
	"time"
)

// TestFollowAfterFallingBehind: a follower that falls behind and is dropped
// subscribes again and gets the kept events from a fresh snapshot, then
// live ones; before Follow, the window's page heard nothing more (a launch
// link lost under load).
func TestFollowAfterFallingBehind(t *testing.T) {
	e := NewEvents(nil)
	got := make(chan Event, 1000)
	block := make(chan struct{})
	first := true
	stop := e.Follow(func(ev Event) {
		if first { // hold the follower while the stream overflows
			first = false
			<-block
		}
		got <- ev
	})
	defer stop()
	e.Publish(Event{Name: "start"})
	waitSubscribers(t, e, 1)
	for i := range subscriberBuffer + 10 {
		e.Publish(Event{Name: "noise", Data: i})
	}
	e.Keep("invite", Event{Name: "invite", Data: "link"})
	close(block)
	deadline := time.After(10 * time.Second)
	for {
		select {
		case ev := <-got:
			switch ev.Name {
			case "invite":
				waitSubscribers(t, e, 1)
				e.Publish(Event{Name: "later"})
			case "later":
				return
			}
		case <-deadline:
			t.Fatal("the kept invite, then a live event, never reached the follower after it was dropped")
		}
	}
}

// TestFollowStop: after stop, nothing more is emitted and no subscription
// stays open.
func TestFollowStop(t *testing.T) {
	e := NewEvents(nil)
	got := make(chan Event, 10)
	stop := e.Follow(func(ev Event) { got <- ev })
	waitSubscribers(t, e, 1)
	stop()
	waitSubscribers(t, e, 0)
	e.Publish(Event{Name: "after"})
	select {
	case ev := <-got:
		t.Fatalf("emitted after stop: %v", ev)
	case <-time.After(100 * time.Millisecond):
	}
}

func waitSubscribers(t *testing.T, e *Events, n int) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); e.Subscribers() != n; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("subscribers: %d, want %d", e.Subscribers(), n)
		}
	}
}

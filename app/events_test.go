package app

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"minca.dev/desktop/node/api"
)

func TestEventsSnapshotThenDeltas(t *testing.T) {
	n := 0
	ev := NewEvents(func() []Event {
		n++
		return []Event{{Name: "snap", Data: n}}
	})
	ch, stop := ev.Subscribe()
	defer stop()
	ev.Publish(Event{Name: "delta", Data: 1})
	if got := <-ch; got.Name != "snap" || got.Data != 1 {
		t.Fatalf("first event %+v, want the snapshot", got)
	}
	if got := <-ch; got.Name != "delta" {
		t.Fatalf("second event %+v, want the delta", got)
	}
	// A second subscriber gets a fresh snapshot.
	ch2, stop2 := ev.Subscribe()
	defer stop2()
	if got := <-ch2; got.Data != 2 {
		t.Fatalf("second snapshot %+v", got)
	}
}

func TestEventsStopCloses(t *testing.T) {
	ev := NewEvents(func() []Event { return nil })
	ch, stop := ev.Subscribe()
	stop()
	stop() // twice is harmless
	if _, ok := <-ch; ok {
		t.Fatal("channel open after stop")
	}
	ev.Publish(Event{Name: "x"}) // no subscriber left: no panic
}

func TestEventsDropSlowSubscriber(t *testing.T) {
	ev := NewEvents(func() []Event { return nil })
	slow, stopSlow := ev.Subscribe()
	defer stopSlow()
	fast, stopFast := ev.Subscribe()
	defer stopFast()
	for i := range subscriberBuffer + 1 {
		ev.Publish(Event{Name: "n", Data: i})
		<-fast
	}
	got := 0
	for range slow {
		got++
	}
	if got != subscriberBuffer {
		t.Fatalf("slow subscriber got %d events before being dropped, want %d", got, subscriberBuffer)
	}
}

// NodeEvents forwards the node's Watch: its snapshot (status as the app's
// Status, with its line), then deltas as api.Events; a later subscriber
// starts from the latest of each.
func TestNodeEvents(t *testing.T) {
	a, _ := newTestApp(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	if _, err := a.CreateAccount(api.CreateAccount{ProfileName: "Ana", Passphrase: "a passphrase for Ana"}); err != nil {
		t.Fatal(err)
	}
	events := NodeEvents(ctx, a)
	ch, stop := events.Subscribe()
	defer stop()
	next := func(name string) Event {
		t.Helper()
		timeout := time.After(10 * time.Second)
		for {
			select {
			case ev, ok := <-ch:
				if !ok {
					t.Fatal("stream closed")
				}
				if ev.Name == name {
					return ev
				}
			case <-timeout:
				t.Fatalf("no %s event", name)
			}
		}
	}
	if st, ok := next("status").Data.(Status); !ok || st.Version != "1.2.3-test" || st.Line == "" {
		t.Fatalf("status event data %#v", st)
	}
	s, err := a.CreateSpace(api.CreateSpace{Name: "Watched", Template: "team"})
	if err != nil {
		t.Fatal(err)
	}
	for {
		ev := next("spaces")
		if ne, ok := ev.Data.(api.Event); ok && strings.Contains(fmt.Sprint(ne.Data), s.ID) {
			break
		}
	}
	late, stopLate := events.Subscribe()
	defer stopLate()
	seen := map[string]bool{}
	for len(late) > 0 {
		seen[(<-late).Name] = true
	}
	if !seen["status"] || !seen["spaces"] || !seen["account"] {
		t.Fatalf("late subscriber's snapshot has %v", seen)
	}
}

// Kept gives the data of the kept events of one name, the latest under
// each key, and nothing of events only published.
func TestEventsKept(t *testing.T) {
	ev := NewEvents(nil)
	if got := ev.Kept("invite"); len(got) != 0 {
		t.Fatalf("Kept before any = %v", got)
	}
	ev.Publish(Event{Name: "invite", Data: "published"})
	ev.Keep("invite", Event{Name: "invite", Data: "first"})
	ev.Keep("space\x00a", Event{Name: "space", Data: "a"})
	ev.Keep("invite", Event{Name: "invite", Data: "second"})
	if got := ev.Kept("invite"); len(got) != 1 || got[0] != "second" {
		t.Fatalf("Kept(invite) = %v, want [second]", got)
	}
	if got := ev.Kept("space"); len(got) != 1 || got[0] != "a" {
		t.Fatalf("Kept(space) = %v, want [a]", got)
	}
}

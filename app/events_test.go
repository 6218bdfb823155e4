package app

import (
	"testing"
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

func TestStatusEvents(t *testing.T) {
	a, _ := newTestApp(t)
	snap := StatusEvents(a)()
	if len(snap) != 1 || snap[0].Name != "status" {
		t.Fatalf("snapshot %+v", snap)
	}
	if st, ok := snap[0].Data.(Status); !ok || st.Version != "1.2.3-test" {
		t.Fatalf("snapshot data %+v", snap[0].Data)
	}
}

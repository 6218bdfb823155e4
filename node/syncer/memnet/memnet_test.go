package memnet

import (
	"context"
	"fmt"
	"testing"
	"time"
)

type recorder struct{ got []string }

func (b *recorder) Receive(_ context.Context, from string, msg []byte) error {
	b.got = append(b.got, from+":"+string(msg))
	return nil
}

// TestInOrderPerLink: whatever the delays, a link delivers in the order
// sent; cut links lose what they carry; the same seed gives the same run.
func TestInOrderPerLink(t *testing.T) {
	run := func(seed uint64) []string {
		clock := NewClock(time.Unix(0, 0))
		n := New(clock, seed, Faults{MaxDelay: time.Second, Duplicate: 0.2})
		b := &recorder{}
		n.Add("b", b)
		n.Add("a", &recorder{})
		for i := range 50 {
			n.Conn("a", "b").Send([]byte(fmt.Sprint(i)))
		}
		n.Cut("a", "b")
		n.Conn("a", "b").Send([]byte("lost"))
		n.Heal("a", "b")
		if _, err := n.RunUntilQuiet(context.Background(), 1000); err != nil {
			t.Fatal(err)
		}
		return b.got
	}
	got := run(5)
	last := -1
	for _, m := range got {
		var i int
		if _, err := fmt.Sscanf(m, "a:%d", &i); err != nil {
			t.Fatalf("unexpected %q", m)
		}
		if i < last {
			t.Fatalf("out of order: %d after %d", i, last)
		}
		last = i
	}
	if last != 49 || len(got) < 50 {
		t.Fatalf("got %d messages, last %d", len(got), last)
	}
	if fmt.Sprint(run(5)) != fmt.Sprint(got) {
		t.Fatal("same seed, different run")
	}
}

// TestLiveInOrder: a live network delivers each link's messages in order.
func TestLiveInOrder(t *testing.T) {
	l := NewLive(context.Background())
	b := &recorder{}
	l.Add("b", b)
	for i := range 100 {
		l.Conn("a", "b").Send([]byte(fmt.Sprint(i)))
	}
	for !l.Idle() || len(snapshot(l, b)) < 100 {
		time.Sleep(time.Millisecond)
	}
	l.Close()
	for i, m := range b.got {
		if m != fmt.Sprintf("a:%d", i) {
			t.Fatalf("message %d is %q", i, m)
		}
	}
}

func snapshot(l *Live, r *recorder) []string {
	in := l.nodes["b"]
	in.mu.Lock()
	defer in.mu.Unlock()
	return append([]string(nil), r.got...)
}

package transport

import (
	"sync"
	"testing"
	"time"
)

// holdClock is the real time, except that a wait of a minute or more
// never ends: a held dialler stays held however long the test runs.
type holdClock struct {
	mu   sync.Mutex
	long int // waits of a minute or more asked
}

func (c *holdClock) Now() time.Time { return time.Now() }

func (c *holdClock) After(d time.Duration) <-chan time.Time {
	if d < time.Minute {
		return time.After(d)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.long++
	return nil
}

// phases collects what Config.OnDial tells, in order.
type phases struct{ ch chan DialState }

func (p phases) next(t *testing.T, want string) DialState {
	t.Helper()
	select {
	case s := <-p.ch:
		if s.Phase != want {
			t.Fatalf("phase %q (%+v), want %q", s.Phase, s, want)
		}
		return s
	case <-time.After(10 * time.Second):
		t.Fatalf("no phase told; want %q", want)
	}
	return DialState{}
}

// none says no phase is told while the clock would let a dialler not
// held redial several times over (fast's longest wait is 200 ms).
func (p phases) none(t *testing.T) {
	t.Helper()
	select {
	case s := <-p.ch:
		t.Fatalf("phase %q told of a held dialler: %+v", s.Phase, s)
	case <-time.After(5 * fast.Max):
	}
}

// A dialler tells each change of phase as it happens: a node that does not
// serve the space refuses it (4003) at every attempt, each followed by its
// backoff; held, it waits the hold, the wait under way included, and dials
// no more; Redial dials at once, held again after; let go, it redials with
// its backoff; once the node serves the space, it connects.
func TestDialPhases(t *testing.T) {
	ka, kb := keyOf(t, 1), keyOf(t, 2)
	sp := testSpace(t, ka)
	ga := newGate()
	ta := newTransport(t, ka, ga, &recorder{})
	addr := listen(t, ta)
	p := phases{ch: make(chan DialState, 64)}
	clock := &holdClock{}
	tb := newTransport(t, kb, newGate(sp.ID), &recorder{}, func(c *Config) {
		c.Clock = clock
		c.OnDial = func(d *Dialer, s DialState) {
			if d.Space() != sp.ID || d.URL() != nodeURL(addr, ka.DID()) {
				t.Errorf("told of dialler %s %s", d.Space(), d.URL())
			}
			p.ch <- s
		}
	})
	d, err := tb.Connect(nodeURL(addr, ka.DID()), sp.ID)
	if err != nil {
		t.Fatal(err)
	}
	for range 2 {
		p.next(t, DialConnecting)
		if s := p.next(t, DialRefused); s.Connected || s.LastClose != 4003 {
			t.Fatalf("refused: %+v", s)
		}
		if s := p.next(t, DialBackoff); s.Wait <= 0 || s.Wait >= time.Minute || s.Held != 0 {
			t.Fatalf("backoff: %+v", s)
		}
	}
	d.HoldRefused(time.Hour)
	if s := p.next(t, DialBackoff); s.Wait != time.Hour || s.Held != time.Hour {
		t.Fatalf("held: %+v", s)
	}
	p.none(t)
	d.Redial()
	p.next(t, DialConnecting)
	p.next(t, DialRefused)
	if s := p.next(t, DialBackoff); s.Wait != time.Hour {
		t.Fatalf("held after Redial: %+v", s)
	}
	p.none(t)
	clock.mu.Lock()
	long := clock.long
	clock.mu.Unlock()
	if long != 2 {
		t.Fatalf("%d waits of an hour asked, want 2", long)
	}
	ga.mu.Lock()
	ga.spaces[sp.ID] = true
	ga.mu.Unlock()
	d.HoldRefused(0)
	if s := p.next(t, DialBackoff); s.Wait >= time.Minute || s.Held != 0 {
		t.Fatalf("let go: %+v", s)
	}
	p.next(t, DialConnecting)
	if s := p.next(t, DialConnected); !s.Connected || s.Attempts != 0 {
		t.Fatalf("connected: %+v", s)
	}
	if s := d.State(); s.Phase != DialConnected {
		t.Fatalf("state: %+v", s)
	}
}

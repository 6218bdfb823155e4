package runtime

import (
	"context"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"minca.dev/desktop/node/api"
)

// simClock is a loopClock for one loop ("loop" or "mirror"): each timed
// wait it is asked for fires at once and moves its time on by that wait,
// until its time reaches until; then waits fire no more (only a notice
// wakes the loop). The other loop's timed waits never fire. Every wait
// asked for is recorded.
type simClock struct {
	loop  string
	base  time.Time
	until time.Duration

	mu    sync.Mutex
	spent time.Duration
	waits []time.Duration // every timed wait the loop asked for
	fired int             // how many of them fired
	asked chan time.Duration
}

func installSim(n *Node, loop string, until time.Duration) *simClock {
	c := &simClock{loop: loop, base: time.Now(), until: until, asked: make(chan time.Duration, 1000)}
	n.wake.clock.Store(&loopClock{now: c.now, after: c.after})
	n.wake.kick() // out of the real timer it may be waiting on
	return c
}

func (c *simClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.base.Add(c.spent)
}

func (c *simClock) after(loop string, d time.Duration) <-chan time.Time {
	if loop != c.loop {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.waits = append(c.waits, d)
	select {
	case c.asked <- d:
	default:
	}
	if c.spent >= c.until {
		return nil
	}
	c.spent += d
	c.fired++
	ch := make(chan time.Time, 1)
	ch <- c.base.Add(c.spent)
	return ch
}

// wakesIn counts the timed wakeups whose time fell in (from, to].
func (c *simClock) wakesIn(from, to time.Duration) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	var at time.Duration
	n := 0
	for _, d := range c.waits[:c.fired] {
		at += d
		if at > from && at <= to {
			n++
		}
	}
	return n
}

// settled waits until the simulated time ran out: the loop now waits for
// a notice alone.
func (c *simClock) settled(t *testing.T) {
	t.Helper()
	waitFor(t, c.loop+" runs through its simulated time", func() error {
		c.mu.Lock()
		defer c.mu.Unlock()
		if c.spent < c.until {
			return errNotYet
		}
		return nil
	})
}

// quiet waits until the loop asked for no timed wait for 2×pace: a
// notice it had (installSim's kick, a landing before) has had its pass.
func (c *simClock) quiet(pace time.Duration) {
	for {
		select {
		case <-c.asked:
		case <-time.After(2 * pace):
			return
		}
	}
}

// nextWait waits for the next timed wait the loop asks for.
func (c *simClock) nextWait(t *testing.T) time.Duration {
	t.Helper()
	select {
	case d := <-c.asked:
		return d
	case <-time.After(20 * time.Second):
		t.Fatalf("%s asked for no timed wait", c.loop)
		return 0
	}
}

func (c *simClock) drain() {
	for {
		select {
		case <-c.asked:
		default:
			return
		}
	}
}

var errNotYet = api.Errorf(api.CodeUnavailable, "not yet")

// A change that arrives through sync reaches Watch through the store's
// notice: the node's loop and the mirror's wait on timers that never fire.
func TestLoopHearsSyncAtOnce(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	alice, bob, s, inv := aliceInvitesBob(ctx, t)
	c := installSim(alice.n, "loop", 0)
	c.nextWait(t) // the loop waits on a timer that never fires
	c.quiet(loopEvery)
	joinWatched(ctx, t, alice, bob, s.ID, inv.Link)
}

// At rest the node's loop looks at the stores a few times a minute
// (loopIdle apart), not every loopEvery; a change heard of starts its
// waits short again.
func TestLoopBacksOffAtRest(t *testing.T) {
	ctx := context.Background()
	p := newPerson(t, nil, "Alice")
	s, err := p.n.CreateSpace(ctx, api.CreateSpace{Name: "Quiet", Template: "team"})
	if err != nil {
		t.Fatal(err)
	}
	c := installSim(p.n, "loop", 3*time.Minute)
	c.settled(t)
	max := int(time.Minute/loopIdle) + 1
	if n := c.wakesIn(2*time.Minute, 3*time.Minute); n > max || n == 0 {
		t.Fatalf("%d timed wakeups in the third minute at rest, want 1 to %d", n, max)
	}
	if n := c.wakesIn(0, time.Minute); n > max+5 {
		t.Fatalf("%d timed wakeups in the first minute at rest, want at most %d", n, max+5)
	}
	c.drain()
	if _, err := p.n.Write(ctx, api.Write{SpaceID: s.ID, Collection: "app.chat", Body: "hello"}); err != nil {
		t.Fatal(err)
	}
	if d := c.nextWait(t); d != loopEvery {
		t.Fatalf("after a change the loop waits %v, want %v", d, loopEvery)
	}
}

// At rest the folder mirror wakes a few times a minute (its spaces' pulls,
// mirrorPullMax apart and together), not every mirrorPace; a local change
// wakes it at once and brings its next push and pull near again.
func TestMirrorBacksOffAtRest(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	n := openWith(t, filepath.Join(dir, "a"), nil)
	if _, err := n.SetFolder(ctx, api.SetFolder{Path: filepath.Join(dir, "Shared"), Mode: "use"}); err != nil {
		t.Fatal(err)
	}
	if _, err := n.CreateAccount(ctx, api.CreateAccount{ProfileName: "Alice", Passphrase: "pass phrase"}); err != nil {
		t.Fatal(err)
	}
	s, err := n.CreateSpace(ctx, api.CreateSpace{Name: "Quiet", Template: "team"})
	if err != nil {
		t.Fatal(err)
	}
	c := installSim(n, "mirror", 3*time.Minute)
	c.settled(t)
	max := int(time.Minute/mirrorPullMax) + 1
	if got := c.wakesIn(2*time.Minute, 3*time.Minute); got > max || got == 0 {
		t.Fatalf("%d timed wakeups of the mirror in the third minute at rest, want 1 to %d", got, max)
	}
	c.quiet(mirrorDebounce)
	if _, err := n.Write(ctx, api.Write{SpaceID: s.ID, Collection: "app.chat", Body: "hello"}); err != nil {
		t.Fatal(err)
	}
	// A pass a late notice began before the write may still ask its long
	// wait; the write's own pass must follow with a short one.
	for i := 0; ; i++ {
		d := c.nextWait(t)
		if d <= mirrorDebounce {
			break
		}
		if i == 2 {
			t.Fatalf("after a change the mirror waits %v, want at most %v (the push's debounce)", d, mirrorDebounce)
		}
	}
}

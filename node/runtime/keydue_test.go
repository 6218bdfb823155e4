package runtime

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"
)

// stillClock is a node's time that moves only when the test says so.
type stillClock struct {
	start time.Time
	skew  atomic.Int64
}

func (c *stillClock) now() time.Time { return c.start.Add(time.Duration(c.skew.Load())) }

// A key change someone else made due (Bob left by himself) waits
// keyDueGrace before Alice's node makes it (03 §9.3): the node whose
// change made it due changes the key at once, and its change may be on its
// way. Once the grace has passed, her loop makes exactly one.
func TestKeyDueWaitsItsGrace(t *testing.T) {
	ctx := context.Background()
	clock := &stillClock{start: time.Now()}
	alice := netPerson(t, "Alice", true, func(c *Config) { c.Now = clock.now })
	bob := netPerson(t, "Bob", false)
	s := share(t, alice, true, "member", bob)
	waitFor(t, "alice's members show bob", func() error { return memberOf(alice, s.ID, bob.did) })
	waitFor(t, "bob connected", func() error { return connectedBoth(t, alice, bob) })
	if err := bob.n.LeaveSpace(ctx, s.ID); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "alice's node finds a key change due", func() error {
		alice.n.wake.kick()
		alice.n.mu.Lock()
		defer alice.n.mu.Unlock()
		if alice.n.spaces[s.ID].dueSince.IsZero() {
			return errors.New("not due yet")
		}
		return nil
	})
	time.Sleep(4 * loopEvery) // looks of the loop, her clock still
	alice.n.wake.kick()
	time.Sleep(loopEvery)
	if n := keyChanges(t, alice, s.ID); n != 0 {
		t.Fatalf("%d key changes within the grace, want 0", n)
	}
	clock.skew.Add(int64(keyDueGrace))
	waitFor(t, "alice changes the key once the grace is over", func() error {
		alice.n.wake.kick()
		if keyChanges(t, alice, s.ID) == 0 {
			return errors.New("no key change yet")
		}
		return nil
	})
	if loopLooks(t, alice, s.ID) {
		t.Fatal("a key change is still due after the first")
	}
	if n := keyChanges(t, alice, s.ID); n != 1 {
		t.Fatalf("%d key changes, want 1", n)
	}
}

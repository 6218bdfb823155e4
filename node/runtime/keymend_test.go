package runtime

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"
)

// Bob leaves Alice's private space; Alice and Dan, both admins, see it,
// and each changes the key while their computers are apart (sync paused):
// both changes stand (03 §9.3), and each wrote a record under its own key.
// Back together, each reads the other's record, but the current key's
// earlier leaves the other change's key out. Its author's node mends that
// with one more change (spacekey.ShouldMend, 03-choices "Concurrent key
// changes"), the other waiting longer, and nobody changes the key again.
// Frank, joining later through a view-only link, which carries the current
// key only, reads both records.
func TestConcurrentKeyChangesMended(t *testing.T) {
	ctx := context.Background()
	ca, cd := &stillClock{start: time.Now()}, &stillClock{start: time.Now()}
	alice := netPerson(t, "Alice", true, func(c *Config) { c.Now = ca.now })
	dan := netPerson(t, "Dan", false, func(c *Config) { c.Now = cd.now })
	bob, frank := netPerson(t, "Bob", false), netPerson(t, "Frank", false)
	s := share(t, alice, true, "admin", dan)
	join(t, alice, bob, s.ID, "member")
	both := []*person{alice, dan}
	waitFor(t, "all connected", func() error { return errors.Join(connectedBoth(t, alice, dan), connectedBoth(t, alice, bob)) })
	waitFor(t, "dan's members show bob", func() error { return memberOf(dan, s.ID, bob.did) })

	if err := bob.n.LeaveSpace(ctx, s.ID); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "alice and dan find a key change due", func() error { return dueAt(both, s.ID) })
	for _, p := range both {
		if err := p.n.PauseSync(ctx); err != nil {
			t.Fatal(err)
		}
	}
	advance := func(d time.Duration) {
		ca.skew.Add(int64(d))
		cd.skew.Add(int64(d))
	}
	advance(keyDueGrace)
	waitFor(t, "each changes the key apart", keyChangesAre(t, both, s.ID, 1))
	fromAlice, fromDan := write(t, alice, s.ID, "under Alice's key"), write(t, dan, s.ID, "under Dan's key")

	for _, p := range both {
		if err := p.n.ResumeSync(ctx); err != nil {
			t.Fatal(err)
		}
	}
	waitLong(t, "both hold both changes and read both records", func() error {
		return errors.Join(keyChangesAre(t, both, s.ID, 2)(), reads(alice, s.ID, fromDan, "under Dan's key"),
			reads(dan, s.ID, fromAlice, "under Alice's key"))
	})
	waitFor(t, "alice and dan find the current key leaves a key out", func() error { return dueAt(both, s.ID) })
	advance(keyDueGrace + time.Second) // the current change's author mends; the other waits on
	waitLong(t, "one mending change", keyChangesAre(t, both, s.ID, 3))
	advance(time.Minute)
	for range 5 {
		alice.n.wake.kick()
		dan.n.wake.kick()
		time.Sleep(loopEvery)
	}
	if err := keyChangesAre(t, both, s.ID, 3)(); err != nil {
		t.Fatalf("after the mend: %v", err)
	}

	join(t, alice, frank, s.ID, "")
	waitLong(t, "frank reads both records", func() error {
		return errors.Join(reads(frank, s.ID, fromAlice, "under Alice's key"), reads(frank, s.ID, fromDan, "under Dan's key"))
	})
}

// dueAt says whether each of ps's nodes has found a key change due in id.
func dueAt(ps []*person, id string) error {
	for _, p := range ps {
		p.n.wake.kick()
		p.n.mu.Lock()
		due := !p.n.spaces[id].dueSince.IsZero()
		p.n.mu.Unlock()
		if !due {
			return fmt.Errorf("%s finds none due yet", p.name)
		}
	}
	return nil
}

// keyChangesAre says whether each of ps's stores holds n key changes of id.
func keyChangesAre(t *testing.T, ps []*person, id string, n int) func() error {
	return func() error {
		for _, p := range ps {
			p.n.wake.kick()
			if got := keyChanges(t, p, id); got != n {
				return fmt.Errorf("%s holds %d key changes, want %d", p.name, got, n)
			}
		}
		return nil
	}
}

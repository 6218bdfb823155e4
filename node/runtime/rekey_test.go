package runtime

import (
	"context"
	"fmt"
	"testing"

	"minca.dev/desktop/core/spacekey"
)

// connectedBoth says a and b each list the other as connected: each took
// the other's who (04 §6.4), so a push of either reaches the other.
func connectedBoth(t *testing.T, a, b *person) error {
	t.Helper()
	if err := connected(t, a, b); err != nil {
		return err
	}
	return connected(t, b, a)
}

// keyChangesShown counts the key changes p's access history of space id
// shows (03 §9.3).
func keyChangesShown(t *testing.T, p *person, id string) int {
	t.Helper()
	hs, err := p.n.History(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, c := range hs {
		if c.Action == actChangeKey {
			n++
		}
	}
	return n
}

// After a key change a newcomer still joins (03 §7.4, §9.3; 04 §6.3): Eve's
// invite carries the current key, which her history (the genesis alone)
// does not name yet; she proves reading with it, Alice's node admits her on
// its current key, and the join lands, with no misbehaviour counted.
func TestJoinAfterKeyChange(t *testing.T) {
	for _, how := range []string{"removed", "left"} {
		t.Run(how, func(t *testing.T) {
			ctx := context.Background()
			alice, bob, eve := netPerson(t, "Alice", true), netPerson(t, "Bob", false), netPerson(t, "Eve", false)
			s := share(t, alice, true, "member", bob)
			waitFor(t, "alice's members show bob", func() error { return memberOf(alice, s.ID, bob.did) })
			if how == "removed" {
				if err := alice.n.RemoveMember(ctx, s.ID, bob.did); err != nil {
					t.Fatal(err)
				}
			} else {
				waitFor(t, "bob connected", func() error { return connectedBoth(t, alice, bob) })
				if err := bob.n.LeaveSpace(ctx, s.ID); err != nil {
					t.Fatal(err)
				}
			}
			waitFor(t, "alice changes the key", func() error {
				if n := keyChangesShown(t, alice, s.ID); n == 0 {
					return fmt.Errorf("no key change yet")
				}
				return nil
			})
			join(t, alice, eve, s.ID, "member")
			waitFor(t, "alice's members show eve", func() error { return memberOf(alice, s.ID, eve.did) })
			waitFor(t, "eve's own members show her", func() error { return memberOf(eve, s.ID, eve.did) })
			id := write(t, alice, s.ID, "after the change")
			waitFor(t, "eve reads alice", func() error { return reads(eve, s.ID, id, "after the change") })
			if ps, ok := peer(t, alice, eve.wireDID()); !ok || ps.Dropped != 0 || ps.Refused != 0 {
				t.Fatalf("alice's peer eve %+v (%v)", ps, ok)
			}
		})
	}
}

// keyChanges counts the sys.key versions p's store of space id holds.
func keyChanges(t *testing.T, p *person, id string) int {
	t.Helper()
	p.n.mu.Lock()
	defer p.n.mu.Unlock()
	vs, err := p.n.spaces[id].store.Collection(context.Background(), spacekey.CollectionKey)
	if err != nil {
		t.Fatal(err)
	}
	return len(vs)
}

// loopLooks has p's node look at space id as its loop does after a store
// change (loop.go keyDueLocked) and says whether it would change the key.
func loopLooks(t *testing.T, p *person, id string) bool {
	t.Helper()
	p.n.mu.Lock()
	defer p.n.mu.Unlock()
	ctx := context.Background()
	h := p.n.spaces[id]
	hist, err := h.replay(ctx)
	if err != nil {
		t.Fatal(err)
	}
	ring, err := h.keys.keyring(ctx)
	if err != nil {
		t.Fatal(err)
	}
	due := spacekey.ShouldChange(hist, ring, p.n.acct.DID())
	p.n.keyDueLocked(ctx, h)
	return due
}

// One removal, or one leave, writes exactly one key change (03 §9.2,
// §9.3): the change made at once (removal) or by the loop (leave) sees
// what made it due, so the loop's next look finds none due.
func TestOneKeyChange(t *testing.T) {
	for _, how := range []string{"removed", "left"} {
		t.Run(how, func(t *testing.T) {
			ctx := context.Background()
			alice, bob := netPerson(t, "Alice", true), netPerson(t, "Bob", false)
			s := share(t, alice, true, "member", bob)
			waitFor(t, "alice's members show bob", func() error { return memberOf(alice, s.ID, bob.did) })
			if how == "removed" {
				if err := alice.n.RemoveMember(ctx, s.ID, bob.did); err != nil {
					t.Fatal(err)
				}
			} else {
				waitFor(t, "bob connected", func() error { return connectedBoth(t, alice, bob) })
				if err := bob.n.LeaveSpace(ctx, s.ID); err != nil {
					t.Fatal(err)
				}
				waitFor(t, "alice changes the key", func() error {
					if keyChanges(t, alice, s.ID) == 0 {
						return fmt.Errorf("no key change yet")
					}
					return nil
				})
			}
			if loopLooks(t, alice, s.ID) {
				t.Fatal("a key change is still due after the first")
			}
			if n, shown := keyChanges(t, alice, s.ID), keyChangesShown(t, alice, s.ID); n != 1 || shown != 1 {
				t.Fatalf("%d key changes stored, %d shown, want 1", n, shown)
			}
		})
	}
}

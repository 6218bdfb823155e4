package runtime

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"minca.dev/desktop/node/api"
	"minca.dev/desktop/node/paths"
)

// Bob, removed from Alice's private space, lets it go from his computer
// (LeaveSpace: the registry says he left) and pastes an invite to it again:
// the join is kept, waiting (Alice's node refuses a former member), and the
// space is listed as joining, also after the registry is followed again
// (Spaces), not dropped as left (issue 8).
func TestRejoinAfterLettingGoListed(t *testing.T) {
	ctx := context.Background()
	alice, bob := netPerson(t, "Alice", true), netPerson(t, "Bob", false)
	s := share(t, alice, true, "member", bob)
	waitFor(t, "alice's members show bob", func() error { return memberOf(alice, s.ID, bob.did) })
	waitFor(t, "bob's own members show him", func() error { return memberOf(bob, s.ID, bob.did) })
	if err := alice.n.RemoveMember(ctx, s.ID, bob.did); err != nil {
		t.Fatal(err)
	}
	if err := bob.n.LeaveSpace(ctx, s.ID); err != nil {
		t.Fatal(err)
	}
	if _, ok := summaryOf(t, bob, s.ID); ok {
		t.Fatal("the space is still listed once let go")
	}
	inv, err := alice.n.CreateInvite(ctx, api.CreateInvite{SpaceID: s.ID, Role: "member"})
	if err != nil {
		t.Fatal(err)
	}
	got, err := bob.n.Join(ctx, inv.Link)
	if err != nil {
		t.Fatalf("bob pastes the invite again: %v", err)
	}
	if got.ID != s.ID {
		t.Fatalf("joined %+v", got)
	}
	for range 3 {
		sum, ok := summaryOf(t, bob, s.ID)
		if !ok || (sum.Joining == nil && len(sum.Roles) == 0) {
			t.Fatalf("bob's spaces lack the space he is joining: %+v (%v)", sum, ok)
		}
	}
	if _, err := bob.n.Space(ctx, s.ID); err != nil {
		t.Fatalf("bob's space page: %v", err)
	}
}

// Removed, Bob is invited back (03 §4.3: re-adding settles a removal): his
// node, which let the space go, joins with the new invite's current key
// (04 §6.3), Alice's node admits it on that key although he is a former
// member, his join lands and he reads what Alice writes after.
func TestRejoinAfterRemoval(t *testing.T) {
	ctx := context.Background()
	alice, bob := netPerson(t, "Alice", true), netPerson(t, "Bob", false)
	s := share(t, alice, true, "member", bob)
	waitFor(t, "alice's members show bob", func() error { return memberOf(alice, s.ID, bob.did) })
	if err := alice.n.RemoveMember(ctx, s.ID, bob.did); err != nil {
		t.Fatal(err)
	}
	if err := bob.n.LeaveSpace(ctx, s.ID); err != nil {
		t.Fatal(err)
	}
	join(t, alice, bob, s.ID, "member")
	waitFor(t, "alice's members show bob again", func() error { return memberOf(alice, s.ID, bob.did) })
	id := write(t, alice, s.ID, "welcome back")
	waitFor(t, "bob reads alice", func() error { return reads(bob, s.ID, id, "welcome back") })
}

// Removed, Bob keeps the space (he does not let it go) until Alice invites
// him back: the new invite redials her at once (netsync AddNodes,
// removal.go's "at once on a new invite"), not after the hour a removed
// node waits between tries; the join lands and he reads what she writes
// after.
func TestRejoinWhileHeld(t *testing.T) {
	ctx := context.Background()
	alice, bob := netPerson(t, "Alice", true), netPerson(t, "Bob", false)
	s := share(t, alice, true, "member", bob)
	waitFor(t, "alice's members show bob", func() error { return memberOf(alice, s.ID, bob.did) })
	waitFor(t, "bob's own members show him", func() error { return memberOf(bob, s.ID, bob.did) })
	if err := alice.n.RemoveMember(ctx, s.ID, bob.did); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "bob is refused", func() error {
		sum, ok := summaryOf(t, bob, s.ID)
		if !ok || sum.Removed == nil {
			return fmt.Errorf("bob's summary %+v", sum)
		}
		return nil
	})
	join(t, alice, bob, s.ID, "member")
	waitFor(t, "alice's members show bob again", func() error { return memberOf(alice, s.ID, bob.did) })
	id := write(t, alice, s.ID, "welcome back")
	waitFor(t, "bob reads alice", func() error { return reads(bob, s.ID, id, "welcome back") })
}

// reopenNet restarts p's node over sockets from its home (the account
// unlocked again with its passphrase, as a restart without a keychain).
func (p *person) reopenNet(t *testing.T) {
	t.Helper()
	p.n.Close()
	n, err := Open(context.Background(), Config{Env: paths.Env{GOOS: "linux", Home: p.home}, Sockets: true})
	if err != nil {
		t.Fatalf("%s reopens: %v", p.name, err)
	}
	p.n = n
	t.Cleanup(func() { n.Close() })
	if _, err := n.RestoreAccount(context.Background(), api.RestoreAccount{Passphrase: "pass of " + p.name}); err != nil {
		t.Fatalf("%s unlocks: %v", p.name, err)
	}
}

// Carol holds Alice's private space through a view-only link. Alice
// removes Bob and the key changes: Carol's link carried the old key only,
// so she opens nothing written after (03 §9.5: no reader, no box). Alice
// makes a new view-only link, which carries the new key (03 §7.4); Carol
// joins with it the space she holds: her node takes the new key, proves it
// to Alice's node (04 §6.3) and opens what Alice wrote after the removal,
// and after her node restarts it still does, and reads what Alice writes
// then.
func TestViewOnlyRejoinAfterKeyChange(t *testing.T) {
	ctx := context.Background()
	alice, bob, carol := netPerson(t, "Alice", true), netPerson(t, "Bob", false), netPerson(t, "Carol", false)
	s := share(t, alice, true, "member", bob)
	join(t, alice, carol, s.ID, "")
	waitFor(t, "alice's members show bob", func() error { return memberOf(alice, s.ID, bob.did) })
	before := write(t, alice, s.ID, "before")
	waitFor(t, "carol reads before", func() error { return reads(carol, s.ID, before, "before") })
	if err := alice.n.RemoveMember(ctx, s.ID, bob.did); err != nil {
		t.Fatal(err)
	}
	after := write(t, alice, s.ID, "after Bob")
	if err := reads(carol, s.ID, after, nil); err != nil {
		t.Fatalf("carol on the old link: %v", err)
	}

	join(t, alice, carol, s.ID, "") // a new view-only link, for the space she holds
	waitFor(t, "carol reads after, on the new link", func() error { return reads(carol, s.ID, after, "after Bob") })
	if err := reads(bob, s.ID, after, nil); err != nil {
		t.Fatalf("bob: %v", err)
	}

	carol.reopenNet(t)
	if err := reads(carol, s.ID, after, "after Bob"); err != nil {
		t.Fatalf("after carol's restart: %v", err)
	}
	later := write(t, alice, s.ID, "after the restart")
	waitFor(t, "carol reads what alice wrote after her restart", func() error { return reads(carol, s.ID, later, "after the restart") })
}

// The same when the new view-only link names no computer: Erin, an admin
// whose node does not listen, makes it after the key change. Carol's node,
// refused by the node it dials for refusedLong, waits refusedRetry after
// each refusal (removal.go); the join is a new invitation, so it tries that
// node again at once, proves the new key and reads, not an hour later.
func TestViewOnlyRejoinLinkNamingNoNode(t *testing.T) {
	ctx := context.Background()
	alice, bob, carol, erin := netPerson(t, "Alice", true), netPerson(t, "Bob", false), netPerson(t, "Carol", false), netPerson(t, "Erin", false)
	clock := installSkew(carol.n)
	s := share(t, alice, true, "member", bob)
	join(t, alice, erin, s.ID, "admin")
	join(t, alice, carol, s.ID, "")
	waitFor(t, "alice's members show bob and erin", func() error {
		if err := memberOf(alice, s.ID, bob.did); err != nil {
			return err
		}
		return memberOf(alice, s.ID, erin.did)
	})
	if err := alice.n.RemoveMember(ctx, s.ID, bob.did); err != nil {
		t.Fatal(err)
	}
	after := write(t, alice, s.ID, "after Bob")
	waitFor(t, "erin reads after", func() error { return reads(erin, s.ID, after, "after Bob") })
	waitFor(t, "carol is refused", func() error {
		if ps, ok := peer(t, carol, alice.wireDID()); !ok || ps.State != "refused" {
			return fmt.Errorf("carol's peer alice: %+v", ps)
		}
		if carol.n.wake.sawRefused.Load() == 0 {
			return errors.New("carol's refusal loop has not seen it yet")
		}
		return nil
	})
	clock.skip(refusedLong)
	waitFor(t, "carol's node retries seldom", func() error {
		carol.n.wake.kick()
		if got := carol.n.net.RefusedHold(s.ID); got != refusedRetry {
			return fmt.Errorf("carol's node waits %v after a refusal", got)
		}
		return nil
	})
	inv, err := erin.n.CreateInvite(ctx, api.CreateInvite{SpaceID: s.ID, ViewOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	began := time.Now()
	if _, err := carol.n.Join(ctx, inv.Link); err != nil {
		t.Fatalf("carol joins on erin's link: %v", err)
	}
	waitFor(t, "carol reads after, on erin's link", func() error { return reads(carol, s.ID, after, "after Bob") })
	t.Logf("carol read %v after the join", time.Since(began))
}

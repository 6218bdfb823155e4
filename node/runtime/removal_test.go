package runtime

import (
	"context"
	"fmt"
	"testing"
	"time"

	"minca.dev/desktop/node/api"
	"minca.dev/desktop/node/netsync"
)

// waitSpaceEvent reads Watch events until a "space" event of id passes ok.
func waitSpaceEvent(t *testing.T, evs <-chan api.Event, id, what string, ok func(api.SpaceSummary) bool) api.SpaceSummary {
	t.Helper()
	timeout := time.After(20 * time.Second)
	for {
		select {
		case e, open := <-evs:
			if !open {
				t.Fatalf("%s: the stream ended", what)
			}
			if s, is := e.Data.(api.SpaceSummary); is && e.Kind == "space" && e.SpaceID == id && ok(s) {
				return s
			}
		case <-timeout:
			t.Fatalf("%s: none came", what)
		}
	}
}

// stepClock is a loopClock whose timed waits of one loop each fire after
// step, however long they are (the other loops' never fire): the refusal
// loop's backoff runs through in a few steps.
type stepClock struct {
	loop string
	step time.Duration
}

func installStep(n *Node, loop string, step time.Duration) {
	c := stepClock{loop: loop, step: step}
	n.wake.clock.Store(&loopClock{now: time.Now, after: c.after})
	n.wake.kick() // out of the real timer it may be waiting on
}

func (c stepClock) after(loop string, _ time.Duration) <-chan time.Time {
	if loop != c.loop {
		return nil
	}
	return time.After(c.step)
}

// atRest waits until n's refusal loop looked and then stayed still for
// its pace and all its backoff's steps, twice over, and says how many
// looks it made.
func atRest(t *testing.T, n *Node, step time.Duration) int64 {
	t.Helper()
	quiet := 2 * (refusalEvery + 10*step)
	deadline := time.Now().Add(20 * time.Second)
	for {
		before := n.wake.looks.Load()
		time.Sleep(quiet)
		if now := n.wake.looks.Load(); now == before && now > 0 {
			return now
		}
		if time.Now().After(deadline) {
			t.Fatalf("the refusal loop never came to rest: %d looks", n.wake.looks.Load())
		}
	}
}

// memberOf says whether did is a member (not pending) of space id as p's
// node sees it.
func memberOf(p *person, id, did string) error {
	ms, err := p.n.Members(context.Background(), id)
	if err != nil {
		return err
	}
	for _, m := range ms {
		if m.DID == did && !m.Pending {
			return nil
		}
	}
	return fmt.Errorf("%s's members lack %s: %+v", p.name, did, ms)
}

// Over node sockets, Alice removes Bob from a private space. Her node
// sends him nothing more, the removal included (03 §9.2), so Bob's node
// learns it from her refusals (4003): while the space is open, a space
// event says it is refused (no store change wakes it), the page's peer
// says refused rather than backing off, and Bob is still a member in his
// own replay (who removed him is unknown to it). Bob's refusal loop is at
// rest when Alice removes him, looking no more on its own: the peer's
// going, told by node/netsync, is what wakes it.
func TestRemovedNodeNoticesRefusal(t *testing.T) {
	ctx := context.Background()
	alice, bob := netPerson(t, "Alice", true), netPerson(t, "Bob", false)
	s := share(t, alice, true, "member", bob)
	waitFor(t, "bob connected", func() error { return connected(t, bob, alice) })
	waitFor(t, "alice's members show bob", func() error { return memberOf(alice, s.ID, bob.did) })
	if r := detail(t, bob, s.ID).Removed; r != nil {
		t.Fatalf("bob, a member, shown removed: %+v", r)
	}
	evs, err := bob.n.Watch(ctx)
	if err != nil {
		t.Fatal(err)
	}
	const step = 20 * time.Millisecond
	installStep(bob.n, "refusal", step)
	// At rest, connected to Alice: no looks while the clock would fire a
	// timed one every step, fifty times over.
	rest := atRest(t, bob.n, step)
	time.Sleep(50 * step)
	if now := bob.n.wake.looks.Load(); now != rest {
		t.Fatalf("bob's refusal loop looks at rest: %d looks, then %d", rest, now)
	}
	if err := alice.n.RemoveMember(ctx, s.ID, bob.did); err != nil {
		t.Fatal(err)
	}
	got := waitSpaceEvent(t, evs, s.ID, "bob's space refused", func(s api.SpaceSummary) bool { return s.Removed != nil && s.Removed.Refused })
	if got.Removed.By != "" {
		t.Fatalf("bob's node names who removed him without the removal: %+v", got.Removed)
	}
	d := detail(t, bob, s.ID)
	if d.Removed == nil || !d.Removed.Refused || len(d.Peers) != 1 || d.Peers[0].State != netsync.PeerStateRefused {
		t.Fatalf("bob's page: removed %+v, peers %+v", d.Removed, d.Peers)
	}
	if d := detail(t, alice, s.ID); d.Removed != nil {
		t.Fatalf("alice shown removed: %+v", d.Removed)
	}
	// The look that tells it: a space whose refusal changed since the last
	// look gets a space event; one that did not, none.
	seen := map[string]bool{}
	if changed, _ := bob.n.noticeRefusals(seen); !changed || !seen[s.ID] {
		t.Fatalf("the look did not see bob's space refused: %v", seen)
	}
	waitSpaceEvent(t, evs, s.ID, "the look's space event", func(s api.SpaceSummary) bool { return s.Removed != nil && s.Removed.Refused })
	if changed, _ := bob.n.noticeRefusals(seen); changed {
		t.Fatalf("a second look saw a change: %v", seen)
	}
	// Refused by every node it dials, none pending: at rest again.
	rest = atRest(t, bob.n, step)
	time.Sleep(50 * step)
	if now := bob.n.wake.looks.Load(); now != rest {
		t.Fatalf("bob's refusal loop looks at rest once refused: %d looks, then %d", rest, now)
	}
}

// On the Hub, which has no gate, the removal itself reaches Bob's node:
// his space says who removed him and when, as soon as his store lands it
// (a space event, without a restart).
func TestRemovedNodeNoticesRemoval(t *testing.T) {
	ctx := context.Background()
	alice, bob, id := joinedPair(t)
	s := api.SpaceSummary{ID: id}
	evs, err := bob.n.Watch(ctx)
	if err != nil {
		t.Fatal(err)
	}
	before := time.Now().Add(-time.Second)
	if err := alice.n.RemoveMember(ctx, s.ID, bob.did); err != nil {
		t.Fatal(err)
	}
	got := waitSpaceEvent(t, evs, s.ID, "bob's removal", func(s api.SpaceSummary) bool { return s.Removed != nil })
	r := got.Removed
	if r.By != alice.did || r.ByName != "Alice" || r.At.Before(before) || r.Refused {
		t.Fatalf("bob's removal %+v", r)
	}
	// Leaving himself is not being removed.
	if err := bob.n.LeaveSpace(ctx, s.ID); err != nil {
		t.Fatal(err)
	}
	if ss, err := bob.n.Spaces(ctx); err != nil || len(ss) != 0 {
		t.Fatalf("bob's spaces after removing it from his computer: %+v %v", ss, err)
	}
}

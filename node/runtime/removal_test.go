package runtime

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync/atomic"
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

// skewClock is the real time for the node's loops, moved on by skip: the
// refusal loop's refusedLong passes in no time.
type skewClock struct{ skew atomic.Int64 }

func installSkew(n *Node) *skewClock {
	c := &skewClock{}
	n.wake.clock.Store(&loopClock{
		now:   func() time.Time { return time.Now().Add(time.Duration(c.skew.Load())) },
		after: func(_ string, d time.Duration) <-chan time.Time { return time.After(d) },
	})
	return c
}

func (c *skewClock) skip(d time.Duration) { c.skew.Add(int64(d)) }

// quiet waits until n's refusal loop made no look for a while and says
// how many it made.
func quiet(t *testing.T, n *Node) int64 {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		before := n.wake.looks.Load()
		time.Sleep(3 * refusalEvery)
		if now := n.wake.looks.Load(); now == before && now > 0 {
			return now
		}
		if time.Now().After(deadline) {
			t.Fatalf("the refusal loop never stopped looking: %d looks", n.wake.looks.Load())
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
// own replay (who removed him is unknown to it). Bob's refusal loop looks
// on no timer: connected to Alice, it makes no look; the refusal, told by
// node/netsync, is what wakes it.
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
	rest := quiet(t, bob.n)
	time.Sleep(4 * refusalEvery)
	if now := bob.n.wake.looks.Load(); now != rest {
		t.Fatalf("bob's refusal loop looks, connected and told nothing: %d looks, then %d", rest, now)
	}
	if err := alice.n.RemoveMember(ctx, s.ID, bob.did); err != nil {
		t.Fatal(err)
	}
	got := waitSpaceEvent(t, evs, s.ID, "bob's space refused", func(s api.SpaceSummary) bool { return s.Removed != nil && s.Removed.Refused })
	if got.Removed.By != "" || got.Removed.RetryEvery != 0 {
		t.Fatalf("bob's node names who removed him without the removal, or gave up at once: %+v", got.Removed)
	}
	notAmong(t, bob, s.ID, got)
	d := detail(t, bob, s.ID)
	if d.Removed == nil || !d.Removed.Refused || len(d.Peers) != 1 || d.Peers[0].State != netsync.PeerStateRefused {
		t.Fatalf("bob's page: removed %+v, peers %+v", d.Removed, d.Peers)
	}
	if d := detail(t, alice, s.ID); d.Removed != nil {
		t.Fatalf("alice shown removed: %+v", d.Removed)
	}
	// Bob's replay still makes him a member, but his node grants him nothing
	// and refuses what he would change, saying he appears removed.
	if !mayNothing(d.May) || d.May.Blocked != api.BlockedRemoved {
		t.Fatalf("bob's rights, refused by every node: %+v", d.May)
	}
	if ms, err := bob.n.Members(ctx, s.ID); err != nil || len(ms) == 0 || !slices.ContainsFunc(ms, func(m api.Member) bool { return m.DID == alice.did && !m.May.Remove && len(m.May.Give) == 0 }) {
		t.Fatalf("bob's rights toward alice, refused by every node: %+v %v", ms, err)
	}
	for _, req := range []api.CreateInvite{{SpaceID: s.ID, ViewOnly: true}, {SpaceID: s.ID, Role: "member"}} {
		if _, err := bob.n.CreateInvite(ctx, req); !removedRefusal(err) {
			t.Fatalf("bob, refused by every node, invites (%+v): %v", req, err)
		}
	}
	if err := bob.n.Assign(ctx, s.ID, bob.did, "admin"); !removedRefusal(err) {
		t.Fatalf("bob, refused by every node, gives himself a role: %v", err)
	}
	if d := detail(t, alice, s.ID); !d.May.InviteViewOnly || d.May.Blocked != "" {
		t.Fatalf("alice's rights: %+v", d.May)
	}
	// The look that tells it: a space whose refusal changed since the last
	// look gets a space event; one that did not, none.
	rs := newRefusals()
	if changed := bob.n.noticeRefusals(rs); !changed || !rs.refused[s.ID] {
		t.Fatalf("the look did not see bob's space refused: %v", rs.refused)
	}
	waitSpaceEvent(t, evs, s.ID, "the look's space event", func(s api.SpaceSummary) bool { return s.Removed != nil && s.Removed.Refused })
	if changed := bob.n.noticeRefusals(rs); changed {
		t.Fatalf("a second look saw a change: %v", rs.refused)
	}
}

// mayNothing says whether r grants nothing at all.
func mayNothing(r api.Rights) bool {
	return len(r.AssignSelf)+len(r.AssignOthers)+len(r.DefineRoles)+len(r.Invite)+len(r.CloseInvites) == 0 &&
		!r.RemoveMembers && !r.StepDown && !r.Leave && !r.Keepers && !r.InviteViewOnly
}

// removedRefusal says whether err refuses a change of an account that
// appears removed.
func removedRefusal(err error) bool {
	var e *api.Error
	return errors.As(err, &e) && e.Code == api.CodeForbidden && e.Message == msgRemoved
}

// Once every node a space dials has refused Bob for refusedLong, his node
// stops retrying often: it waits refusedRetry after each refusal, the wait
// under way included, and his space's summary says so. Alice's node, which
// counts each refused dial against Bob's, counts no more of them (his
// backoff alone dials again within 2 s at that point); his refusal loop
// makes no more looks. Sync now tries once more, at once, then he waits
// again.
func TestRemovedNodeStopsDialling(t *testing.T) {
	ctx := context.Background()
	alice, bob := netPerson(t, "Alice", true), netPerson(t, "Bob", false)
	s := share(t, alice, true, "member", bob)
	waitFor(t, "bob connected", func() error { return connected(t, bob, alice) })
	waitFor(t, "alice's members show bob", func() error { return memberOf(alice, s.ID, bob.did) })
	clock := installSkew(bob.n)
	evs, err := bob.n.Watch(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := alice.n.RemoveMember(ctx, s.ID, bob.did); err != nil {
		t.Fatal(err)
	}
	waitSpaceEvent(t, evs, s.ID, "bob's space refused", func(s api.SpaceSummary) bool { return s.Removed != nil && s.Removed.Refused })
	if r := detail(t, bob, s.ID).Removed; r.RetryEvery != 0 {
		t.Fatalf("bob's node gave up at its first refusal: %+v", r)
	}
	// The refused event may come before the refusal loop's look has seen
	// the refusal (and started counting refusedLong): skip after that look.
	waitFor(t, "bob's refusal loop saw the refusal", func() error {
		if bob.n.wake.sawRefused.Load() == 0 {
			return errors.New("no look saw it yet")
		}
		return nil
	})
	clock.skip(refusedLong)
	waitSpaceEvent(t, evs, s.ID, "bob's node retrying seldom", func(s api.SpaceSummary) bool {
		return s.Removed != nil && s.Removed.Refused && s.Removed.RetryEvery == refusedRetry
	})
	dials := func() int {
		ps, _ := peer(t, alice, bob.wireDID())
		return ps.Refused // each refused dial of his is counted against him
	}
	looks := quiet(t, bob.n) // a refusal told during the look that held back gets one more
	held := dials()
	time.Sleep(4 * time.Second)
	if now := dials(); now != held {
		t.Fatalf("bob's node dialled alice's %d times more, held back", now-held)
	}
	if now := bob.n.wake.looks.Load(); now != looks {
		t.Fatalf("bob's refusal loop looked %d times more, held back", now-looks)
	}
	if d := detail(t, bob, s.ID); d.Peers[0].State != netsync.PeerStateRefused {
		t.Fatalf("bob's page, held back: peers %+v", d.Peers)
	}
	if err := bob.n.SyncNow(ctx, s.ID); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "sync now dials once", func() error {
		if now := dials(); now != held+1 {
			return fmt.Errorf("%d dials since held back", now-held)
		}
		return nil
	})
	time.Sleep(4 * time.Second)
	if now := dials(); now != held+1 {
		t.Fatalf("bob's node dialled alice's %d times after sync now, want 1", now-held)
	}
	if r := detail(t, bob, s.ID).Removed; r == nil || r.RetryEvery != refusedRetry {
		t.Fatalf("bob's removal after sync now: %+v", r)
	}
}

// How long a space's dialers wait after each refusal.
func TestRefusedHold(t *testing.T) {
	for _, c := range []struct {
		removed, refused bool
		for_             time.Duration
		want             time.Duration
	}{
		{false, false, 0, 0},
		{false, true, refusedLong - time.Second, 0},
		{false, true, refusedLong, refusedRetry},
		{false, false, refusedLong, 0}, // no longer refused by every node
		{true, false, 0, refusedRetry}, // the removal is in its history
		{true, true, 0, refusedRetry},
	} {
		if got := refusedHold(c.removed, c.refused, c.for_); got != c.want {
			t.Errorf("removed %v, refused %v for %v: %v, want %v", c.removed, c.refused, c.for_, got, c.want)
		}
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
	notAmong(t, bob, s.ID, got)
	if d := detail(t, bob, s.ID); !mayNothing(d.May) || d.May.Blocked != api.BlockedRemoved {
		t.Fatalf("bob's rights, removed in his history: %+v", d.May)
	}
	if _, err := bob.n.CreateInvite(ctx, api.CreateInvite{SpaceID: s.ID, ViewOnly: true}); !removedRefusal(err) {
		t.Fatalf("bob, removed in his history, invites: %v", err)
	}
	// Leaving himself is not being removed.
	if err := bob.n.LeaveSpace(ctx, s.ID); err != nil {
		t.Fatal(err)
	}
	if ss, err := bob.n.Spaces(ctx); err != nil || len(ss) != 0 {
		t.Fatalf("bob's spaces after removing it from his computer: %+v %v", ss, err)
	}
}

// notAmong checks that p's views of space id, which shows p removed, do not
// count or list p among its members (its list and its page agree: 1, the
// remover), though p's own history may still list p.
func notAmong(t *testing.T, p *person, id string, sum api.SpaceSummary) {
	t.Helper()
	ms, err := p.n.Members(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	d := detail(t, p, id)
	if sum.Members != 1 || d.Members != 1 || len(ms) != 1 || ms[0].DID == p.did {
		t.Fatalf("%s, removed, is counted or listed: summary %d, page %d, members %+v", p.name, sum.Members, d.Members, ms)
	}
}

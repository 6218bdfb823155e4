package syncer

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"minca.dev/desktop/core/record"
	"minca.dev/desktop/core/syncmsg"
	"minca.dev/desktop/node/syncer/memnet"
	"minca.dev/desktop/node/versions"
)

// gatedStore is a memory store whose Put can be held at its start until
// released, and made to fail, so that a test sees a change landing aside
// while the engine goes on.
type gatedStore struct {
	*versions.Memory
	mu      sync.Mutex
	gate    chan struct{} // Put waits for it to close; nil: no wait
	entered chan struct{} // gets one value as each Put starts
	fail    error         // Put fails with it (after the gate)
}

func (s *gatedStore) Put(ctx context.Context, vs ...*record.Version) error {
	s.mu.Lock()
	gate, fail := s.gate, s.fail
	s.mu.Unlock()
	if s.entered != nil {
		s.entered <- struct{}{}
	}
	if gate != nil {
		<-gate
	}
	if fail != nil {
		return fail
	}
	return s.Memory.Put(ctx, vs...)
}

func (s *gatedStore) set(gate chan struct{}, fail error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.gate, s.fail = gate, fail
}

// sentLog records what an engine sends, safe from the landing's goroutine.
type sentLog struct {
	mu    sync.Mutex
	acked []string
	wants int
}

func (l *sentLog) Send(b []byte) {
	m, err := syncmsg.Parse(b)
	if err != nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	switch m := m.(type) {
	case *syncmsg.Stored:
		l.acked = append(l.acked, m.IDs...)
	case *syncmsg.Want:
		l.wants++
	}
}

func (l *sentLog) seen() (acked []string, wants int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	acked = slices.Clone(l.acked)
	slices.Sort(acked)
	return acked, l.wants
}

const asideFrom = "did:test:sender"

// asideReceiver is an engine over a gatedStore that lands aside as soon as
// two versions wait, with asideFrom as its peer.
func asideReceiver(t *testing.T, c *cluster) (*node, *gatedStore, *sentLog) {
	t.Helper()
	st := &gatedStore{Memory: versions.NewMemory(), entered: make(chan struct{}, 16)}
	sp, err := NewSpace(ctx, SpaceConfig{Space: c.sp, Store: st})
	if err != nil {
		t.Fatal(err)
	}
	k := keyOf(t, 77)
	eng, err := New(Config{Self: k.DID(), Space: sp, Clock: c.clock, Holds: syncmsg.HoldsAll})
	if err != nil {
		t.Fatal(err)
	}
	eng.landAt = 2
	log := &sentLog{}
	if err := eng.AddPeer(ctx, asideFrom, log); err != nil {
		t.Fatal(err)
	}
	return &node{t: t, name: k.DID(), key: k, store: st.Memory, sp: sp, eng: eng, clock: c.clock}, st, log
}

func sortedIDs(vs ...*record.Version) []string {
	var ids []string
	for _, v := range vs {
		ids = append(ids, v.ID)
	}
	slices.Sort(ids)
	return ids
}

// TestLandAsideCountsAsHeld: while a change lands aside (its Put held at
// the gate), its versions are held for judging, the held check and the
// wants: the edit that follows a version landing aside stands at once, no
// want asks for what lands, and copies of it are acknowledged as held, not
// taken in again. Nothing is acknowledged before its change landed; once
// the store has it the acknowledgements go out without another call.
func TestLandAsideCountsAsHeld(t *testing.T) {
	c, vs, _ := orderSet(t)
	v0, v1, v2, w0 := vs[0], vs[1], vs[2], vs[3]
	want := intakeInOrder(t, c, [][]*record.Version{{v0, v1, v2, w0}}, false).state()
	r, st, log := asideReceiver(t, c)
	gate := make(chan struct{})
	st.set(gate, nil)
	if err := r.eng.ReceiveMore(ctx, asideFrom, versionsMsg(t, v0, w0)); err != nil {
		t.Fatal(err)
	}
	<-st.entered // the change of v0 and w0 is landing aside, held at the gate
	if r.has(v0.ID) || !r.sp.Held(ctx, v0) || !r.sp.Held(ctx, w0) || r.eng.Synced(asideFrom) {
		t.Fatalf("landing aside: stored %v, held %v, synced %v; want held, not stored, not synced",
			r.has(v0.ID), r.sp.Held(ctx, v0), r.eng.Synced(asideFrom))
	}
	// v1 follows v0 and would wait for it, and ask for it, were v0 not held.
	if err := r.eng.ReceiveMore(ctx, asideFrom, versionsMsg(t, v1, v0, w0)); err != nil {
		t.Fatal(err)
	}
	acked, wants := log.seen()
	if len(acked) != 0 || wants != 0 || r.sp.Pending() != 1 || r.eng.waiting.len() != 0 {
		t.Fatalf("before landing: acknowledged %v, %d wants, %d pending, %d waiting; want none, none, v1 alone, none",
			acked, wants, r.sp.Pending(), r.eng.waiting.len())
	}
	close(gate)
	deadline := time.Now().Add(10 * time.Second)
	for acked, _ = log.seen(); len(acked) < 2 && time.Now().Before(deadline); acked, _ = log.seen() {
		time.Sleep(time.Millisecond)
	}
	if !slices.Equal(acked, sortedIDs(v0, w0)) || !r.has(v0.ID) || !r.has(w0.ID) {
		t.Fatalf("after the landing aside: acknowledged %v, want %v (v0 and w0 stored: %v %v)",
			acked, sortedIDs(v0, w0), r.has(v0.ID), r.has(w0.ID))
	}
	if err := r.eng.Receive(ctx, asideFrom, versionsMsg(t, v2)); err != nil {
		t.Fatal(err)
	}
	acked, wants = log.seen()
	// v0 and w0 twice: taken in, then acknowledged as held with v1.
	wantAcked := sortedIDs(v0, w0, v1, v2, v0, w0)
	if got := r.state(); got != want || !slices.Equal(acked, wantAcked) || wants != 0 || !r.eng.Synced(asideFrom) {
		t.Fatalf("after Receive: acknowledged %v (want %v), %d wants, synced %v; store\n%s\nwant\n%s",
			acked, wantAcked, wants, r.eng.Synced(asideFrom), got, want)
	}
}

// TestLandAsideFails: a change landing aside that the store fails leaves
// nothing of itself, and nothing judged while it counted as held lands
// either (v1, which follows v0); the next call that waits for it returns
// the store's error, nothing is acknowledged, and the versions are not held
// any more, so they are taken in again when they come again.
func TestLandAsideFails(t *testing.T) {
	c, vs, _ := orderSet(t)
	v0, v1, v2, w0 := vs[0], vs[1], vs[2], vs[3]
	want := intakeInOrder(t, c, [][]*record.Version{{v0, v1, v2, w0}}, false).state()
	r, st, log := asideReceiver(t, c)
	gate := make(chan struct{})
	broken := errors.New("disk full")
	st.set(gate, broken)
	if err := r.eng.ReceiveMore(ctx, asideFrom, versionsMsg(t, v0, w0)); err != nil {
		t.Fatal(err)
	}
	<-st.entered
	if err := r.eng.ReceiveMore(ctx, asideFrom, versionsMsg(t, v1)); err != nil {
		t.Fatal(err)
	}
	close(gate)
	if err := r.eng.Tick(ctx); !errors.Is(err, broken) {
		t.Fatalf("Tick after the failed landing: %v, want %v", err, broken)
	}
	acked, _ := log.seen()
	for _, v := range []*record.Version{v0, w0, v1} {
		if r.has(v.ID) || r.sp.Held(ctx, v) {
			t.Fatalf("%s after the failed landing: stored %v, held %v", v.ID, r.has(v.ID), r.sp.Held(ctx, v))
		}
	}
	if len(acked) != 0 || r.sp.Pending() != 0 || !r.eng.Synced(asideFrom) {
		t.Fatalf("after the failed landing: acknowledged %v, %d pending, synced %v", acked, r.sp.Pending(), r.eng.Synced(asideFrom))
	}
	st.set(nil, nil)
	if err := r.eng.Receive(ctx, asideFrom, versionsMsg(t, v0, v1, v2, w0)); err != nil {
		t.Fatal(err)
	}
	acked, _ = log.seen()
	if got := r.state(); got != want || !slices.Equal(acked, sortedIDs(v0, v1, v2, w0)) {
		t.Fatalf("sent again: acknowledged %v; store\n%s\nwant\n%s", acked, got, want)
	}
}

// TestLandAsideWaitsForTruth: the calls that need the store as truth wait
// for the change landing aside and return only once it landed and was
// acknowledged: Tick, a hello (even through ReceiveMore), Receive, and a
// ReceiveMore that reaches the limit again before it hands over the next.
func TestLandAsideWaitsForTruth(t *testing.T) {
	c, vs, _ := orderSet(t)
	v0, v1, v2, w0 := vs[0], vs[1], vs[2], vs[3]
	for _, call := range []string{"tick", "hello", "receive", "more"} {
		r, st, log := asideReceiver(t, c)
		gate := make(chan struct{})
		st.set(gate, nil)
		if err := r.eng.ReceiveMore(ctx, asideFrom, versionsMsg(t, v0, w0)); err != nil {
			t.Fatal(err)
		}
		<-st.entered
		r.eng.landAt = 1 // v1 and v2 are twice as many: they wait for the landing
		done := make(chan error, 1)
		go func() {
			switch call {
			case "tick":
				done <- r.eng.Tick(ctx)
			case "hello":
				h, _ := syncmsg.Marshal(&syncmsg.Hello{Holds: syncmsg.HoldsAll})
				done <- r.eng.ReceiveMore(ctx, asideFrom, h)
			case "receive":
				done <- r.eng.Receive(ctx, asideFrom, versionsMsg(t, v1))
			case "more":
				done <- r.eng.ReceiveMore(ctx, asideFrom, versionsMsg(t, v1, v2))
			}
		}()
		select {
		case err := <-done:
			t.Fatalf("%s returned (%v) while a change landed aside", call, err)
		case <-time.After(50 * time.Millisecond):
		}
		close(gate)
		if err := <-done; err != nil {
			t.Fatalf("%s: %v", call, err)
		}
		if !r.has(v0.ID) || !r.has(w0.ID) {
			t.Fatalf("%s returned before the change landing aside landed", call)
		}
		if acked, _ := log.seen(); !slices.Contains(acked, v0.ID) {
			t.Fatalf("%s: v0 not acknowledged once landed: %v", call, acked)
		}
		if call == "more" { // v1 and v2 went aside in turn
			<-st.entered
			if err := r.eng.Tick(ctx); err != nil || !r.has(v2.ID) {
				t.Fatalf("more: the second change did not land (%v)", err)
			}
		}
	}
}

// TestLandAsideRunsAhead: while a change lands aside, the next may grow to
// twice MaxUnlanded before the engine waits for it (the receiver judges on
// rather than stall on the store); a Tick then lands both.
func TestLandAsideRunsAhead(t *testing.T) {
	c, vs, _ := orderSet(t)
	v0, v1, v2, w0 := vs[0], vs[1], vs[2], vs[3]
	r, st, _ := asideReceiver(t, c)
	gate := make(chan struct{})
	st.set(gate, nil)
	if err := r.eng.ReceiveMore(ctx, asideFrom, versionsMsg(t, v0, w0)); err != nil {
		t.Fatal(err)
	}
	<-st.entered
	// v1 and v2: as many as landAt, fewer than twice: judged on, held.
	done := make(chan error, 1)
	go func() { done <- r.eng.ReceiveMore(ctx, asideFrom, versionsMsg(t, v1, v2)) }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(30 * time.Second):
		close(gate)
		t.Fatal("ReceiveMore waited for the landing with fewer than twice landAt waiting")
	}
	if r.sp.Pending() != 2 || r.has(v1.ID) {
		t.Fatalf("%d pending, v1 stored %v; want v1 and v2 pending", r.sp.Pending(), r.has(v1.ID))
	}
	close(gate)
	if err := r.eng.Tick(ctx); err != nil || !r.has(v1.ID) || !r.has(v2.ID) {
		t.Fatalf("after Tick: %v, v1 stored %v, v2 stored %v", err, r.has(v1.ID), r.has(v2.ID))
	}
}

// TestAwaits: a node awaits versions from a peer while a want to it is in
// flight, and no longer once every want was answered.
func TestAwaits(t *testing.T) {
	c := newCluster(t, 2, 5, memnet.Faults{})
	a, b := c.nodes[0], c.nodes[1]
	if b.name > a.name { // b, empty, begins the session and asks by want (05 §6.2)
		a, b = b, a
	}
	for i := range 5 {
		a.create("app.wiki", fmt.Sprintf("k%d", i), map[string]any{"n": float64(i)})
	}
	if b.eng.Awaits(a.name) {
		t.Fatal("awaits a peer not added")
	}
	c.connect(a, b)
	for steps := 0; !b.eng.Awaits(a.name); steps++ {
		if more, err := c.net.Step(ctx); err != nil || !more || steps > 1000 {
			t.Fatalf("no want sent to the peer (%v)", err)
		}
	}
	c.run(time.Minute)
	if b.eng.Awaits(a.name) || b.state() != a.state() {
		t.Fatalf("after the sync: awaits %v; b\n%s\na\n%s", b.eng.Awaits(a.name), b.state(), a.state())
	}
}

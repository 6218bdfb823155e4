package syncer

import (
	"fmt"
	"sort"
	"strings"
	"testing"
	"time"

	"minca.dev/desktop/core/record"
	"minca.dev/desktop/core/syncmsg"
	"minca.dev/desktop/node/syncer/memnet"
)

// sent is one message seen on the network.
type sent struct {
	from, to string
	msg      syncmsg.Message
}

// watch records every message sent; drop, if set, loses those it returns
// true for.
func (c *cluster) watch(drop func(s sent) bool) *[]sent {
	var log []sent
	c.net.SetFilter(func(from, to string, b []byte) bool {
		m, err := syncmsg.Parse(b)
		if err != nil {
			c.t.Errorf("engine sent a malformed message: %v", err)
			return false
		}
		s := sent{from, to, m}
		log = append(log, s)
		return drop == nil || !drop(s)
	})
	return &log
}

func (c *cluster) byName() []*node {
	ns := append([]*node(nil), c.nodes...)
	sort.Slice(ns, func(i, j int) bool { return ns[i].name < ns[j].name })
	return ns
}

func (c *cluster) pushMsg(v *record.Version) []byte {
	c.t.Helper()
	raw, err := record.Marshal(v)
	if err != nil {
		c.t.Fatal(err)
	}
	b, err := syncmsg.Marshal(&syncmsg.PushUpdate{Version: syncmsg.RawJSON(raw)})
	if err != nil {
		c.t.Fatal(err)
	}
	return b
}

// TestJoiningNeverShowsDeletedRecord: a node joining never shows a deleted
// record as it once was, nor a pixel of a canvas cleared and half painted
// again that ends cleared (05 §6.3 rationale), checked after every message
// it takes, whichever side initiates. A record "shows" when its current
// version is anything but a delete: a superseded version travels as a stub,
// and a current stub still shows the record as there.
func TestJoiningNeverShowsDeletedRecord(t *testing.T) {
	for _, writerFirst := range []bool{true, false} {
		t.Run(fmt.Sprint("writer initiates ", writerFirst), func(t *testing.T) {
			c := newCluster(t, 2, 3, memnet.Faults{})
			ns := c.byName()
			w, j := ns[1], ns[0]
			if writerFirst {
				w, j = ns[0], ns[1]
			}
			cleared := map[string]bool{}
			for i := range 60 {
				k := fmt.Sprintf("note%d", i)
				w.create("app.wiki", k, map[string]any{"text": k})
				c.clock.Advance(time.Second)
				if i%2 == 0 {
					w.edit(k, map[string]any{"text": k + " edited"})
				}
			}
			for i := range 30 {
				k := fmt.Sprintf("note%d", i*2)
				w.edit(k, nil)
				cleared[k] = true
				c.clock.Advance(time.Second)
			}
			for i := range 300 {
				w.create("app.canvas", fmt.Sprintf("px%d", i), map[string]any{"color": "red"})
			}
			c.clock.Advance(time.Minute)
			for i := range 300 {
				k := fmt.Sprintf("px%d", i)
				w.edit(k, nil)
				cleared[k] = true
			}
			c.clock.Advance(time.Minute)
			for i := range 150 {
				k := fmt.Sprintf("px%d", i*2)
				w.edit(k, map[string]any{"color": "blue"})
				delete(cleared, k)
			}
			c.connectAll()
			for steps := 0; ; steps++ {
				more, err := c.net.Step(ctx)
				if err != nil {
					t.Fatal(err)
				}
				if !more {
					break
				}
				for k := range cleared {
					if v := j.current(k); v != nil && !v.Deleted {
						t.Fatalf("after %d messages %s shows %s as %v, which ends deleted", steps, j.name, k, v.Body)
					}
				}
			}
			c.run(time.Minute)
			if w.state() != j.state() {
				t.Fatal("not converged")
			}
			if j.current("px2").Body.(map[string]any)["color"] != "blue" || !j.current("px1").Deleted {
				t.Fatal("canvas not as painted")
			}
		})
	}
}

// TestRefusedNotAskedAgain: a version refused from a peer (a forged copy)
// is not asked of that peer again, but is fetched from another (05 §8:
// refusals keyed on peer and id).
func TestRefusedNotAskedAgain(t *testing.T) {
	c := newCluster(t, 3, 4, memnet.Faults{})
	ns := c.byName()
	b, a, o := ns[0], ns[1], ns[2] // b sorts first: it initiates with both
	v := a.create("app.wiki", "page", map[string]any{"text": "genuine"})
	c.connect(a, o)
	c.run(10 * time.Second)
	if !o.has(v.ID) {
		t.Fatal("o did not get the page")
	}
	log := c.watch(nil)
	c.net.Cut(a.name, b.name)
	c.connect(a, b) // hellos lost
	forged := *v
	forged.Body = map[string]any{"text": "forged"}
	if err := b.eng.Receive(ctx, a.name, c.pushMsg(&forged)); err != nil {
		t.Fatal(err)
	}
	if b.has(v.ID) {
		t.Fatal("forged copy stored")
	}
	c.net.Heal(a.name, b.name)
	c.run(40 * time.Second) // periodic hellos: b reconciles with a, again and again
	sessions := 0
	for _, s := range *log {
		if r, ok := s.msg.(*syncmsg.Reconcile); ok && s.from == b.name && s.to == a.name && r.Collection == "app.wiki" {
			sessions++
		}
		if w, ok := s.msg.(*syncmsg.Want); ok && s.from == b.name && s.to == a.name {
			for _, id := range w.IDs {
				if id == v.ID {
					t.Fatalf("b asked a again for the version it refused from a")
				}
			}
		}
	}
	if sessions == 0 {
		t.Fatal("b never reconciled app.wiki with a")
	}
	if b.has(v.ID) {
		t.Fatal("b got the version from a, which it refused from")
	}
	c.connect(b, o)
	c.run(20 * time.Second)
	got, err := b.store.Get(ctx, v.ID)
	if err != nil || got.Body.(map[string]any)["text"] != "genuine" {
		t.Fatalf("b did not fetch the genuine version from o: %v", err)
	}
}

// TestWaitingAsksForFirstAtOnce: a version that waits for its first version
// asks the sender for it at once, and is acknowledged when it goes in
// (05 §4 stored, §8 step 6).
func TestWaitingAsksForFirstAtOnce(t *testing.T) {
	c := newCluster(t, 2, 5, memnet.Faults{})
	a, b := c.nodes[0], c.nodes[1]
	c.net.Cut(a.name, b.name)
	c.connect(a, b)
	v0 := a.create("app.wiki", "page", map[string]any{"text": "first"})
	v1, _ := a.edit("page", map[string]any{"text": "second"})
	c.net.Heal(a.name, b.name)
	log := c.watch(nil)
	if err := b.eng.Receive(ctx, a.name, c.pushMsg(v1)); err != nil {
		t.Fatal(err)
	}
	if b.has(v1.ID) {
		t.Fatal("v1 went in without its first version")
	}
	if len(*log) != 1 {
		t.Fatalf("b sent %d messages, want one want", len(*log))
	}
	w, ok := (*log)[0].msg.(*syncmsg.Want)
	if !ok || len(w.IDs) != 1 || w.IDs[0] != v0.ID {
		t.Fatalf("b sent %#v, want a want for v0", (*log)[0].msg)
	}
	c.run(5 * time.Second)
	if cur := b.current("page"); cur == nil || cur.ID != v1.ID {
		t.Fatal("page is not at v1")
	}
	acked := strings.Join(c.acked[a.name][b.name], " ")
	if !strings.Contains(acked, v1.ID) || !strings.Contains(acked, v0.ID) {
		t.Fatalf("stored from b names %q, want v0 and v1", acked)
	}
}

// TestLostWantGivenUp: a want whose answer is lost is given up, and the
// peer is synced again (05 §6.3, §6.5).
func TestLostWantGivenUp(t *testing.T) {
	c := newCluster(t, 2, 6, memnet.Faults{})
	ns := c.byName()
	b, a := ns[0], ns[1] // b initiates: it asks with want
	for i := range 10 {
		a.create("app.wiki", fmt.Sprintf("p%d", i), map[string]any{"n": float64(i)})
	}
	lost := 0
	c.watch(func(s sent) bool {
		if _, ok := s.msg.(*syncmsg.Versions); ok && s.from == a.name && lost == 0 {
			lost++
			return true
		}
		return false
	})
	c.connect(a, b)
	c.run(5 * time.Second)
	if lost != 1 || b.eng.Synced(a.name) {
		t.Fatalf("lost %d answers; b synced with a: %v", lost, b.eng.Synced(a.name))
	}
	c.run(WantTimeout + HelloInterval + 5*time.Second)
	if b.eng.Stats().GaveUp == 0 {
		t.Fatal("b never gave up the want")
	}
	if a.state() != b.state() || !b.eng.Synced(a.name) {
		t.Fatal("b did not sync again")
	}
}

// TestPushOnlyToHolders: a write is pushed to a peer whose hello says it
// holds the collection, or that sent no hello yet, and to no other (05 §7);
// a pushed version of a collection not held is passed over silently (05 §5).
func TestPushOnlyToHolders(t *testing.T) {
	c := newCluster(t, 3, 7, memnet.Faults{})
	a, b, o := c.nodes[0], c.nodes[1], c.nodes[2]
	if err := b.eng.SetHolds(ctx, syncmsg.Holds{Collections: []string{"app.wiki"}}); err != nil {
		t.Fatal(err)
	}
	c.connect(a, b)
	c.run(5 * time.Second)
	log := c.watch(func(s sent) bool { return s.from == o.name }) // o's hello never arrives
	c.connect(a, o)
	canvas := a.create("app.canvas", "px", map[string]any{"color": "red"})
	wiki := a.create("app.wiki", "page", map[string]any{"text": "hi"})
	pushed := map[string]bool{}
	for _, s := range *log {
		if p, ok := s.msg.(*syncmsg.PushUpdate); ok {
			pushed[s.to+" "+p.Version.(map[string]any)["id"].(string)] = true
		}
	}
	want := map[string]bool{b.name + " " + wiki.ID: true, o.name + " " + canvas.ID: true, o.name + " " + wiki.ID: true}
	if fmt.Sprint(pushed) != fmt.Sprint(want) {
		t.Fatalf("pushed %v, want %v", pushed, want)
	}
	c.net.SetFilter(nil)
	c.run(2 * time.Second)
	if b.has(canvas.ID) || !b.has(wiki.ID) {
		t.Fatal("b holds what it should not, or lacks what it should")
	}
	log = c.watch(nil)
	if err := b.eng.Receive(ctx, a.name, c.pushMsg(canvas)); err != nil {
		t.Fatal(err)
	}
	if b.has(canvas.ID) || len(*log) != 0 {
		t.Fatalf("a canvas push to b was stored or answered (%d messages)", len(*log))
	}
}

// TestHoldingPartOfSpace: a node holding part of a space gets exactly what
// it holds and every sys.* collection, is level on what both hold, and
// answers a reconcile of what it does not hold with held: false (05 §5).
func TestHoldingPartOfSpace(t *testing.T) {
	c := newCluster(t, 2, 8, memnet.Faults{})
	a, b := c.nodes[0], c.nodes[1]
	newcomer := keyOf(t, 42)
	assign, ok := a.write(&record.Version{Collection: "sys.assign", Key: record.AssignKey(newcomer.DID(), "member"),
		Body: map[string]any{"did": newcomer.DID(), "role": "member", "assigned": true}, HasBody: true, Retain: true})
	if !ok {
		t.Fatal("assign not taken")
	}
	for i := range 50 {
		a.create("app.canvas", fmt.Sprintf("px%d", i), map[string]any{"color": "red"})
		a.create("app.wiki", fmt.Sprintf("p%d", i), map[string]any{"n": float64(i)})
	}
	if err := b.eng.SetHolds(ctx, syncmsg.Holds{Collections: []string{"app.wiki"}}); err != nil {
		t.Fatal(err)
	}
	c.connectAll()
	c.run(20 * time.Second)
	sa, _ := a.store.Sums(ctx)
	sb, _ := b.store.Sums(ctx)
	if _, has := sb["app.canvas"]; has {
		t.Fatal("b keeps app.canvas, which it does not hold")
	}
	if sa["app.wiki"] != sb["app.wiki"] || sa["sys.assign"] != sb["sys.assign"] || !b.has(assign.ID) {
		t.Fatal("b lacks part of what it holds")
	}
	if !b.eng.Level(a.name, "app.wiki") || !a.eng.Level(b.name, "app.wiki") || !a.eng.Synced(b.name) {
		t.Fatal("not level on app.wiki")
	}
	log := c.watch(nil)
	msg, _ := syncmsg.Marshal(&syncmsg.Reconcile{ID: 99, Collection: "app.canvas", Message: []byte{0x61, 0, 0, 2, 0}})
	if err := b.eng.Receive(ctx, a.name, msg); err != nil {
		t.Fatal(err)
	}
	r, ok := (*log)[0].msg.(*syncmsg.Reconciled)
	if len(*log) != 1 || !ok || !r.NotHeld || r.ID != 99 || len(r.Message) != 0 {
		t.Fatalf("answer %#v, want reconciled held:false", (*log)[0].msg)
	}
}

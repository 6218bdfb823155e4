package syncer

import (
	"encoding/json"
	"strconv"
	"testing"
	"time"

	"minca.dev/desktop/core/identity"
	"minca.dev/desktop/core/record"
	"minca.dev/desktop/core/syncmsg"
	"minca.dev/desktop/node/syncer/memnet"
)

// joinNotes is more notes than a node keeps waiting (MaxWaiting): a joiner
// that took them in before the access version they all name would push
// the oldest 300 out.
const joinNotes = MaxWaiting + 300

// TestJoinAccessFirst is issue 5/8's first sync in memory: a space whose
// founder wrote an access version (assigning someone a role) and then many
// notes, each naming it in seen (03 §5.2: a version waits until what its
// seen names is held). Another account's empty node connects, both as the
// side that begins the sessions and as the side that answers them (05 §6.2
// step 6), over the cluster's network and over a link where the joiner's
// hellos overtake what the founder sent (slowLink). Every version reaches
// it exactly once, counted on the wire: the access version comes before
// the notes that need it, so none waits past MaxWaiting and none is sent
// again on a later round.
func TestJoinAccessFirst(t *testing.T) {
	for _, joinerBegins := range []bool{true, false} {
		for _, busy := range []bool{false, true} {
			name := "joiner-answers"
			if joinerBegins {
				name = "joiner-begins"
			}
			if busy {
				name += "-ticking"
			}
			t.Run(name, func(t *testing.T) { joinAccessFirst(t, joinerBegins, busy) })
		}
	}
}

func joinAccessFirst(t *testing.T, joinerBegins, busy bool) {
	c := newCluster(t, 1, 5, memnet.Faults{})
	a := c.nodes[0]
	newcomer := keyOf(t, 42)
	assign, ok := a.write(&record.Version{Collection: "sys.assign", Key: record.AssignKey(newcomer.DID(), "member"),
		Body: map[string]any{"did": newcomer.DID(), "role": "member", "assigned": true}, HasBody: true, Retain: true})
	if !ok {
		t.Fatal("assign not taken")
	}
	c.clock.Advance(time.Second)
	for i := range joinNotes {
		v := a.create("app.wiki", "note"+strconv.Itoa(i), map[string]any{"n": float64(i)})
		if len(v.Seen) != 1 || v.Seen[0] != assign.ID {
			t.Fatalf("note %d sees %v, not the assignment", i, v.Seen)
		}
	}
	b := c.newNode(joinerKey(t, a.key, joinerBegins), syncmsg.HoldsAll, 6)
	c.nodes = append(c.nodes, b)

	sent := map[string]int{}
	c.net.SetFilter(func(from, to string, msg []byte) bool {
		if to == b.name {
			for _, id := range versionIDs(t, msg) {
				sent[id]++
			}
		}
		return true
	})
	if busy {
		slowLink(t, c, a, b, func(msg []byte) {
			for _, id := range versionIDs(t, msg) {
				sent[id]++
			}
		})
	} else {
		c.connect(a, b)
	}
	c.run(2 * time.Minute)

	if !b.has(assign.ID) {
		t.Fatal("the assignment did not come across")
	}
	if n := wikiCount(t, b); n != joinNotes {
		t.Fatalf("the joiner holds %d of %d notes", n, joinNotes)
	}
	var twice int
	for _, n := range sent {
		if n > 1 {
			twice++
		}
	}
	if twice > 0 || len(sent) != joinNotes+1 {
		t.Fatalf("%d versions sent, %d of them more than once (stats %+v)", len(sent), twice, b.eng.Stats())
	}
}

// joinerKey is an account key whose DID sorts before the founder's when
// the joiner is to begin the sessions (05 §6.2 step 6), after it otherwise.
func joinerKey(t *testing.T, founder *identity.KeyPair, first bool) *identity.KeyPair {
	t.Helper()
	for b := byte(100); b < 200; b++ {
		k := keyOf(t, b)
		if (k.DID() < founder.DID()) == first {
			return k
		}
	}
	t.Fatal("no key sorts that way")
	return nil
}

// versionIDs are the ids of the versions a versions or push-update message
// carries.
func versionIDs(t *testing.T, msg []byte) []string {
	t.Helper()
	var m struct {
		Type     string `json:"type"`
		Versions []struct {
			ID string `json:"id"`
		} `json:"versions"`
		Version struct {
			ID string `json:"id"`
		} `json:"version"`
	}
	if err := json.Unmarshal(msg, &m); err != nil {
		t.Fatalf("a message sent is not JSON: %v", err)
	}
	switch m.Type {
	case syncmsg.TypeVersions:
		ids := make([]string, len(m.Versions))
		for i, v := range m.Versions {
			ids[i] = v.ID
		}
		return ids
	case syncmsg.TypePushUpdate:
		return []string{m.Version.ID}
	}
	return nil
}

func wikiCount(t *testing.T, n *node) int {
	t.Helper()
	s, err := n.store.Sum(ctx, "app.wiki")
	if err != nil {
		t.Fatal(err)
	}
	return s.Count
}

// queue is one direction of a link whose messages a test delivers by hand.
type queue struct{ msgs [][]byte }

func (q *queue) Send(msg []byte) { q.msgs = append(q.msgs, append([]byte(nil), msg...)) }

// slowLink connects a and b by hand: what b sends reaches a at once, what a
// sends reaches b one message at a time, both engines ticking after each as
// a node's loop does while messages are on their way (a node that took
// something in says hello soon after, 05 §6.2). It runs until nothing is
// in flight, then reconnects the two over the cluster's network. seen hears
// every message a sends b.
func slowLink(t *testing.T, c *cluster, a, b *node, seen func([]byte)) {
	t.Helper()
	ab, ba := &queue{}, &queue{}
	if err := a.eng.AddPeer(ctx, b.name, ab); err != nil {
		t.Fatal(err)
	}
	if err := b.eng.AddPeer(ctx, a.name, ba); err != nil {
		t.Fatal(err)
	}
	for len(ab.msgs)+len(ba.msgs) > 0 {
		for len(ba.msgs) > 0 {
			m := ba.msgs[0]
			ba.msgs = ba.msgs[1:]
			if err := a.eng.Receive(ctx, b.name, m); err != nil {
				t.Fatal(err)
			}
		}
		if len(ab.msgs) == 0 {
			continue
		}
		m := ab.msgs[0]
		ab.msgs = ab.msgs[1:]
		seen(m)
		if err := b.eng.Receive(ctx, a.name, m); err != nil {
			t.Fatal(err)
		}
		c.clock.Advance(10 * time.Millisecond)
		c.tick()
	}
	c.disconnect(a, b)
	c.connect(a, b)
}

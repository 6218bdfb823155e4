package syncer

import (
	"fmt"
	"math/rand/v2"
	"sync/atomic"
	"testing"
	"time"

	"minca.dev/desktop/core/record"
	"minca.dev/desktop/core/syncmsg"
	"minca.dev/desktop/node/syncer/memnet"
)

// convergeSeeds is how many seeded runs TestConvergeUnderFaults makes.
const convergeSeeds = 60

// TestConvergeUnderFaults: 3 to 5 engines write, edit and delete while
// links are cut and healed, peers disconnect and reconnect, and messages are
// dropped, delayed and duplicated; a hostile peer pushes a stranger's
// version and forged copies. Once the network heals, every store holds the
// same versions (same sums) and the same current version of every record,
// every pair is synced, and no store holds a refused version.
func TestConvergeUnderFaults(t *testing.T) {
	for seed := uint64(1); seed <= convergeSeeds; seed++ {
		t.Run(fmt.Sprint("seed", seed), func(t *testing.T) {
			t.Parallel()
			convergeRun(t, seed, false)
		})
	}
}

// TestConvergeLandingAside: the same, the network handing a message to
// ReceiveMore whenever another is in flight to the same node, and every
// engine landing aside (aside.go) as soon as 1 to 3 versions wait, so
// nearly every versions message is judged while the one before lands.
func TestConvergeLandingAside(t *testing.T) {
	var asides atomic.Int64
	t.Cleanup(func() { // after every seed's run
		if asides.Load() == 0 {
			t.Error("no change landed aside")
		}
	})
	for seed := uint64(1); seed <= convergeSeeds/2; seed++ {
		t.Run(fmt.Sprint("seed", seed), func(t *testing.T) {
			t.Parallel()
			asides.Add(int64(convergeRun(t, seed, true)))
		})
	}
}

// convergeRun runs one seed; it returns how many changes landed aside.
func convergeRun(t *testing.T, seed uint64, aside bool) int {
	rnd := rand.New(rand.NewPCG(seed, 99))
	n := 3 + int(seed%3)
	faults := memnet.Faults{Drop: 0.05, Duplicate: 0.05, MaxDelay: 2 * time.Second}
	c := newCluster(t, n, seed, faults)
	if aside {
		c.net.SetMore(true)
		for i, nd := range c.nodes {
			nd.eng.landAt = 1 + (int(seed)+i)%3
		}
	}
	c.connectAll()
	stranger := keyOf(t, 99)
	var bad []string
	for step := 0; step < 80; step++ {
		x := c.nodes[rnd.IntN(n)]
		y := c.nodes[rnd.IntN(n)]
		switch op := rnd.IntN(12); {
		case op < 4:
			coll := []string{"app.wiki", "app.canvas"}[rnd.IntN(2)]
			x.write(&record.Version{Collection: coll, Key: fmt.Sprintf("k%d", rnd.IntN(12)),
				Body: map[string]any{"by": x.name[len(x.name)-4:], "step": float64(step)}, HasBody: true})
		case op < 7:
			var body any
			if rnd.IntN(3) > 0 {
				body = map[string]any{"edit": float64(step)}
			}
			x.edit(fmt.Sprintf("k%d", rnd.IntN(12)), body)
		case op == 7 && x != y:
			c.net.Cut(x.name, y.name)
		case op == 8:
			c.net.Heal(x.name, y.name)
		case op == 9 && x != y:
			c.disconnect(x, y)
			c.connect(x, y)
		case op == 10 && x != y:
			bad = append(bad, c.injectBad(x, y, stranger, step)...)
		}
		c.run(time.Duration(rnd.IntN(4000)) * time.Millisecond)
	}
	c.net.SetFaults(memnet.Faults{})
	c.net.HealAll()
	c.run(3 * time.Minute)
	want := c.nodes[0].state()
	for _, nd := range c.nodes[1:] {
		if got := nd.state(); got != want {
			t.Fatalf("seed %d: %s differs from %s:\n%s\nvs\n%s", seed, nd.name, c.nodes[0].name, got, want)
		}
	}
	for _, nd := range c.nodes {
		for _, o := range c.nodes {
			if nd != o && !nd.eng.Synced(o.name) {
				t.Fatalf("seed %d: %s not synced with %s", seed, nd.name, o.name)
			}
		}
		for _, id := range bad {
			if nd.has(id) && nd.isBad(id, c.forged) {
				t.Fatalf("seed %d: %s stored refused %s", seed, nd.name, id)
			}
		}
	}
	sessions, asides := 0, 0
	for _, nd := range c.nodes {
		sessions += nd.eng.Stats().Sessions
		asides += nd.eng.Stats().Aside
	}
	if sessions == 0 || c.net.Lost == 0 || len(c.nodes[0].state()) == 0 {
		t.Fatalf("seed %d: the run exercised nothing (sessions %d, lost %d)", seed, sessions, c.net.Lost)
	}
	return asides
}

// injectBad has x, playing a hostile peer, push to y a stranger's version
// and a forged copy of a version x holds; it returns their ids.
func (c *cluster) injectBad(x, y *node, stranger interface {
	DID() string
	Sign([]byte) ([]byte, error)
}, step int) []string {
	c.t.Helper()
	d := &record.Version{Space: x.sp.ID(), Collection: "app.wiki", Key: fmt.Sprintf("s%d", step),
		CreatedAt: c.clock.Now().UTC().Format("2006-01-02T15:04:05.000Z"), Seen: []string{},
		Log: &record.Log{N: 0}, Body: map[string]any{"spam": true}, HasBody: true}
	sv, err := record.Sign(d, stranger)
	if err != nil {
		c.t.Fatal(err)
	}
	ids := []string{sv.ID}
	c.push(x, y, sv)
	if cur := x.current(fmt.Sprintf("k%d", step%12)); cur != nil && !cur.IsStub() && !cur.Deleted {
		forged := *cur
		forged.Body = map[string]any{"forged": true}
		c.push(x, y, &forged)
		c.forged[cur.ID] = true
		ids = append(ids, cur.ID)
	}
	return ids
}

// isBad says whether n holds what it must have refused: a forged body, or
// anything of a stranger's (ids not in forged).
func (n *node) isBad(id string, forged map[string]bool) bool {
	v, err := n.store.Get(ctx, id)
	if err != nil {
		return false
	}
	if b, ok := v.Body.(map[string]any); ok && b["forged"] == true {
		return true
	}
	return !forged[id]
}

func (c *cluster) push(from, to *node, v *record.Version) {
	c.t.Helper()
	raw, err := record.Marshal(v)
	if err != nil {
		c.t.Fatal(err)
	}
	b, err := syncmsg.Marshal(&syncmsg.PushUpdate{Version: syncmsg.RawJSON(raw)})
	if err != nil {
		c.t.Fatal(err)
	}
	c.net.Conn(from.name, to.name).Send(b)
}

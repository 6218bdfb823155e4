package syncer

import (
	"fmt"
	"math/rand/v2"
	"sync/atomic"
	"testing"
	"time"

	"minca.dev/desktop/core/record"
	"minca.dev/desktop/node/syncer/memnet"
)

// removalSeeds is how many seeded runs TestConvergeWithRemoval makes.
const removalSeeds = 30

// TestConvergeWithRemoval is the access convergence of 05 §8 (planned
// there as #10): while nodes write under faults and partitions, the founder
// removes a member. Every store ends the same, whatever order versions
// arrived in, and a version the removed member wrote after seeing its
// removal is taken in nowhere.
func TestConvergeWithRemoval(t *testing.T) {
	var lateTotal atomic.Int64
	t.Cleanup(func() {
		if lateTotal.Load() == 0 {
			t.Error("no run had the removed member write late")
		}
	})
	for seed := uint64(1); seed <= removalSeeds; seed++ {
		t.Run(fmt.Sprint("seed", seed), func(t *testing.T) {
			t.Parallel()
			lateTotal.Add(int64(removalRun(t, seed)))
		})
	}
}

func removalRun(t *testing.T, seed uint64) int {
	rnd := rand.New(rand.NewPCG(seed, 17))
	n := 3 + int(seed%3)
	c := newCluster(t, n, seed, memnet.Faults{Drop: 0.05, Duplicate: 0.05, MaxDelay: 2 * time.Second})
	c.connectAll()
	founder, gone := c.nodes[0], c.nodes[1+rnd.IntN(n-1)]
	removeAt := 10 + rnd.IntN(30)
	var late []string
	for step := 0; step < 60; step++ {
		x := c.nodes[rnd.IntN(n)]
		y := c.nodes[rnd.IntN(n)]
		switch op := rnd.IntN(8); {
		case step == removeAt:
			if _, ok := founder.write(&record.Version{Collection: "sys.remove", Key: record.RemoveKey(gone.name),
				Body: map[string]any{"did": gone.name}, HasBody: true, Retain: true}); !ok {
				t.Fatalf("seed %d: the removal was not taken", seed)
			}
		case op < 4:
			x.write(&record.Version{Collection: "app.wiki", Key: fmt.Sprintf("k%d", rnd.IntN(8)),
				Body: map[string]any{"step": float64(step)}, HasBody: true})
		case op < 6:
			x.edit(fmt.Sprintf("k%d", rnd.IntN(8)), map[string]any{"edit": float64(step)})
		case op == 6 && x != y:
			c.net.Cut(x.name, y.name)
		case op == 7:
			c.net.Heal(x.name, y.name)
		}
		if step > removeAt && gone.sp.History().Len() > 0 && gone.knowsRemoval() && rnd.IntN(3) == 0 {
			// The removed member writes anyway, having seen its removal,
			// and pushes past its own gatekeeper.
			v := gone.sign(&record.Version{Collection: "app.wiki", Key: fmt.Sprintf("late%d", step),
				Body: map[string]any{"late": true}, HasBody: true})
			gone.lines[v.Collection] = v
			late = append(late, v.ID)
			for _, o := range c.nodes {
				if o != gone {
					c.push(gone, o, v)
				}
			}
		}
		c.run(time.Duration(rnd.IntN(4000)) * time.Millisecond)
	}
	c.net.SetFaults(memnet.Faults{})
	c.net.HealAll()
	c.run(3 * time.Minute)
	want := c.nodes[0].state()
	for _, nd := range c.nodes {
		if got := nd.state(); got != want {
			t.Fatalf("seed %d: %s differs from %s:\n%s\nvs\n%s", seed, nd.name, c.nodes[0].name, got, want)
		}
		for _, id := range late {
			if nd.has(id) {
				t.Fatalf("seed %d: %s took in %s, written after its writer's removal", seed, nd.name, id)
			}
		}
	}
	return len(late)
}

// knowsRemoval says whether n's history holds a removal of n's account.
func (n *node) knowsRemoval() bool {
	v, err := n.store.Current(ctx, record.RemoveKey(n.name))
	return err == nil && v != nil
}

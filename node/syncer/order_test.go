package syncer

import (
	"math/rand/v2"
	"testing"

	"minca.dev/desktop/core/record"
	"minca.dev/desktop/core/syncmsg"
	"minca.dev/desktop/node/syncer/memnet"
)

type discard struct{}

func (discard) Send([]byte) {}

// orderSet is a small history: a record created, edited and deleted; a
// member's page; an access change (a newcomer assigned) and the newcomer's
// page, which stands only once the assignment is held; a stranger's page.
func orderSet(t *testing.T) (c *cluster, vs []*record.Version, refused string) {
	c = newCluster(t, 2, 21, memnet.Faults{})
	a, b := c.nodes[0], c.nodes[1]
	v0 := a.create("app.wiki", "k1", map[string]any{"text": "one"})
	v1, _ := a.edit("k1", map[string]any{"text": "two"})
	v2, _ := a.edit("k1", nil)
	w0, ok := b.write(&record.Version{Collection: "app.wiki", Key: "k2", Body: map[string]any{"by": "b"}, HasBody: true})
	if !ok {
		t.Fatal("b's page not taken")
	}
	newcomer := keyOf(t, 42)
	assign, ok := a.write(&record.Version{Collection: "sys.assign", Key: record.AssignKey(newcomer.DID(), "member"),
		Body: map[string]any{"did": newcomer.DID(), "role": "member", "assigned": true}, HasBody: true, Retain: true})
	if !ok {
		t.Fatal("assign not taken")
	}
	nc := &node{t: t, key: newcomer, sp: a.sp, clock: c.clock, lines: map[string]*record.Version{}}
	page := nc.sign(&record.Version{Collection: "app.wiki", Key: "k3", Body: map[string]any{"by": "newcomer"},
		HasBody: true, Seen: []string{assign.ID}})
	st := &node{t: t, key: keyOf(t, 99), sp: a.sp, clock: c.clock, lines: map[string]*record.Version{}}
	spam := st.sign(&record.Version{Collection: "app.wiki", Key: "k4", Body: map[string]any{"spam": true}, HasBody: true})
	return c, []*record.Version{v0, v1, v2, w0, assign, page, spam}, spam.ID
}

// intakeInOrder takes vs into a fresh engine, in batches as cut, from one
// peer, and returns its state.
func intakeInOrder(t *testing.T, c *cluster, batches [][]*record.Version, noVerify bool) *node {
	t.Helper()
	r := c.newNodeWith(keyOf(t, 77), syncmsg.HoldsAll, 1, noVerify)
	if err := r.eng.AddPeer(ctx, "did:test:sender", discard{}); err != nil {
		t.Fatal(err)
	}
	for _, batch := range batches {
		var entries []any
		for _, v := range batch {
			raw, _ := record.Marshal(v)
			entries = append(entries, syncmsg.RawJSON(raw))
		}
		msg, err := syncmsg.Marshal(&syncmsg.Versions{Versions: entries})
		if err != nil {
			t.Fatal(err)
		}
		if err := r.eng.Receive(ctx, "did:test:sender", msg); err != nil {
			t.Fatal(err)
		}
	}
	return r
}

// TestIntakeAnyOrder: the versions of orderSet taken in one at a time in
// every one of their 5,040 orders give one store (signatures, checked
// by the shuffled test below, are not checked here), the reference (what the
// writers hold, less the stranger's page), and never the stranger's page.
func TestIntakeAnyOrder(t *testing.T) {
	c, vs, refused := orderSet(t)
	want := intakeInOrder(t, c, [][]*record.Version{vs}, false).state()
	if want == "" || intakeInOrder(t, c, [][]*record.Version{vs[:6]}, false).state() != want {
		t.Fatal("the reference is not the writers' versions")
	}
	n := 0
	permute(vs, 0, func(order []*record.Version) {
		n++
		var batches [][]*record.Version
		for _, v := range order {
			batches = append(batches, []*record.Version{v})
		}
		r := intakeInOrder(t, c, batches, true)
		if got := r.state(); got != want {
			t.Fatalf("order %d differs:\n%s\nwant\n%s", n, got, want)
		}
		if r.has(refused) {
			t.Fatal("the stranger's page was stored")
		}
	})
	if n != 5040 {
		t.Fatalf("%d orders", n)
	}
}

// TestIntakeShuffledBatches: the same, in 300 seeded shuffles cut into
// batches of random sizes, with every version sent twice.
func TestIntakeShuffledBatches(t *testing.T) {
	c, vs, refused := orderSet(t)
	want := intakeInOrder(t, c, [][]*record.Version{vs}, false).state()
	for seed := uint64(1); seed <= 300; seed++ {
		rnd := rand.New(rand.NewPCG(seed, 3))
		all := append(append([]*record.Version(nil), vs...), vs...)
		rnd.Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
		var batches [][]*record.Version
		for len(all) > 0 {
			k := 1 + rnd.IntN(len(all))
			batches = append(batches, all[:k])
			all = all[k:]
		}
		r := intakeInOrder(t, c, batches, false)
		if got := r.state(); got != want || r.has(refused) {
			t.Fatalf("seed %d differs:\n%s\nwant\n%s", seed, got, want)
		}
	}
}

func permute(vs []*record.Version, k int, f func([]*record.Version)) {
	if k == len(vs) {
		f(vs)
		return
	}
	for i := k; i < len(vs); i++ {
		vs[k], vs[i] = vs[i], vs[k]
		permute(vs, k+1, f)
		vs[k], vs[i] = vs[i], vs[k]
	}
}

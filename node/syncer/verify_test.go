package syncer

import (
	"fmt"
	"testing"

	"minca.dev/desktop/core/note"
	"minca.dev/desktop/core/record"
	"minca.dev/desktop/node/syncer/memnet"
)

// TestCheckVerifiedAgreesWithGate: for versions whose signature verifies,
// checkVerified gives exactly record.Gate.Check's verdict, every refusal
// and wait included.
func TestCheckVerifiedAgreesWithGate(t *testing.T) {
	c := newCluster(t, 2, 9, memnet.Faults{})
	a := c.nodes[0]
	v0 := a.create("app.wiki", "page", map[string]any{"text": "one"})
	v1, _ := a.edit("page", map[string]any{"text": "two"})
	owned, err := record.OwnedKey(c.nodes[1].key.DID(), "x")
	if err != nil {
		t.Fatal(err)
	}
	draft := func(mod func(d *record.Version)) *record.Version {
		d := &record.Version{Collection: "app.wiki", Key: "k", Body: map[string]any{"n": 1.0}, HasBody: true}
		mod(d)
		return a.sign(d)
	}
	orphan := record.Next(v1)
	orphan.Prev = "baeaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
	orphan.Body, orphan.HasBody = map[string]any{"text": "three"}, true
	cases := map[string]*record.Version{
		"first version":   v0,
		"edit":            v1,
		"stub of v0":      v0.Stub(),
		"prev not held":   a.sign(orphan),
		"future":          draft(func(d *record.Version) { d.CreatedAt = "2027-01-01T00:00:00.000Z" }),
		"other space":     draft(func(d *record.Version) {}),
		"owned by other":  draft(func(d *record.Version) { d.Key = owned }),
		"bad note":        draft(func(d *record.Version) { d.Proof = map[string]any{"x": 1.0} }),
		"retained stub":   draft(func(d *record.Version) { d.Retain = true }).Stub(),
		"long past":       draft(func(d *record.Version) { d.CreatedAt = "2001-02-01T00:00:00.000Z" }),
		"owned by author": draft(func(d *record.Version) { d.Key, _ = record.OwnedKey(a.key.DID(), "y") }),
	}
	cases["other space"].Space = "baeaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" // after signing: Verify fails, so sign again below
	cases["other space"] = resign(t, a, cases["other space"])
	answers := map[record.Answer]int{}
	for name, v := range cases {
		if err := record.Verify(v); err != nil {
			t.Fatalf("%s: does not verify: %v", name, err)
		}
		g := record.Gate{Space: a.sp.ID(), Now: c.clock.Now(), Notes: note.Checker{}, Lookup: a.sp.lookup(ctx)}
		_, want := g.Check(v)
		got := checkVerified(&g, v)
		answers[want.Answer]++
		if fmt.Sprint(got.Answer, got.Reason, got.Missing) != fmt.Sprint(want.Answer, want.Reason, want.Missing) {
			t.Errorf("%s: checkVerified %v, Gate.Check %v", name, got, want)
		}
	}
	if answers[record.Stands] < 2 || answers[record.Later] < 1 || answers[record.Refused] < 5 {
		t.Fatalf("the cases do not cover the answers: %v", answers)
	}
}

// resign signs v again as it stands (its space changed).
func resign(t *testing.T, n *node, v *record.Version) *record.Version {
	t.Helper()
	d := *v
	d.ID, d.Signature, d.BodyHash = "", "", ""
	s, err := record.Sign(&d, n.key)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestForgedBatchRefused: a forged copy inside a large batch (checked in
// parallel) is refused from its sender and the rest go in.
func TestForgedBatchRefused(t *testing.T) {
	c := newCluster(t, 2, 10, memnet.Faults{})
	a, b := c.nodes[0], c.nodes[1]
	var vs []*record.Version
	for i := range 40 {
		vs = append(vs, a.create("app.wiki", fmt.Sprintf("p%d", i), map[string]any{"n": float64(i)}))
	}
	forged := *vs[7]
	forged.Body = map[string]any{"n": -1.0}
	vs[7] = &forged
	c.net.Cut(a.name, b.name)
	c.connect(a, b)
	var entries []any
	for _, v := range vs {
		entries = append(entries, v.Wire())
	}
	b.eng.mu.Lock()
	err := b.eng.intakeLocked(ctx, b.eng.peers[a.name], entries)
	refused := b.eng.peers[a.name].refused[forged.ID]
	b.eng.mu.Unlock()
	if err != nil {
		t.Fatal(err)
	}
	if !refused || b.has(forged.ID) {
		t.Fatal("the forged copy was not refused from a")
	}
	s, _ := b.store.Sum(ctx, "app.wiki")
	if s.Count != 39 {
		t.Fatalf("b holds %d, want 39", s.Count)
	}
}

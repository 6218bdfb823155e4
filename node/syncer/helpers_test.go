package syncer

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"sort"
	"testing"
	"time"

	"minca.dev/desktop/core/identity"
	"minca.dev/desktop/core/record"
	"minca.dev/desktop/core/space"
	"minca.dev/desktop/core/syncmsg"
	"minca.dev/desktop/node/syncer/memnet"
	"minca.dev/desktop/node/versions"
)

var ctx = context.Background()

// start is the fake clock's first reading.
var start = time.Date(2026, 2, 1, 0, 0, 0, 0, time.UTC)

func keyOf(t testing.TB, b byte) *identity.KeyPair {
	t.Helper()
	kp, err := identity.DeriveKeyPairFromSeed(bytes.Repeat([]byte{b}, 16))
	if err != nil {
		t.Fatalf("derive key %d: %v", b, err)
	}
	return kp
}

// testSpace founds a public space: founder is an admin; members may write
// anything in app.wiki and app.canvas, and their own records in app.chat.
func testSpace(t testing.TB, founder *identity.KeyPair, members ...*identity.KeyPair) *space.Space {
	t.Helper()
	grant := func(cmd string, pol ...any) any {
		if pol == nil {
			pol = []any{}
		}
		return map[string]any{"cmd": cmd, "pol": pol}
	}
	eq := func(sel string, v any) any { return []any{"==", sel, v} }
	roles := []any{
		map[string]any{"name": "member", "grants": []any{
			grant("/record", eq(".collection", "app.wiki")),
			grant("/record", eq(".collection", "app.canvas")),
			grant("/record/write", eq(".collection", "app.chat"), eq(".byCreator", true)),
		}},
		map[string]any{"name": "admin", "grants": []any{
			grant("/role/assign", eq(".role", "member")),
			grant("/role/unassign", eq(".role", "member")),
			grant("/member/remove", []any{"not", []any{"any", ".roles", eq(".", "admin")}}),
		}},
	}
	assigned := map[string]any{founder.DID(): []any{"admin", "member"}}
	for _, m := range members {
		assigned[m.DID()] = []any{"member"}
	}
	con, err := space.ParseConstitution(map[string]any{
		"createdAt": "2026-01-01T00:00:00.000Z", "minca": "constitution/1", "name": "Sync club",
		"nonce": "AAECAwQFBgcICQoL", "resolver": "strong-remove/1", "roles": roles,
		"visibility": "public", "top": map[string]any{"founders": []any{founder.DID()}},
		"assigned": assigned,
	})
	if err != nil {
		t.Fatalf("constitution: %v", err)
	}
	id, err := con.ID()
	if err != nil {
		t.Fatal(err)
	}
	return &space.Space{ID: id, Constitution: con}
}

// node is one engine with its account, store and network end.
type node struct {
	t     testing.TB
	name  string
	key   *identity.KeyPair
	store *versions.Memory
	sp    *Space
	eng   *Engine
	clock *memnet.Clock
	lines map[string]*record.Version // collection → its author's last version there
	rnd   *rand.Rand
}

// cluster is several nodes of one space on one in-memory network.
type cluster struct {
	t     testing.TB
	clock *memnet.Clock
	net   *memnet.Network
	sp    *space.Space
	nodes []*node
	// acked collects every stored heard: receiver → sender → ids.
	acked map[string]map[string][]string
	// forged are ids of which a forged copy was pushed (converge_test.go).
	forged map[string]bool
}

// newCluster makes n nodes; node 0's account founds the space, the others
// are members from its founding. Nothing is connected yet.
func newCluster(t testing.TB, n int, seed uint64, f memnet.Faults) *cluster {
	t.Helper()
	clock := memnet.NewClock(start)
	c := &cluster{t: t, clock: clock, net: memnet.New(clock, seed, f), acked: map[string]map[string][]string{},
		forged: map[string]bool{}}
	keys := make([]*identity.KeyPair, n)
	for i := range keys {
		keys[i] = keyOf(t, byte(i+1))
	}
	c.sp = testSpace(t, keys[0], keys[1:]...)
	for i, k := range keys {
		c.nodes = append(c.nodes, c.newNode(k, syncmsg.HoldsAll, seed+uint64(i)))
	}
	return c
}

func (c *cluster) newNode(k *identity.KeyPair, holds syncmsg.Holds, seed uint64) *node {
	return c.newNodeWith(k, holds, seed, false)
}

// newNodeWith makes a node; noVerify skips signature checks (for tests of
// order, where signatures, checked elsewhere, only cost time).
func (c *cluster) newNodeWith(k *identity.KeyPair, holds syncmsg.Holds, seed uint64, noVerify bool) *node {
	c.t.Helper()
	st := versions.NewMemory()
	sp, err := NewSpace(ctx, SpaceConfig{Space: c.sp, Store: st, NoVerify: noVerify})
	if err != nil {
		c.t.Fatal(err)
	}
	nd := &node{t: c.t, name: k.DID(), key: k, store: st, sp: sp, clock: c.clock,
		lines: map[string]*record.Version{}, rnd: rand.New(rand.NewPCG(seed, 7))}
	eng, err := New(Config{Self: k.DID(), Space: sp, Clock: c.clock, Holds: holds,
		OnStored: func(from string, ids []string) {
			if c.acked[nd.name] == nil {
				c.acked[nd.name] = map[string][]string{}
			}
			c.acked[nd.name][from] = append(c.acked[nd.name][from], ids...)
		}})
	if err != nil {
		c.t.Fatal(err)
	}
	nd.eng = eng
	c.net.Add(nd.name, eng)
	return nd
}

// connect adds a and b as each other's peers (each says hello).
func (c *cluster) connect(a, b *node) {
	c.t.Helper()
	if err := a.eng.AddPeer(ctx, b.name, c.net.Conn(a.name, b.name)); err != nil {
		c.t.Fatal(err)
	}
	if err := b.eng.AddPeer(ctx, a.name, c.net.Conn(b.name, a.name)); err != nil {
		c.t.Fatal(err)
	}
}

func (c *cluster) disconnect(a, b *node) {
	a.eng.RemovePeer(b.name)
	b.eng.RemovePeer(a.name)
}

func (c *cluster) connectAll() {
	for i := range c.nodes {
		for j := i + 1; j < len(c.nodes); j++ {
			c.connect(c.nodes[i], c.nodes[j])
		}
	}
}

// run delivers messages until none is in flight, ticking every engine each
// second of fake time, for at most d of fake time.
func (c *cluster) run(d time.Duration) {
	c.t.Helper()
	end := c.clock.Now().Add(d)
	nextTick := c.clock.Now().Add(time.Second)
	for c.clock.Now().Before(end) {
		more, err := c.net.Step(ctx)
		if err != nil {
			c.t.Fatalf("deliver: %v", err)
		}
		if !more || !c.clock.Now().Before(nextTick) {
			if !more {
				c.clock.Advance(time.Second)
			}
			c.tick()
			nextTick = c.clock.Now().Add(time.Second)
		}
	}
}

func (c *cluster) tick() {
	c.t.Helper()
	for _, n := range c.nodes {
		if err := n.eng.Tick(ctx); err != nil {
			c.t.Fatalf("tick %s: %v", n.name, err)
		}
	}
}

// draft completes and signs a version by n: space, time, place in n's line.
func (n *node) sign(d *record.Version) *record.Version {
	n.t.Helper()
	d.Space = n.sp.ID()
	if d.CreatedAt == "" {
		d.CreatedAt = n.clock.Now().UTC().Format("2006-01-02T15:04:05.000Z")
	}
	if d.Seen == nil {
		d.Seen = n.sp.History().Heads()
		if d.Seen == nil {
			d.Seen = []string{}
		}
	}
	d.Log = &record.Log{N: 0}
	if p := n.lines[d.Collection]; p != nil {
		d.Log = &record.Log{N: p.Log.N + 1, Prev: p.ID}
	}
	v, err := record.Sign(d, n.key)
	if err != nil {
		n.t.Fatalf("sign: %v", err)
	}
	return v
}

// write signs and writes a version through n's engine; it reports whether
// the gatekeeper took it.
func (n *node) write(d *record.Version) (*record.Version, bool) {
	n.t.Helper()
	v := n.sign(d)
	if err := n.eng.Write(ctx, v); err != nil {
		return v, false
	}
	n.lines[v.Collection] = v
	return v, true
}

func (n *node) create(collection, key string, body any) *record.Version {
	n.t.Helper()
	v, ok := n.write(&record.Version{Collection: collection, Key: key, Body: body, HasBody: true})
	if !ok {
		n.t.Fatalf("%s: create %s/%s not taken", n.name, collection, key)
	}
	return v
}

// edit writes the version after the current one n holds (body nil: delete).
func (n *node) edit(key string, body any) (*record.Version, bool) {
	n.t.Helper()
	cur, err := n.store.Current(ctx, key)
	if err != nil {
		return nil, false
	}
	d := record.Next(cur)
	d.Retain = cur.Retain
	if body == nil {
		d.Deleted = true
	} else {
		d.Body, d.HasBody = body, true
	}
	return n.write(d)
}

// state is what convergence compares: the sum of every collection, and the
// current version of every record.
func (n *node) state() string {
	n.t.Helper()
	d, err := n.store.Dump(ctx)
	if err != nil {
		n.t.Fatal(err)
	}
	var lines []string
	for c, s := range d.Sums {
		lines = append(lines, fmt.Sprintf("sum %s %s %d", c, s.Fingerprint(), s.Count))
	}
	for k, v := range d.Entries {
		if len(k) > 2 && k[:2] == "r/" {
			lines = append(lines, k+"="+v)
		}
	}
	sort.Strings(lines)
	var b bytes.Buffer
	for _, l := range lines {
		b.WriteString(l + "\n")
	}
	return b.String()
}

func (n *node) has(id string) bool {
	f, err := n.store.Form(ctx, id)
	return err == nil && f != versions.Absent
}

// current is the body of the current version of key, or nil if none (or a
// delete).
func (n *node) current(key string) *record.Version {
	v, err := n.store.Current(ctx, key)
	if err != nil {
		return nil
	}
	return v
}

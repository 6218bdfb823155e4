package transport

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"minca.dev/desktop/core/handshake"
	"minca.dev/desktop/core/identity"
	"minca.dev/desktop/core/record"
	"minca.dev/desktop/core/space"
	"minca.dev/desktop/core/syncmsg"
	"minca.dev/desktop/node/syncer"
	"minca.dev/desktop/node/versions"
)

var ctx = context.Background()

func keyOf(t testing.TB, b byte) *identity.KeyPair {
	t.Helper()
	kp, err := identity.DeriveKeyPairFromSeed(bytes.Repeat([]byte{b}, 16))
	if err != nil {
		t.Fatal(err)
	}
	return kp
}

// testSpace founds a public space whose members may write app.wiki.
func testSpace(t testing.TB, founder *identity.KeyPair, members ...*identity.KeyPair) *space.Space {
	t.Helper()
	roles := []any{map[string]any{"name": "member", "grants": []any{
		map[string]any{"cmd": "/record", "pol": []any{[]any{"==", ".collection", "app.wiki"}}},
	}}}
	assigned := map[string]any{founder.DID(): []any{"member"}}
	for _, m := range members {
		assigned[m.DID()] = []any{"member"}
	}
	con, err := space.ParseConstitution(map[string]any{
		"createdAt": "2026-01-01T00:00:00.000Z", "minca": "constitution/1", "name": "Socket club",
		"nonce": "AAECAwQFBgcICQoL", "resolver": "strong-remove/1", "roles": roles,
		"visibility": "public", "top": map[string]any{"founders": []any{founder.DID()}},
		"assigned": assigned,
	})
	if err != nil {
		t.Fatal(err)
	}
	id, err := con.ID()
	if err != nil {
		t.Fatal(err)
	}
	return &space.Space{ID: id, Constitution: con}
}

// gate is a node's word as a table: the spaces served, the read proofs
// asked and given, the DIDs refused, the types withheld.
type gate struct {
	mu       sync.Mutex
	spaces   map[string]bool
	verifier *handshake.Verifier
	reader   *handshake.Reader
	refuse   map[string]bool
	withhold map[string]bool
}

func newGate(spaces ...string) *gate {
	g := &gate{spaces: map[string]bool{}, refuse: map[string]bool{}, withhold: map[string]bool{}}
	for _, s := range spaces {
		g.spaces[s] = true
	}
	return g
}

func (g *gate) Verifier(s string) (*handshake.Verifier, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if !g.spaces[s] {
		return nil, errors.New("space not served")
	}
	return g.verifier, nil
}

func (g *gate) Reader(string) (*handshake.Reader, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.reader, nil
}

func (g *gate) Admit(a Admission) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.refuse[a.DID] {
		return errors.New("a former member")
	}
	return nil
}

func (g *gate) MaySend(_, _, typ string) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	return !g.withhold[typ]
}

// recorder is a Handler keeping what arrived, in order.
type recorder struct {
	mu   sync.Mutex
	got  []string // "<peer> <type> <payload>"
	up   []*Peer
	down int
}

func (r *recorder) PeerUp(_ context.Context, p *Peer) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.up = append(r.up, p)
	return nil
}

func (r *recorder) Receive(_ context.Context, p *Peer, e handshake.Envelope) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.got = append(r.got, p.DID()+" "+e.Type+" "+string(e.Payload))
}

func (r *recorder) PeerDown(*Peer) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.down++
}

func (r *recorder) received() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.got...)
}

// fast is a backoff for tests on real sockets.
var fast = Backoff{Base: 20 * time.Millisecond, Max: 200 * time.Millisecond}

func newTransport(t *testing.T, key *identity.KeyPair, g Gate, h Handler, tweak ...func(*Config)) *Transport {
	t.Helper()
	cfg := Config{Key: key, Gate: g, Handler: h, Backoff: fast, Timeout: 2 * time.Second}
	for _, f := range tweak {
		f(&cfg)
	}
	tr, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { tr.Close() })
	return tr
}

func listen(t *testing.T, tr *Transport) string {
	t.Helper()
	addr, err := tr.Listen("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	return addr
}

func nodeURL(addr, did string) string { return "ws://" + addr + "/peer#" + did }

// eventually polls cond for up to 10 s.
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// syncNode is one node's space: store, judge, engine.
type syncNode struct {
	key   *identity.KeyPair
	store *versions.Memory
	sp    *syncer.Space
	eng   *syncer.Engine
}

type wallClock struct{}

func (wallClock) Now() time.Time { return time.Now() }

func newSyncNode(t *testing.T, key *identity.KeyPair, s *space.Space) *syncNode {
	t.Helper()
	st := versions.NewMemory()
	sp, err := syncer.NewSpace(ctx, syncer.SpaceConfig{Space: s, Store: st})
	if err != nil {
		t.Fatal(err)
	}
	eng, err := syncer.New(syncer.Config{Self: key.DID(), Space: sp, Clock: wallClock{}, Holds: syncmsg.HoldsAll})
	if err != nil {
		t.Fatal(err)
	}
	return &syncNode{key: key, store: st, sp: sp, eng: eng}
}

// write signs the n-th version of this node's line in app.wiki.
func (n *syncNode) write(t *testing.T, key string, n0 int, prev string) *record.Version {
	t.Helper()
	d := &record.Version{Space: n.sp.ID(), Collection: "app.wiki", Key: key,
		Body: map[string]any{"text": strings.Repeat("w", n0+1)}, HasBody: true,
		CreatedAt: time.Now().UTC().Format("2006-01-02T15:04:05.000Z"), Seen: []string{},
		Log: &record.Log{N: int64(n0), Prev: prev}}
	if h := n.sp.History().Heads(); h != nil {
		d.Seen = h
	}
	v, err := record.Sign(d, n.key)
	if err != nil {
		t.Fatal(err)
	}
	if err := n.eng.Write(ctx, v); err != nil {
		t.Fatalf("write %s: %v", key, err)
	}
	return v
}

func (n *syncNode) has(id string) bool {
	f, err := n.store.Form(ctx, id)
	return err == nil && f != versions.Absent
}

func raw(s string) json.RawMessage { return json.RawMessage(s) }

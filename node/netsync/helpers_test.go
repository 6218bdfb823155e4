package netsync

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/tls"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"minca.dev/desktop/core/access"
	"minca.dev/desktop/core/identity"
	"minca.dev/desktop/core/judge"
	"minca.dev/desktop/core/note"
	"minca.dev/desktop/core/record"
	"minca.dev/desktop/core/space"
	"minca.dev/desktop/core/spacekey"
	"minca.dev/desktop/node/api"
	"minca.dev/desktop/node/nodetls"
	"minca.dev/desktop/node/syncer"
	"minca.dev/desktop/node/transport"
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

// world is one space and the keys of its accounts: the founder (an admin
// who may remove members) and members who write app.wiki.
type world struct {
	sp  *space.Space
	key *spacekey.Key // the space key of a private space
}

func roles(t testing.TB) []space.FoundingRole {
	t.Helper()
	eq := func(sel string, v any) any { return []any{"==", sel, v} }
	raw := []any{
		map[string]any{"name": "member", "grants": []any{
			map[string]any{"cmd": "/record", "pol": []any{eq(".collection", "app.wiki")}}}},
		map[string]any{"name": "admin", "grants": []any{
			map[string]any{"cmd": "/member/remove", "pol": []any{}},
			map[string]any{"cmd": "/role/assign", "pol": []any{}}}},
	}
	var out []space.FoundingRole
	for _, r := range raw {
		fr, err := space.ParseFoundingRole(r)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, fr)
	}
	return out
}

func newWorld(t testing.TB, private bool, founder *identity.KeyPair, members ...*identity.KeyPair) *world {
	t.Helper()
	assigned := map[string][]string{founder.DID(): {"admin", "member"}}
	for _, m := range members {
		assigned[m.DID()] = []string{"member"}
	}
	d := space.Draft{Name: "Net club", Visibility: space.VisibilityPub, Founders: []string{founder.DID()},
		Roles: roles(t), Assigned: assigned, CreatedAt: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC),
		Nonce: bytes.Repeat([]byte{7}, 12)}
	w := &world{}
	var err error
	if private {
		d.Visibility = space.VisibilityPriv
		if w.key, err = spacekey.Generate(rand.Reader); err != nil {
			t.Fatal(err)
		}
		w.sp, err = spacekey.NewSpace(d, w.key)
	} else {
		w.sp, err = space.Create(d)
	}
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// opener is a private space's keyring for an account holding its first key.
func (w *world) opener() judge.Opener {
	if w.key == nil {
		return nil
	}
	return spacekey.NewKeyring(spacekey.Input{Space: w.sp.ID, Held: []*spacekey.Key{w.key},
		Keys: []access.KeyEntry{{KeyID: w.key.ID(), ReadKey: w.key.ReadDID(), Event: w.sp.ID}}})
}

// node is one account's node: a session key, a SQLite store, a Manager.
type node struct {
	t       testing.TB
	w       *world
	acct    *identity.KeyPair
	sess    *identity.KeyPair
	path    string
	store   *versions.SQLite
	m       *Manager
	eng     *syncer.Engine
	mu      sync.Mutex
	lines   map[string]*record.Version
	events  []api.Event
	stopEvs func()
}

// fast is a backoff for tests on real sockets.
var fast = transport.Backoff{Base: 20 * time.Millisecond, Max: 200 * time.Millisecond}

type opts struct {
	listen   string   // ListenOff unless set
	nodes    []string // the invitation's nodes
	path     string   // reuse a store
	sess     *identity.KeyPair
	noAdd    bool
	who      time.Duration // WhoTimeout
	wss      bool          // serve wss:// with the session key's certificate (nodetls)
	adv      string        // Config.Advertise
	client   *tls.Config   // Config.ClientTLS
	tick     time.Duration // Config.Tick; zero: 50 ms
	progress time.Duration // Config.Progress
}

func newNode(t testing.TB, w *world, acct *identity.KeyPair, o opts) *node {
	t.Helper()
	n := &node{t: t, w: w, acct: acct, sess: o.sess, path: o.path, lines: map[string]*record.Version{}}
	if n.sess == nil {
		seed, err := identity.NewSeed(rand.Reader) // a fresh session key per run (06 §1.1)
		if err != nil {
			t.Fatal(err)
		}
		if n.sess, err = identity.DeriveKeyPairFromSeed(seed); err != nil {
			t.Fatal(err)
		}
	}
	if n.path == "" {
		n.path = filepath.Join(t.TempDir(), "space.db")
	}
	var err error
	if n.store, err = versions.OpenSQLite(ctx, versions.Config{Path: n.path}); err != nil {
		t.Fatal(err)
	}
	sn, err := note.Make(acct, note.Grant{Aud: n.sess.DID(), Cmd: note.CmdAll}, rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	if o.tick == 0 {
		o.tick = 50 * time.Millisecond
	}
	cfg := Config{Key: n.sess, Note: sn, Listen: o.listen, Backoff: fast, Tick: o.tick, WhoTimeout: o.who, Progress: o.progress,
		Advertise: o.adv, ClientTLS: o.client}
	if o.wss {
		if cfg.ServerTLS, err = nodetls.ServerConfig(n.sess); err != nil {
			t.Fatal(err)
		}
	}
	n.m, err = New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ch, stop := n.m.Events()
	n.stopEvs = stop
	go func() {
		for e := range ch {
			n.mu.Lock()
			n.events = append(n.events, e)
			n.mu.Unlock()
		}
	}()
	t.Cleanup(n.close)
	if !o.noAdd {
		n.add(o.nodes...)
	}
	return n
}

func (n *node) add(nodes ...string) {
	n.t.Helper()
	cfg := SpaceConfig{Space: n.w.sp, Store: n.store, Opener: n.w.opener(), Nodes: nodes}
	if k := n.w.key; k != nil {
		cfg.Keys = func() []*spacekey.Key { return []*spacekey.Key{k} }
	}
	var err error
	if n.eng, err = n.m.Add(ctx, cfg); err != nil {
		n.t.Fatal(err)
	}
}

func (n *node) close() {
	if n.m == nil {
		return
	}
	n.m.Close()
	n.store.Close()
	n.m = nil
}

func (n *node) url() string { return n.m.URL() }

// sign completes and signs a version by n's account.
func (n *node) sign(d *record.Version) *record.Version {
	n.t.Helper()
	d.Space = n.w.sp.ID
	d.CreatedAt = time.Now().UTC().Format("2006-01-02T15:04:05.000Z")
	if d.Seen == nil {
		d.Seen = []string{}
	}
	d.Log = &record.Log{N: 0}
	if p := n.lines[d.Collection]; p != nil {
		d.Log = &record.Log{N: p.Log.N + 1, Prev: p.ID}
	}
	if n.w.key != nil && spacekey.Encrypted(d.Collection, d.Deleted) {
		sealed, err := spacekey.SealBody(n.w.key, spacekey.Place{Space: d.Space, Collection: d.Collection, Key: d.Key}, d.Body, nil, rand.Reader)
		if err != nil {
			n.t.Fatal(err)
		}
		d.Body = sealed
	}
	v, err := record.Sign(d, n.acct)
	if err != nil {
		n.t.Fatal(err)
	}
	n.lines[d.Collection] = v
	return v
}

// write signs and writes one app.wiki record through the engine.
func (n *node) write(key string) *record.Version {
	n.t.Helper()
	v := n.sign(&record.Version{Collection: "app.wiki", Key: key, Body: map[string]any{"k": key}, HasBody: true})
	if err := n.eng.Write(ctx, v); err != nil {
		n.t.Fatalf("write %s: %v", key, err)
	}
	return v
}

// remove writes the founder's sys.remove of an account (03 §6.1).
func (n *node) remove(did string) *record.Version {
	n.t.Helper()
	v := n.sign(&record.Version{Collection: "sys.remove", Key: record.RemoveKey(did),
		Body: map[string]any{"did": did}, HasBody: true, Retain: true})
	if err := n.eng.Write(ctx, v); err != nil {
		n.t.Fatalf("remove: %v", err)
	}
	return v
}

// assign writes the founder's assignment of role to an account (03 §6).
func (n *node) assign(did, role string) *record.Version {
	n.t.Helper()
	v := n.sign(&record.Version{Collection: "sys.assign", Key: record.AssignKey(did, role),
		Body: map[string]any{"did": did, "role": role, "assigned": true}, HasBody: true, Retain: true})
	if err := n.eng.Write(ctx, v); err != nil {
		n.t.Fatalf("assign: %v", err)
	}
	return v
}

func (n *node) has(id string) bool {
	f, err := n.store.Form(ctx, id)
	return err == nil && f != versions.Absent
}

func (n *node) count() int {
	s, err := n.store.Sum(ctx, "app.wiki")
	if err != nil {
		return -1
	}
	return s.Count
}

func (n *node) spaceStatus() api.SpaceSync {
	for _, s := range n.m.Status(ctx).Spaces {
		if s.SpaceID == n.w.sp.ID {
			return s
		}
	}
	n.t.Fatal("space missing from status")
	return api.SpaceSync{}
}

func (n *node) connectedTo(sess string) bool {
	for _, p := range n.m.Status(ctx).Peers {
		if p.DID == sess && p.State == PeerStateConnected {
			return true
		}
	}
	return false
}

func (n *node) saw(kind, what string) bool {
	n.mu.Lock()
	defer n.mu.Unlock()
	for _, e := range n.events {
		if e.Kind != kind {
			continue
		}
		switch d := e.Data.(type) {
		case Change:
			if d.What == what {
				return true
			}
		case Joined:
			if d.Account == what {
				return true
			}
		case string:
			if d == what {
				return true
			}
		}
	}
	return false
}

// eventually polls cond for up to 20 s.
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

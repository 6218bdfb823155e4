package runtime

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"minca.dev/desktop/core/space"
	"minca.dev/desktop/node/api"
	"minca.dev/desktop/node/netsync"
	"minca.dev/desktop/node/paths"
)

// netPerson is a person whose node syncs over node sockets (node/netsync on
// loopback), listening when listen is set.
func netPerson(t *testing.T, name string, listen bool, with ...func(*Config)) *person {
	t.Helper()
	home := filepath.Join(t.TempDir(), name)
	cfg := Config{Env: paths.Env{GOOS: "linux", Home: home}, Sockets: true}
	if listen {
		cfg.Listen = netsync.ListenLoopback
	}
	for _, f := range with {
		f(&cfg)
	}
	n, err := Open(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { n.Close() })
	acc, err := n.CreateAccount(context.Background(), api.CreateAccount{ProfileName: name, Passphrase: "pass of " + name})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return &person{name: name, home: home, did: acc.Account.DID, n: n}
}

// holds says whether p's store holds version vid of space id.
func (p *person) holds(id, vid string) bool {
	p.n.mu.Lock()
	defer p.n.mu.Unlock()
	_, err := p.n.spaces[id].store.Get(context.Background(), vid)
	return err == nil
}

// wireDID is the DID p's node goes by on the wire.
func (p *person) wireDID() string {
	p.n.mu.Lock()
	defer p.n.mu.Unlock()
	return p.n.wire.DID()
}

func syncStatus(t *testing.T, p *person) api.SyncStatus {
	t.Helper()
	st, err := p.n.SyncStatus(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// peer is p's status of the peer whose DID is did, if it lists it.
func peer(t *testing.T, p *person, did string) (api.PeerStatus, bool) {
	t.Helper()
	for _, ps := range syncStatus(t, p).Peers {
		if ps.DID == did {
			return ps, true
		}
	}
	return api.PeerStatus{}, false
}

func connected(t *testing.T, p, to *person) error {
	t.Helper()
	if ps, ok := peer(t, p, to.wireDID()); !ok || ps.State != netsync.PeerStateConnected {
		return fmt.Errorf("%s not connected to %s: %+v", p.name, to.name, ps)
	}
	return nil
}

func spaceSync(t *testing.T, p *person, id string) api.SpaceSync {
	t.Helper()
	for _, s := range syncStatus(t, p).Spaces {
		if s.SpaceID == id {
			return s
		}
	}
	t.Fatalf("%s's sync status lacks %s", p.name, id)
	return api.SpaceSync{}
}

// share has a found a space and b join it through a's invite (a role, or
// view-only when role is "").
func share(t *testing.T, a *person, private bool, role string, bs ...*person) api.SpaceSummary {
	t.Helper()
	ctx := context.Background()
	s, err := a.n.CreateSpace(ctx, api.CreateSpace{Name: "Over sockets", Template: "team", Private: private})
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range bs {
		join(t, a, b, s.ID, role)
	}
	return s
}

func join(t *testing.T, a, b *person, id, role string) {
	t.Helper()
	ctx := context.Background()
	inv, err := a.n.CreateInvite(ctx, api.CreateInvite{SpaceID: id, Role: role, ViewOnly: role == ""})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.n.Join(ctx, inv.Link); err != nil {
		t.Fatalf("%s joins through %s: %v", b.name, a.name, err)
	}
}

func write(t *testing.T, p *person, id, body string) string {
	t.Helper()
	v, err := p.n.Write(context.Background(), api.Write{SpaceID: id, Collection: "app.chat", Body: body})
	if err != nil {
		t.Fatalf("%s writes: %v", p.name, err)
	}
	return v
}

// Over node sockets: the invite carries the inviter's node URL (its
// SyncStatus.Listen); the joiner dials it, syncs, joins, writes; the
// inviter reads it. Both report the sync through node/netsync: the space
// synced with every version, bytes received, the peer by URL and DID.
// Public and private spaces.
func TestJoinOverSockets(t *testing.T) {
	for _, private := range []bool{false, true} {
		t.Run(fmt.Sprint("private=", private), func(t *testing.T) {
			ctx := context.Background()
			alice, bob := netPerson(t, "Alice", true), netPerson(t, "Bob", false)
			s := share(t, alice, private, "member", bob)
			listen := syncStatus(t, alice).Listen
			url, did, _ := strings.Cut(listen, "#")
			if !strings.HasPrefix(url, "ws://127.0.0.1:") || did != alice.wireDID() {
				t.Fatalf("alice listens at %q", listen)
			}
			if p, err := bob.n.PreviewInvite(ctx, inviteLink(t, alice, s.ID)); err != nil || !slices.Equal(p.Nodes, []string{url}) {
				t.Fatalf("the invite's nodes %v %v, want %s", p.Nodes, err, url)
			}
			waitFor(t, "alice sees bob", func() error {
				ms, err := alice.n.Members(ctx, s.ID)
				if err != nil || !slices.ContainsFunc(ms, func(m api.Member) bool { return m.DID == bob.did }) {
					return fmt.Errorf("members %+v %v", ms, err)
				}
				return nil
			})
			id := write(t, bob, s.ID, "over the wire")
			waitFor(t, "alice reads bob", func() error { return reads(alice, s.ID, id, "over the wire") })
			waitFor(t, "both synced", func() error {
				a, b := spaceSync(t, alice, s.ID), spaceSync(t, bob, s.ID)
				if a.State != netsync.StateSynced || b.State != netsync.StateSynced || a.Versions != b.Versions {
					return fmt.Errorf("alice %+v, bob %+v", a, b)
				}
				return nil
			})
			if b := spaceSync(t, bob, s.ID); b.BytesIn == 0 || b.ToFetch != 0 || b.Versions < 3 {
				t.Fatalf("bob's space %+v", b)
			}
			ps, ok := peer(t, bob, alice.wireDID())
			if !ok || ps.URL != url || ps.State != netsync.PeerStateConnected || ps.Dropped != 0 || !slices.Equal(ps.Spaces, []string{s.ID}) {
				t.Fatalf("bob's peer alice %+v (%v)", ps, ok)
			}
			if err := connected(t, alice, bob); err != nil {
				t.Fatal(err)
			}
			if d := detail(t, bob, s.ID); len(d.Peers) != 1 || d.Peers[0].DID != alice.wireDID() || d.Sync != netsync.StateSynced {
				t.Fatalf("bob's space page: sync %q, peers %+v", d.Sync, d.Peers)
			}
		})
	}
}

func inviteLink(t *testing.T, p *person, id string) string {
	t.Helper()
	inv, err := p.n.CreateInvite(context.Background(), api.CreateInvite{SpaceID: id, ViewOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	return inv.Link
}

// A public space's former member (03 §9.2) is refused at the socket: once
// Alice removes Bob, her node lets his go and takes it back no more;
// nothing written afterwards reaches him (not even the removal), while
// Dave, still a member, gets it.
func TestFormerMemberRefused(t *testing.T) {
	ctx := context.Background()
	alice, bob, dave := netPerson(t, "Alice", true), netPerson(t, "Bob", false), netPerson(t, "Dave", false)
	s := share(t, alice, false, "member", bob, dave)
	before := write(t, alice, s.ID, "before")
	for _, p := range []*person{bob, dave} {
		waitFor(t, p.name+" reads before", func() error { return reads(p, s.ID, before, "before") })
		waitFor(t, "alice admits "+p.name, func() error { return connected(t, alice, p) })
	}
	if err := alice.n.RemoveMember(ctx, s.ID, bob.did); err != nil {
		t.Fatal(err)
	}
	after := write(t, alice, s.ID, "after")
	waitFor(t, "dave reads after", func() error { return reads(dave, s.ID, after, "after") })
	waitFor(t, "bob let go", func() error {
		if connected(t, bob, alice) == nil || connected(t, alice, bob) == nil {
			return fmt.Errorf("still connected")
		}
		return nil
	})
	// Bob's node dials again (backoff) and is refused each time (4003).
	waitFor(t, "bob dials again", func() error {
		if ps, _ := peer(t, bob, alice.wireDID()); ps.State != netsync.PeerStateRefused {
			return fmt.Errorf("bob's dial to alice %+v", ps)
		}
		return nil
	})
	if bob.holds(s.ID, after) {
		t.Fatal("a version written after the removal reached bob")
	}
	// His own history still makes him a member (his views do not count him:
	// shownMembers).
	bob.n.mu.Lock()
	_, hist, err := bob.n.spaceReplayLocked(ctx, s.ID)
	bob.n.mu.Unlock()
	if err != nil || !hist.Current().IsMember(bob.did) {
		t.Fatalf("the removal reached bob: %v", err)
	}
}

// setKeepers has p's account name the nodes as the space's keepers
// (sys.keepers, 03 §10).
func setKeepers(t *testing.T, p *person, id string, nodes ...*person) {
	t.Helper()
	var ks []any
	for _, k := range nodes {
		ks = append(ks, map[string]any{"did": k.wireDID(), "name": k.name})
	}
	ctx := context.Background()
	p.n.mu.Lock()
	defer p.n.mu.Unlock()
	h := p.n.spaces[id]
	d := accessDraft(ctx, h, collKeepers, space.KeepersKey, map[string]any{"keepers": ks, "copies": nil})
	if _, err := p.n.writeLocked(ctx, h, d); err != nil {
		t.Fatalf("keepers: %v", err)
	}
}

const collKeepers = "sys.keepers"

// Once a space names keepers (03 §10), a joiner dials only the nodes its
// invitations named that are keepers: Bob, who holds Alice's and Carol's
// node URLs, lets Carol's go when Alice names her own node the keeper, and
// stays with Alice's.
func TestKeepersDialled(t *testing.T) {
	alice, carol, bob := netPerson(t, "Alice", true), netPerson(t, "Carol", true), netPerson(t, "Bob", false)
	s := share(t, alice, false, "member", carol)
	join(t, carol, bob, s.ID, "")
	join(t, alice, bob, s.ID, "")
	for _, p := range []*person{alice, carol} {
		waitFor(t, "bob connected to "+p.name, func() error { return connected(t, bob, p) })
	}
	setKeepers(t, alice, s.ID, alice)
	waitFor(t, "bob lets carol go", func() error {
		if ps, ok := peer(t, bob, carol.wireDID()); ok {
			return fmt.Errorf("bob still has carol: %+v", ps)
		}
		return nil
	})
	if err := connected(t, bob, alice); err != nil {
		t.Fatal(err)
	}
	after := write(t, carol, s.ID, "through the keeper")
	waitFor(t, "bob reads carol through alice", func() error { return reads(bob, s.ID, after, "through the keeper") })
}

// PauseSync lets every peer go until ResumeSync: the space is "paused",
// nothing arrives meanwhile, and it all comes after. Watch streams the
// sync status as it changes.
func TestPauseResume(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	alice, bob := netPerson(t, "Alice", true), netPerson(t, "Bob", false)
	evs, err := bob.n.Watch(ctx)
	if err != nil {
		t.Fatal(err)
	}
	s := share(t, alice, true, "member", bob)
	waitEvent(t, evs, "bob's sync event with alice connected", func(st api.SyncStatus) bool {
		return slices.ContainsFunc(st.Peers, func(p api.PeerStatus) bool {
			return p.DID == alice.wireDID() && p.State == netsync.PeerStateConnected
		})
	})
	if err := bob.n.PauseSync(ctx); err != nil {
		t.Fatal(err)
	}
	waitEvent(t, evs, "bob's paused event", func(st api.SyncStatus) bool { return st.Paused })
	if st := syncStatus(t, bob); !st.Paused || spaceSync(t, bob, s.ID).State != netsync.StatePaused || connected(t, bob, alice) == nil {
		t.Fatalf("paused: %+v", st)
	}
	id := write(t, alice, s.ID, "while paused")
	waitFor(t, "alice lets bob go", func() error {
		if connected(t, alice, bob) == nil {
			return fmt.Errorf("still connected")
		}
		return nil
	})
	if bob.holds(s.ID, id) {
		t.Fatal("a version reached a paused node")
	}
	if err := bob.n.ResumeSync(ctx); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "bob reads after resuming", func() error { return reads(bob, s.ID, id, "while paused") })
}

// waitEvent reads Watch events until a sync status passes ok.
func waitEvent(t *testing.T, evs <-chan api.Event, what string, ok func(api.SyncStatus) bool) {
	t.Helper()
	timeout := time.After(20 * time.Second)
	for {
		select {
		case e, open := <-evs:
			if !open {
				t.Fatalf("%s: the stream ended", what)
			}
			if st, is := e.Data.(api.SyncStatus); is && e.Kind == kindSync && ok(st) {
				return
			}
		case <-timeout:
			t.Fatalf("%s: none came", what)
		}
	}
}

// Leaving a space takes it off the network: its peers go, the sync status
// no longer lists it.
func TestLeaveStopsSyncing(t *testing.T) {
	ctx := context.Background()
	alice, bob := netPerson(t, "Alice", true), netPerson(t, "Bob", false)
	s := share(t, alice, false, "member", bob)
	waitFor(t, "bob connected", func() error { return connected(t, bob, alice) })
	if err := bob.n.LeaveSpace(ctx, s.ID); err != nil {
		t.Fatal(err)
	}
	if st := syncStatus(t, bob); len(st.Spaces) != 0 || len(st.Peers) != 0 {
		t.Fatalf("bob after leaving: %+v", st)
	}
	waitFor(t, "alice lets bob go", func() error {
		if connected(t, alice, bob) == nil {
			return fmt.Errorf("still connected")
		}
		return nil
	})
}

package runtime

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"minca.dev/desktop/core/record"
	"minca.dev/desktop/core/spacekey"
	"minca.dev/desktop/core/syncmsg"
	"minca.dev/desktop/node/api"
)

// person is one account on its own node (own home, own profile dir).
type person struct {
	name, home, did string
	n               *Node
}

func (p *person) reopen(t *testing.T, hub *Hub) {
	t.Helper()
	p.n.Close()
	p.n = newTestNode(t, hub, p.home)
	_, err := p.n.Account(context.Background())
	if err != nil {
		t.Fatalf("%s after restart: %v", p.name, err)
	}
	// Without a keychain the vault opens only with the passphrase: locked.
	if _, err := p.n.Spaces(context.Background()); api.CodeOf(err) != api.CodeLocked {
		t.Fatalf("%s after restart without keychain: %v, want locked", p.name, err)
	}
	if _, err := p.n.RestoreAccount(context.Background(), api.RestoreAccount{Passphrase: "pass of " + p.name}); err != nil {
		t.Fatalf("%s unlocks: %v", p.name, err)
	}
}

func newPerson(t *testing.T, hub *Hub, name string) *person {
	t.Helper()
	home := filepath.Join(t.TempDir(), name)
	n := newTestNode(t, hub, home)
	acc, err := n.CreateAccount(context.Background(), api.CreateAccount{ProfileName: name, Passphrase: "pass of " + name})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	p := &person{name: name, home: home, did: acc.Account.DID, n: n}
	t.Cleanup(func() { p.n.Close() })
	return p
}

func waitFor(t *testing.T, what string, f func() error) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		err := f()
		if err == nil {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: %v", what, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// reads says whether p reads version id of app.chat with body want
// (nil: holds it, or not, but cannot open it).
func reads(p *person, spaceID, id string, want any) error {
	rs, err := p.n.Records(context.Background(), spaceID, "app.chat")
	if err != nil {
		return err
	}
	for _, r := range rs {
		if r.VersionID == id {
			if fmt.Sprint(r.Body) != fmt.Sprint(want) {
				return fmt.Errorf("%s reads %v, want %v", p.name, r.Body, want)
			}
			return nil
		}
	}
	if want == nil {
		return nil
	}
	return fmt.Errorf("%s does not hold %s (%d records)", p.name, id, len(rs))
}

// TestPrivateSpaceScenario: Alice creates a private club, invites Bob
// (member), Dave (guest, a read-only role) and Carol (view-only link); Bob
// writes and the others read; Carol's writes are refused: her own node
// refuses to write, and one signed with her node's key anyway and pushed
// to the others is refused and counted by each of them; Alice removes
// Bob: the key changes at once and is boxed to Dave; Bob opens nothing
// written afterwards, Alice and Dave do, and Carol, whose view-only link
// carried only the old key, does not (03 §9.5: "its holder is not a reader
// and gets no box"). Then every node restarts from disk and all of it holds.
func TestPrivateSpaceScenario(t *testing.T) {
	ctx := context.Background()
	hub := NewHub(50 * time.Millisecond)
	t.Cleanup(hub.Close)
	alice, bob, carol, dave := newPerson(t, hub, "Alice"), newPerson(t, hub, "Bob"), newPerson(t, hub, "Carol"), newPerson(t, hub, "Dave")
	s, err := alice.n.CreateSpace(ctx, api.CreateSpace{Name: "Club", Private: true, Template: "club"})
	if err != nil {
		t.Fatal(err)
	}
	if !s.Private {
		t.Fatal("space not private")
	}
	invite := func(req api.CreateInvite) string {
		req.SpaceID = s.ID
		inv, err := alice.n.CreateInvite(ctx, req)
		if err != nil {
			t.Fatalf("invite %+v: %v", req, err)
		}
		return inv.Link
	}
	for p, link := range map[*person]string{bob: invite(api.CreateInvite{Role: "member"}),
		dave: invite(api.CreateInvite{Role: "guest"}), carol: invite(api.CreateInvite{ViewOnly: true})} {
		if _, err := p.n.Join(ctx, link); err != nil {
			t.Fatalf("%s joins: %v", p.name, err)
		}
	}
	waitFor(t, "alice sees bob and dave", func() error {
		ms, err := alice.n.Members(ctx, s.ID)
		if err != nil {
			return err
		}
		if len(ms) != 3 {
			return fmt.Errorf("members %+v", ms)
		}
		return nil
	})
	before, err := bob.n.Write(ctx, api.Write{SpaceID: s.ID, Collection: "app.chat", Body: "hi from Bob"})
	if err != nil {
		t.Fatalf("bob writes: %v", err)
	}
	for _, p := range []*person{alice, carol, dave} {
		waitFor(t, p.name+" reads bob", func() error { return reads(p, s.ID, before, "hi from Bob") })
	}
	if _, err := carol.n.Write(ctx, api.Write{SpaceID: s.ID, Collection: "app.chat", Body: "carol"}); api.CodeOf(err) != api.CodeForbidden {
		t.Fatalf("carol writes: %v, want forbidden", err)
	}
	// A node that signs Carol's write anyway and pushes it: every other
	// node's gatekeeper refuses it (02 §9: she has no standing to write)
	// and counts it; nobody holds it.
	refusedBefore := map[*person]int{}
	for _, p := range []*person{alice, bob, dave} {
		refusedBefore[p] = refusedCount(p, s.ID)
	}
	forged := signedAsIf(t, carol, s.ID, "carol anyway")
	pushAsIf(t, hub, carol, forged)
	for _, p := range []*person{alice, bob, dave} {
		waitFor(t, p.name+" refuses carol's write", func() error {
			if got := refusedCount(p, s.ID); got <= refusedBefore[p] {
				return fmt.Errorf("%s refused %d versions, as before", p.name, got)
			}
			return nil
		})
	}
	lacksForged := func(stage string) {
		t.Helper()
		for _, p := range []*person{alice, bob, carol, dave} {
			if p.holds(s.ID, forged.ID) {
				t.Fatalf("%s: %s holds carol's forged write", stage, p.name)
			}
			if err := reads(p, s.ID, forged.ID, nil); err != nil {
				t.Fatalf("%s: %v", stage, err)
			}
		}
	}
	lacksForged("pushed")
	oldKey := detail(t, alice, s.ID).KeyID

	// Dave's member key must be held for his box; it arrives with his join.
	waitFor(t, "alice holds dave's member key", func() error {
		h := alice.n.spaces[s.ID]
		if _, ok := h.memberKeys(ctx, []string{dave.did})[dave.did]; !ok {
			return fmt.Errorf("no member key of dave yet")
		}
		return nil
	})
	if err := alice.n.RemoveMember(ctx, s.ID, bob.did); err != nil {
		t.Fatalf("remove bob: %v", err)
	}
	if k := detail(t, alice, s.ID).KeyID; k == oldKey || k == "" {
		t.Fatalf("key id %q after removal, was %q", k, oldKey)
	}
	after, err := alice.n.Write(ctx, api.Write{SpaceID: s.ID, Collection: "app.chat", Body: "after Bob"})
	if err != nil {
		t.Fatalf("alice writes after: %v", err)
	}
	waitFor(t, "dave reads after", func() error { return reads(dave, s.ID, after, "after Bob") })
	check := func(stage string) {
		t.Helper()
		for _, c := range []struct {
			p    *person
			id   string
			want any
		}{{alice, before, "hi from Bob"}, {alice, after, "after Bob"}, {dave, after, "after Bob"},
			{carol, before, "hi from Bob"}, {carol, after, nil}, {bob, after, nil}, {bob, before, "hi from Bob"}} {
			if err := reads(c.p, s.ID, c.id, c.want); err != nil {
				t.Fatalf("%s: %v", stage, err)
			}
		}
		if _, err := bob.n.Write(ctx, api.Write{SpaceID: s.ID, Collection: "app.chat", Body: "still here?"}); api.CodeOf(err) != api.CodeForbidden {
			t.Fatalf("%s: bob writes after removal: %v", stage, err)
		}
	}
	waitFor(t, "carol holds the later version", func() error {
		_, err := carol.n.spaces[s.ID].store.Get(ctx, after)
		return err
	})
	check("before restart")

	for _, p := range []*person{alice, bob, carol, dave} {
		p.reopen(t, hub)
	}
	check("after restart")
	lacksForged("after restart")
	ms, err := alice.n.Members(ctx, s.ID)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(ms, func(m api.Member) bool { return m.DID == dave.did && m.ProfileName == "Dave" }) ||
		slices.ContainsFunc(ms, func(m api.Member) bool { return m.DID == bob.did }) {
		t.Fatalf("members after restart: %+v", ms)
	}
}

func detail(t *testing.T, p *person, id string) api.SpaceDetail {
	t.Helper()
	d, err := p.n.Space(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// signedAsIf is a chat version drafted, sealed and signed as p's node
// signs its writes (writeLocked: the session key, under the account's
// note), but never judged by p's gatekeeper: what a node that does not
// follow the rules would send for p.
func signedAsIf(t *testing.T, p *person, spaceID, body string) *record.Version {
	t.Helper()
	ctx := context.Background()
	n := p.n
	n.mu.Lock()
	defer n.mu.Unlock()
	h := n.spaces[spaceID]
	d, err := n.recordDraftLocked(ctx, h, api.Write{SpaceID: spaceID, Collection: "app.chat", Body: body})
	if err != nil {
		t.Fatal(err)
	}
	hist, err := h.replay(ctx)
	if err != nil {
		t.Fatal(err)
	}
	d.Space, d.CreatedAt, d.Seen = spaceID, n.now().Format(timeFormat), hist.Heads()
	d.Log = &record.Log{N: 0}
	d.Proof = n.note.JSON()
	if h.private() {
		ring, err := h.keys.keyring(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if d.Body, err = ring.Seal(spacekey.PlaceOf(d), d.Body, d.Links, n.cfg.Rand); err != nil {
			t.Fatal(err)
		}
		d.Links = nil
	}
	v, err := record.Sign(d, n.session)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// pushAsIf sends v from p's node to every node on the hub that holds the
// space, as a push of a write (05 §7) over p's own connections.
func pushAsIf(t *testing.T, hub *Hub, p *person, v *record.Version) {
	t.Helper()
	raw, err := record.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	msg, err := syncmsg.Marshal(&syncmsg.PushUpdate{Version: syncmsg.RawJSON(raw)})
	if err != nil {
		t.Fatal(err)
	}
	p.n.mu.Lock()
	self := p.n.wire.DID()
	p.n.mu.Unlock()
	hub.mu.Lock()
	defer hub.mu.Unlock()
	me := hub.spaces[v.Space][self]
	if me == nil || len(me.out) == 0 {
		t.Fatalf("%s's node has no peers on the hub", p.name)
	}
	for _, q := range me.out {
		q.Send(msg)
	}
}

// refusedCount is how many versions p's engine of a space refused.
func refusedCount(p *person, spaceID string) int {
	p.n.mu.Lock()
	defer p.n.mu.Unlock()
	return p.n.spaces[spaceID].eng.Stats().Refused
}

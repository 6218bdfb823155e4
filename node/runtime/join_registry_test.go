package runtime

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"minca.dev/desktop/core/enc"
	"minca.dev/desktop/core/record"
	"minca.dev/desktop/node/api"
	"minca.dev/desktop/node/paths"
	"minca.dev/desktop/node/registry"
)

// anaInvitesThenLeaves makes Ana's space with a member invite, and closes
// her node: the invite's record can reach no one.
func anaInvitesThenLeaves(t *testing.T) (ana *person, s api.SpaceSummary, inv api.Invite) {
	t.Helper()
	ctx := context.Background()
	ana = netPerson(t, "Ana", false)
	setNetwork(t, ana, api.NetworkThisComputer)
	s, err := ana.n.CreateSpace(ctx, api.CreateSpace{Name: "Garden club", Template: "team"})
	if err != nil {
		t.Fatal(err)
	}
	if inv, err = ana.n.CreateInvite(ctx, api.CreateInvite{SpaceID: s.ID, Role: "member"}); err != nil {
		t.Fatal(err)
	}
	ana.n.Close()
	return ana, s, inv
}

// sockNode opens a node with sockets at home.
func sockNode(t *testing.T, home string) *Node {
	t.Helper()
	n, err := Open(context.Background(), Config{Env: paths.Env{GOOS: "linux", Home: home}, Sockets: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { n.Close() })
	return n
}

// joining says whether p lists space id as joining through Ana's member
// invite (or, want false, lists it as a member, not joining).
func joining(p *person, id, anaDID string, want bool) func() error {
	return func() error {
		list, err := p.n.Spaces(context.Background())
		if err != nil {
			return err
		}
		i := slices.IndexFunc(list, func(s api.SpaceSummary) bool { return s.ID == id })
		if i < 0 {
			return fmt.Errorf("%s does not list the space", p.name)
		}
		j := list[i].Joining
		if want && (j == nil || j.InvitedBy != anaDID || j.Role != "member" || j.InviterName != "Ana") {
			return fmt.Errorf("%s lists %+v (joining %+v), want joining", p.name, list[i], j)
		}
		if !want && (j != nil || !slices.Contains(list[i].Roles, "member")) {
			return fmt.Errorf("%s lists %+v (joining %+v), want a member", p.name, list[i], j)
		}
		return nil
	}
}

// Ben has two devices sharing one data folder. He joins Ana's space on the
// first while her computer is off: the kept invite is the registry's
// spaceinvite entry in the folder (05 §12), so the second lists the space
// as joining too. Once Ana is back, the join is written once: the device
// that kept it writes it, the other finds the account a member and lets
// its kept join go; the entry is gone from the registry.
func TestJoinKeptOnTwoDevices(t *testing.T) {
	ctx := context.Background()
	ana, s, inv := anaInvitesThenLeaves(t)
	dir := t.TempDir()
	shared := filepath.Join(dir, "Shared")
	b1 := sockNode(t, filepath.Join(dir, "b1"))
	if _, err := b1.SetFolder(ctx, api.SetFolder{Path: shared, Mode: "use"}); err != nil {
		t.Fatal(err)
	}
	acc, err := b1.CreateAccount(ctx, api.CreateAccount{ProfileName: "Ben", Passphrase: "pass of Ben"})
	if err != nil {
		t.Fatal(err)
	}
	ben1 := &person{name: "Ben on b1", did: acc.Account.DID, n: b1}
	b2 := sockNode(t, filepath.Join(dir, "b2"))
	if _, err := b2.RestoreAccount(ctx, api.RestoreAccount{Folder: shared, RecoveryCode: acc.RecoveryCode, Passphrase: "pass two"}); err != nil {
		t.Fatal(err)
	}
	ben2 := &person{name: "Ben on b2", did: acc.Account.DID, n: b2}

	if got, err := b1.Join(ctx, inv.Link); err != nil || got.Joining == nil {
		t.Fatalf("join while Ana is off: %+v %v", got, err)
	}
	waitFor(t, "b1 lists the join", joining(ben1, s.ID, ana.did, true))
	waitFor(t, "b2 finds the join in the registry", joining(ben2, s.ID, ana.did, true))

	restartNet(t, ana)
	waitLong(t, "both devices members", func() error {
		if err := joining(ben1, s.ID, ana.did, false)(); err != nil {
			return err
		}
		if err := joining(ben2, s.ID, ana.did, false)(); err != nil {
			return err
		}
		return isMemberOf(ana, s.ID, ben1.did)
	})
	for _, p := range []*person{ben1, ben2, ana} {
		if n := assignsOf(t, p, s.ID, ben1.did); n != 1 {
			t.Errorf("%s holds %d versions of Ben's join, want 1", p.name, n)
		}
	}
	if _, err := keptInvite(ben2, s.ID); !errors.Is(err, registry.ErrNotFound) {
		t.Fatalf("the spaceinvite entry outlived the join: %v", err)
	}
}

// assignsOf counts the versions p holds of did's member assignment.
func assignsOf(t *testing.T, p *person, id, did string) int {
	t.Helper()
	p.n.mu.Lock()
	defer p.n.mu.Unlock()
	vs, err := p.n.spaces[id].store.Collection(context.Background(), "sys.assign")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, v := range vs {
		if v.Key == record.AssignKey(did, "member") {
			n++
		}
	}
	return n
}

// A join an older build kept in state.json (the invite sealed there) moves
// into the registry when the node opens, once the state is imported into
// the node store: the space is still joining, the registry's entry holds
// the invite, the node store holds it no more.
func TestJoinKeptByOlderBuild(t *testing.T) {
	ctx := context.Background()
	ana, s, inv := anaInvitesThenLeaves(t)
	ben := netPerson(t, "Ben", false)
	if got, err := ben.n.Join(ctx, inv.Link); err != nil || got.Joining == nil {
		t.Fatalf("join while Ana is off: %+v %v", got, err)
	}
	kept, err := keptInvite(ben, s.ID)
	if err != nil {
		t.Fatal(err)
	}
	// What an older build kept: the invite sealed in state.json, nothing
	// in the registry.
	ben.n.mu.Lock()
	lk, err := ben.n.localKeyLocked()
	dir := ben.n.dir
	ben.n.mu.Unlock()
	if err != nil {
		t.Fatal(err)
	}
	file := registryPath(ben, s.ID)
	env, err := registry.Seal(lk, joinEntry(s.ID), []byte(kept), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	ben.n.Close()
	st := storedState(t, dir)
	i := slices.IndexFunc(st.Spaces, func(ss spaceState) bool { return ss.ID == s.ID })
	st.Spaces[i].Joining.Sealed = enc.B64URL(env)
	writeOlderState(t, dir, st)
	if err := os.Remove(file); err != nil {
		t.Fatal(err)
	}

	restartNet(t, ben)
	if got, err := keptInvite(ben, s.ID); err != nil || got != kept {
		t.Fatalf("after opening, the registry keeps %q %v, want the invite", got, err)
	}
	if j := joiningIn(storedState(t, ben.n.dir), s.ID); j == nil || j.Sealed != "" {
		t.Fatalf("the node store keeps the join %+v, want it without the invite", j)
	}
	if err := joining(ben, s.ID, ana.did, true)(); err != nil {
		t.Fatal(err)
	}
}

// A join kept while the node switches data folders follows it: the new
// folder's registry gets the kept invite, and the space stays joining
// (not taken for a join another device wrote or gave up).
func TestJoinKeptFollowsFolder(t *testing.T) {
	ctx := context.Background()
	ana, s, inv := anaInvitesThenLeaves(t)
	ben := netPerson(t, "Ben", false)
	if got, err := ben.n.Join(ctx, inv.Link); err != nil || got.Joining == nil {
		t.Fatalf("join while Ana is off: %+v %v", got, err)
	}
	kept, err := keptInvite(ben, s.ID)
	if err != nil {
		t.Fatal(err)
	}
	other := filepath.Join(t.TempDir(), "Other")
	if _, err := ben.n.SetFolder(ctx, api.SetFolder{Path: other, Mode: api.FolderUse}); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the new folder's registry keeps the invite", func() error {
		if got, err := keptInvite(ben, s.ID); err != nil || got != kept {
			return fmt.Errorf("%q %v", got, err)
		}
		return nil
	})
	if err := joining(ben, s.ID, ana.did, true)(); err != nil {
		t.Fatal(err)
	}
}

// An invite closed before its record reached the joiner: once it arrives,
// the kept join is listed closed, and its registry entry is gone (the
// secret opens nothing now); the space stays listed until Ben leaves it.
func TestJoinClosedWhileKept(t *testing.T) {
	ctx := context.Background()
	ana := netPerson(t, "Ana", false)
	setNetwork(t, ana, api.NetworkThisComputer)
	s, err := ana.n.CreateSpace(ctx, api.CreateSpace{Name: "Garden club", Template: "team"})
	if err != nil {
		t.Fatal(err)
	}
	inv, err := ana.n.CreateInvite(ctx, api.CreateInvite{SpaceID: s.ID, Role: "member"})
	if err != nil {
		t.Fatal(err)
	}
	if err := ana.n.CloseInvite(ctx, s.ID, inv.Key); err != nil {
		t.Fatal(err)
	}
	ana.n.Close()
	ben := netPerson(t, "Ben", false)
	if got, err := ben.n.Join(ctx, inv.Link); err != nil || got.Joining == nil {
		t.Fatalf("join while Ana is off: %+v %v", got, err)
	}
	restartNet(t, ana)
	waitLong(t, "ben's join listed closed", func() error {
		sum, ok := summaryOf(t, ben, s.ID)
		if !ok || sum.Joining == nil || !sum.Joining.Closed {
			return fmt.Errorf("ben's space %+v (%v)", sum, ok)
		}
		return nil
	})
	if _, err := keptInvite(ben, s.ID); !errors.Is(err, registry.ErrNotFound) {
		t.Fatalf("a closed invite's spaceinvite entry: %v", err)
	}
	if err := ben.n.LeaveSpace(ctx, s.ID); err != nil {
		t.Fatal(err)
	}
	if sum, ok := summaryOf(t, ben, s.ID); ok {
		t.Fatalf("a closed join left behind: %+v", sum)
	}
}

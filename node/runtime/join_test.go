package runtime

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"minca.dev/desktop/node/api"
	"minca.dev/desktop/node/folder"
	"minca.dev/desktop/node/registry"
)

// summaryOf is p's space list entry of id.
func summaryOf(t *testing.T, p *person, id string) (api.SpaceSummary, bool) {
	t.Helper()
	list, err := p.n.Spaces(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(list, func(s api.SpaceSummary) bool { return s.ID == id })
	if i < 0 {
		return api.SpaceSummary{}, false
	}
	return list[i], true
}

// waitLong is waitFor with room for a dialler's backoff (node/transport:
// up to a minute between tries of a node that was down).
func waitLong(t *testing.T, what string, f func() error) {
	t.Helper()
	deadline := time.Now().Add(90 * time.Second)
	for err := f(); err != nil; err = f() {
		if time.Now().After(deadline) {
			t.Fatalf("%s: %v", what, err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// Ben joins Ana's private space while her computer is off (03 §7.3): Join
// answers at once (every dial to Ana's node fails), the space as joining — no role, no member rights, the invite's
// secret kept only sealed — and pasting the link again, or restarting
// Ben's node, keeps it so. Once Ana's computer is back, Ben's node writes
// the join by itself, with no other call: Ana lists him, his space is no longer joining, and the kept
// invite is gone.
func TestJoinWhileInviterOff(t *testing.T) {
	ctx := context.Background()
	ana := netPerson(t, "Ana", false)
	setNetwork(t, ana, api.NetworkThisComputer)
	s, err := ana.n.CreateSpace(ctx, api.CreateSpace{Name: "Garden club", Template: "team", Private: true})
	if err != nil {
		t.Fatal(err)
	}
	inv, err := ana.n.CreateInvite(ctx, api.CreateInvite{SpaceID: s.ID, Role: "member"})
	if err != nil {
		t.Fatal(err)
	}
	ana.n.Close()

	ben := netPerson(t, "Ben", false)
	for _, try := range []string{"join", "paste again"} {
		began := time.Now()
		got, err := ben.n.Join(ctx, inv.Link)
		if err != nil {
			t.Fatalf("%s while Ana is off: %v", try, err)
		}
		// No node the invite names is reachable: Join answers once its
		// dials failed, not after joinWait.
		if took := time.Since(began); took >= joinWait {
			t.Fatalf("%s while Ana is off took %v", try, took)
		}
		j := got.Joining
		if j == nil || j.InvitedBy != ana.did || j.InviterName != "Ana" || j.Role != "member" || j.Closed || len(got.Roles) != 0 {
			t.Fatalf("%s: %+v (joining %+v), want joining through Ana's member invite, no role", try, got, j)
		}
	}
	if sum, ok := summaryOf(t, ben, s.ID); !ok || sum.Joining == nil || sum.Removed != nil {
		t.Fatalf("ben's list: %+v (%v), want Garden club joining", sum, ok)
	}
	d, err := ben.n.Space(ctx, s.ID)
	if err != nil {
		t.Fatal(err)
	}
	if m := d.May; m.Member || len(m.Invite) != 0 || m.InviteViewOnly || len(m.AssignOthers) != 0 || m.RemoveMembers {
		t.Fatalf("a joining space's rights: %+v, want no member controls", m)
	}
	_, secret, _ := strings.Cut(secretOf(inv.Link), ".")
	onDisk := string(storeBytes(t, ben.n.dir))
	if secret == "" || strings.Contains(onDisk, secret) || !strings.Contains(onDisk, `"joining"`) {
		t.Fatalf("the node store keeps the join %v, the secret in the clear %v", strings.Contains(onDisk, `"joining"`), strings.Contains(onDisk, secret))
	}
	if j := joiningIn(storedState(t, ben.n.dir), s.ID); j == nil || j.Sealed != "" {
		t.Fatalf("the node store keeps the join %+v, want it without the invite: that belongs in the registry", j)
	}
	kept, err := keptInvite(ben, s.ID)
	if err != nil || !strings.Contains(kept, secret) {
		t.Fatalf("the registry's spaceinvite entry: %q %v, want the invite with its secret", kept, err)
	}
	if raw := registryFile(t, ben, s.ID); strings.Contains(string(raw), secret) {
		t.Fatal("the registry's spaceinvite entry lies in the clear")
	}

	restartNet(t, ben) // the kept join outlives Ben's node
	if sum, ok := summaryOf(t, ben, s.ID); !ok || sum.Joining == nil || sum.Joining.InviterName != "Ana" {
		t.Fatalf("ben's list after a restart: %+v (%v), want Garden club joining", sum, ok)
	}

	restartNet(t, ana)
	waitLong(t, "ben a member once Ana is back", func() error {
		sum, ok := summaryOf(t, ben, s.ID)
		if !ok || sum.Joining != nil || !slices.Contains(sum.Roles, "member") {
			return fmt.Errorf("ben's space %+v", sum)
		}
		return isMemberOf(ana, s.ID, ben.did)
	})
	for _, ss := range storedState(t, ben.n.dir).Spaces {
		if ss.Joining != nil {
			t.Fatalf("the kept join outlived the join: %+v", ss.Joining)
		}
	}
	if _, err := keptInvite(ben, s.ID); !errors.Is(err, registry.ErrNotFound) {
		t.Fatalf("the registry's spaceinvite entry outlived the join: %v", err)
	}
}

// keptInvite is the invite p's registry keeps for a join to space id
// (05 §12 spaceinvite:), opened.
func keptInvite(p *person, id string) (string, error) {
	p.n.mu.Lock()
	defer p.n.mu.Unlock()
	var raw []byte
	err := p.n.withRegistryLocked(func(rs *registry.Store) (err error) {
		raw, err = rs.Get(joinEntry(id))
		return err
	})
	return string(raw), err
}

// registryFile is the file of p's spaceinvite entry for space id, as the
// data folder holds it (05 §14.1).
func registryFile(t *testing.T, p *person, id string) []byte {
	t.Helper()
	b, err := os.ReadFile(registryPath(p, id))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func registryPath(p *person, id string) string {
	p.n.mu.Lock()
	defer p.n.mu.Unlock()
	return filepath.Join(p.n.folderPathLocked(), "accounts", p.n.st.AccountID, "stores", "registry", "kv", folder.Encode(joinEntry(id)))
}

// A join Ben gives up on (LeaveSpace while joining) lets the space go,
// with its kept invite; a link whose invite is closed joins nothing and
// leaves no space behind.
func TestJoinCancelledAndClosed(t *testing.T) {
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
	ana.n.Close()
	ben := netPerson(t, "Ben", false)
	if got, err := ben.n.Join(ctx, inv.Link); err != nil || got.Joining == nil {
		t.Fatalf("join while Ana is off: %+v %v", got, err)
	}
	if err := ben.n.LeaveSpace(ctx, s.ID); err != nil {
		t.Fatalf("cancel the join: %v", err)
	}
	if _, err := keptInvite(ben, s.ID); !errors.Is(err, registry.ErrNotFound) {
		t.Fatalf("a cancelled join's spaceinvite entry: %v", err)
	}
	if sum, ok := summaryOf(t, ben, s.ID); ok {
		t.Fatalf("a cancelled join left %+v", sum)
	}

	restartNet(t, ana)
	if err := ana.n.CloseInvite(ctx, s.ID, inv.Key); err != nil {
		t.Fatal(err)
	}
	_, err = ben.n.Join(ctx, inv.Link)
	if api.CodeOf(err) != api.CodeForbidden {
		t.Fatalf("join with a closed invite: %v, want forbidden", err)
	}
	if sum, ok := summaryOf(t, ben, s.ID); ok {
		t.Fatalf("a refused join left %+v", sum)
	}
}

// isMemberOf says whether p lists did among the members of space id.
func isMemberOf(p *person, id, did string) error {
	ms, err := p.n.Members(context.Background(), id)
	if err != nil {
		return err
	}
	if !slices.ContainsFunc(ms, func(m api.Member) bool { return m.DID == did }) {
		return fmt.Errorf("%s does not list %s among %d members", p.name, did, len(ms))
	}
	return nil
}

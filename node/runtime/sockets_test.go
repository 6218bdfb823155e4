package runtime

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"testing"

	"minca.dev/desktop/node/api"
	"minca.dev/desktop/node/paths"
)

func socketNode(t *testing.T, home string) *Node {
	t.Helper()
	n, err := Open(context.Background(), Config{Env: paths.Env{GOOS: "linux", Home: home},
		Sockets: true, Listen: "127.0.0.1:0"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { n.Close() })
	return n
}

// Over node sockets (node/transport on loopback): the invite carries the
// inviter's node URL; the joiner dials it, syncs, joins, writes; the
// inviter reads it. Public and private spaces.
func TestJoinOverSockets(t *testing.T) {
	for _, private := range []bool{false, true} {
		t.Run(fmt.Sprint("private=", private), func(t *testing.T) {
			ctx := context.Background()
			dir := t.TempDir()
			alice, bob := socketNode(t, filepath.Join(dir, "a")), socketNode(t, filepath.Join(dir, "b"))
			if _, err := alice.CreateAccount(ctx, api.CreateAccount{ProfileName: "Alice", Passphrase: "a"}); err != nil {
				t.Fatal(err)
			}
			b, err := bob.CreateAccount(ctx, api.CreateAccount{ProfileName: "Bob", Passphrase: "b"})
			if err != nil {
				t.Fatal(err)
			}
			s, err := alice.CreateSpace(ctx, api.CreateSpace{Name: "Over sockets", Template: "team", Private: private})
			if err != nil {
				t.Fatal(err)
			}
			inv, err := alice.CreateInvite(ctx, api.CreateInvite{SpaceID: s.ID, Role: "member"})
			if err != nil {
				t.Fatal(err)
			}
			p, err := bob.PreviewInvite(ctx, inv.Link)
			if err != nil || len(p.Nodes) != 1 {
				t.Fatalf("preview nodes %v %v", p.Nodes, err)
			}
			if _, err := bob.Join(ctx, inv.Link); err != nil {
				t.Fatalf("join: %v", err)
			}
			waitFor(t, "alice sees bob", func() error {
				ms, err := alice.Members(ctx, s.ID)
				if err != nil {
					return err
				}
				if !slices.ContainsFunc(ms, func(m api.Member) bool { return m.DID == b.Account.DID }) {
					return fmt.Errorf("members %+v", ms)
				}
				return nil
			})
			id, err := bob.Write(ctx, api.Write{SpaceID: s.ID, Collection: "app.chat", Body: "over the wire"})
			if err != nil {
				t.Fatal(err)
			}
			waitFor(t, "alice reads bob", func() error { return reads(&person{name: "alice", n: alice}, s.ID, id, "over the wire") })
			st, err := alice.SyncStatus(ctx)
			if err != nil || st.Listen == "" || len(st.Peers) == 0 {
				t.Fatalf("sync status %+v %v", st, err)
			}
		})
	}
}

package runtime

import (
	"context"
	"fmt"
	"testing"

	"minca.dev/desktop/node/api"
)

// Peers are named by person (docs/spec/06-nodes.md §1.7): over node
// sockets, each side's sync status and space page give the other's account
// (its `who`), its profile name in the space, not one of its own devices;
// once Alice names her node a keeper, Bob's status says so with the name
// the space gives it. A peer whose account is this one's is one of its own
// devices.
func TestPeersNamedByPerson(t *testing.T) {
	ctx := context.Background()
	alice, bob := netPerson(t, "Alice", true), netPerson(t, "Bob", false)
	s := share(t, alice, false, "member", bob)
	named := func(p, other *person, keeper string) func() error {
		return func() error {
			ps, ok := peer(t, p, other.wireDID())
			if !ok || ps.Account != other.did || ps.ProfileName != other.name || ps.Own || ps.Keeper != keeper {
				return fmt.Errorf("%s's peer %s: %+v (%v)", p.name, other.name, ps, ok)
			}
			d := detail(t, p, s.ID)
			if len(d.Peers) != 1 || d.Peers[0].ProfileName != other.name || d.Peers[0].Account != other.did {
				return fmt.Errorf("%s's space page peers %+v", p.name, d.Peers)
			}
			return nil
		}
	}
	waitFor(t, "bob names alice", named(bob, alice, ""))
	waitFor(t, "alice names bob", named(alice, bob, ""))

	setKeepers(t, alice, s.ID, alice)
	waitFor(t, "bob names alice's node a keeper", named(bob, alice, "Alice"))

	alice.n.mu.Lock()
	mine := []api.PeerStatus{{DID: "did:key:zOther", Account: alice.did, Spaces: []string{s.ID}}}
	alice.n.namePeersLocked(ctx, mine)
	alice.n.mu.Unlock()
	if !mine[0].Own || mine[0].ProfileName != "Alice" {
		t.Fatalf("a device of alice's own account: %+v", mine[0])
	}
}

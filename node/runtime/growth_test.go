package runtime

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"minca.dev/desktop/node/api"
	"minca.dev/desktop/node/paths"
)

// growthSpace opens a node with an account and a team space holding n
// role invites besides its founding versions.
func growthSpace(tb testing.TB, n int) (*Node, string) {
	tb.Helper()
	ctx := context.Background()
	nd, err := Open(ctx, Config{Env: paths.Env{GOOS: "linux", Home: filepath.Join(tb.TempDir(), "home")}})
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { nd.Close() })
	if _, err := nd.CreateAccount(ctx, api.CreateAccount{ProfileName: "Alice", Passphrase: "pass phrase"}); err != nil {
		tb.Fatal(err)
	}
	s, err := nd.CreateSpace(ctx, api.CreateSpace{Name: "Grows", Template: "team"})
	if err != nil {
		tb.Fatal(err)
	}
	for range n {
		if _, err := nd.CreateInvite(ctx, api.CreateInvite{SpaceID: s.ID, Role: "member"}); err != nil {
			tb.Fatal(err)
		}
	}
	return nd, s.ID
}

// BenchmarkInviteGrowth times one more role invite in a space that already
// holds N versions: the time per call should not grow with N.
func BenchmarkInviteGrowth(b *testing.B) {
	for _, n := range []int{50, 500} {
		b.Run(fmt.Sprintf("N=%d", n), func(b *testing.B) {
			nd, id := growthSpace(b, n)
			ctx := context.Background()
			b.ResetTimer()
			for range b.N {
				if _, err := nd.CreateInvite(ctx, api.CreateInvite{SpaceID: id, Role: "member"}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkAssignGrowth times an assign plus an unassign in a space that
// already holds N versions.
func BenchmarkAssignGrowth(b *testing.B) {
	for _, n := range []int{50, 500} {
		b.Run(fmt.Sprintf("N=%d", n), func(b *testing.B) {
			nd, id := growthSpace(b, n)
			ctx := context.Background()
			acct := nd.acct.DID()
			b.ResetTimer()
			for range b.N {
				if err := nd.Unassign(ctx, id, acct, "member"); err != nil {
					b.Fatal(err)
				}
				if err := nd.Assign(ctx, id, acct, "member"); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// A write in a grown space checks only the versions new to it: the replays
// it makes do not verify the space's whole access history again (a call
// that did grew slower with every version, 05 §10).
func TestWriteWorkDoesNotGrow(t *testing.T) {
	const grown = 40
	nd, id := growthSpace(t, grown)
	ctx := context.Background()
	h := nd.spaces[id]
	before := h.events.made.Load()
	if _, err := nd.CreateInvite(ctx, api.CreateInvite{SpaceID: id, Role: "member"}); err != nil {
		t.Fatal(err)
	}
	if err := nd.Unassign(ctx, id, nd.acct.DID(), "member"); err != nil {
		t.Fatal(err)
	}
	// Two new versions, each converted once; a full re-check would be
	// several times grown.
	if made := h.events.made.Load() - before; made > 4 {
		t.Fatalf("an invite and an unassign in a space of %d invites checked %d versions afresh, want at most 4", grown, made)
	}
}

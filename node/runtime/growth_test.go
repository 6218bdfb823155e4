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

// growthSizes are the space sizes the growth benchmarks time a write at.
var growthSizes = []int{500, 5000}

// benchGrowth times write (one call, or a few) in spaces that already hold
// N versions, with the kept replay ("kept", replay.go) and with a whole
// replay at every call as before it ("whole"): the time per call should
// not grow with N, and kept should cost far less than whole (03 §4). Each
// size's space is built once for both.
func benchGrowth(b *testing.B, write func(ctx context.Context, nd *Node, id string) error) {
	for _, n := range growthSizes {
		b.Run(fmt.Sprintf("N=%d", n), func(b *testing.B) {
			nd, id := growthSpace(b, n)
			ctx := context.Background()
			for _, whole := range []bool{false, true} {
				name := map[bool]string{false: "kept", true: "whole"}[whole]
				b.Run(name, func(b *testing.B) {
					k := &nd.spaces[id].kept
					k.mu.Lock()
					k.alwaysWhole = whole
					k.mu.Unlock()
					start := cpuTime()
					for b.Loop() {
						if err := write(ctx, nd, id); err != nil {
							b.Fatal(err)
						}
					}
					b.ReportMetric(float64(cpuTime()-start)/float64(b.N), "cpu-ns/op")
				})
			}
		})
	}
}

// BenchmarkInviteGrowth times one more role invite.
func BenchmarkInviteGrowth(b *testing.B) {
	benchGrowth(b, func(ctx context.Context, nd *Node, id string) error {
		_, err := nd.CreateInvite(ctx, api.CreateInvite{SpaceID: id, Role: "member"})
		return err
	})
}

// BenchmarkAssignGrowth times an unassign plus an assign.
func BenchmarkAssignGrowth(b *testing.B) {
	benchGrowth(b, func(ctx context.Context, nd *Node, id string) error {
		acct := nd.acct.DID()
		if err := nd.Unassign(ctx, id, acct, "member"); err != nil {
			return err
		}
		return nd.Assign(ctx, id, acct, "member")
	})
}

// A write in a grown space checks only the versions new to it: the replays
// it makes do not verify the space's whole access history again (a call
// that did grew slower with every version, 05 §10), nor replay it whole.
func TestWriteWorkDoesNotGrow(t *testing.T) {
	const grown = 40
	nd, id := growthSpace(t, grown)
	ctx := context.Background()
	h := nd.spaces[id]
	before, wholes := h.events.made.Load(), h.kept.wholes.Load()
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
	// Nor do they read and replay the whole history again: the kept replay
	// is advanced by what they wrote.
	if w := h.kept.wholes.Load() - wholes; w != 0 {
		t.Fatalf("an invite and an unassign replayed the whole history %d times, want none", w)
	}
}

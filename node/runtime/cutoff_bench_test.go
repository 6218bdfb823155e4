package runtime

import (
	"context"
	"fmt"
	"testing"

	"minca.dev/desktop/core/identity"
)

// BenchmarkCutoff times the cutoff a removal of an account carries
// (cutoffOf, 03 §6.3) in a space holding N versions: of the account
// itself (own), or of another (other: the usual removal, of a member who
// wrote little in a space others wrote much in).
func BenchmarkCutoff(b *testing.B) {
	for _, c := range []struct {
		n   int
		own bool
	}{{500, true}, {2000, false}} {
		b.Run(fmt.Sprintf("N=%d/own=%v", c.n, c.own), func(b *testing.B) {
			n := c.n
			nd, id := growthSpace(b, n)
			ctx := context.Background()
			nd.mu.Lock()
			defer nd.mu.Unlock()
			h := nd.spaces[id]
			hist, err := h.replay(ctx)
			if err != nil {
				b.Fatal(err)
			}
			who := nd.acct.DID()
			if !c.own {
				k, err := identity.DeriveKeyPairFromSeed(make([]byte, 32))
				if err != nil {
					b.Fatal(err)
				}
				who = k.DID()
			}
			start := cpuTime()
			for b.Loop() {
				cut, err := cutoffOf(ctx, h, hist.Current(), who)
				if err != nil || (cut == nil) == c.own {
					b.Fatalf("cutoff %v %v", cut, err)
				}
			}
			b.ReportMetric(float64(cpuTime()-start)/float64(b.N), "cpu-ns/op")
		})
	}
}

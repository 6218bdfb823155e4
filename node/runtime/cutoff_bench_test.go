package runtime

import (
	"context"
	"fmt"
	"testing"
)

// BenchmarkCutoff times the cutoff a removal of the account carries
// (cutoffOf, 03 §6.3) in a space holding N of its versions: it reads every
// version of the space and finds each one's account from its note.
func BenchmarkCutoff(b *testing.B) {
	for _, n := range []int{500} {
		b.Run(fmt.Sprintf("N=%d", n), func(b *testing.B) {
			nd, id := growthSpace(b, n)
			ctx := context.Background()
			nd.mu.Lock()
			defer nd.mu.Unlock()
			h := nd.spaces[id]
			hist, err := h.replay(ctx)
			if err != nil {
				b.Fatal(err)
			}
			me := nd.acct.DID()
			start := cpuTime()
			for b.Loop() {
				c, err := cutoffOf(ctx, h, hist.Current(), me)
				if err != nil || c == nil {
					b.Fatalf("cutoff %v %v", c, err)
				}
			}
			b.ReportMetric(float64(cpuTime()-start)/float64(b.N), "cpu-ns/op")
		})
	}
}

package spacekey

import (
	"fmt"
	"testing"
)

// BenchmarkUnreached: what a node's loop adds per look at a private space
// (node/runtime keydue.go, spacekey.ShouldMend) over building its keyring,
// for a space whose key changed n times one after another: the current
// key's earlier reaches every key at once.
func BenchmarkUnreached(b *testing.B) {
	for _, n := range []int{1, 10, 100} {
		w := newWorld(b, 21)
		for range n {
			w.change(w.founder, nil)
		}
		h := w.history()
		b.Run(fmt.Sprintf("changes=%d/keyring", n), func(b *testing.B) {
			for b.Loop() {
				w.ring(h, w.founder)
			}
		})
		b.Run(fmt.Sprintf("changes=%d/keyring+Unreached", n), func(b *testing.B) {
			for b.Loop() {
				if u := w.ring(h, w.founder).Unreached(); len(u) != 0 {
					b.Fatalf("unreached %v", u)
				}
			}
		})
	}
}

package negentropy

import (
	"encoding/hex"
	"fmt"
	"math/rand/v2"
	"os"
	"testing"
	"time"

	"github.com/nbd-wtf/go-nostr"
	portvector "github.com/nbd-wtf/go-nostr/nip77/negentropy/storage/vector"
)

// The comparison of PERFORMANCE-TARGETS.md: n items on one side, d of them
// dropped on the other and d new ones held instead, frame limit 32,000, both
// sides in one process; this package and the Go port (go-nostr v0.38.2
// nip77/negentropy with storage/vector) on the same sets.
//
//	go test -run '^$' -bench BenchmarkReconcile -benchtime 1x -count 5 ./core/negentropy/
//
// The port's 10⁶ × 10⁴ case takes minutes; it runs only when
// NEGENTROPY_BENCH_SLOW=1.
const (
	benchLimit   = 32_000
	slowBenchEnv = "NEGENTROPY_BENCH_SLOW"
)

var (
	benchSizes = []int{10_000, 100_000, 1_000_000}
	benchDiffs = []int{1, 100, 10_000}
)

func BenchmarkReconcile(b *testing.B) {
	for _, n := range benchSizes {
		for _, d := range benchDiffs {
			b.Run(fmt.Sprintf("n=%d/d=%d", n, d), func(b *testing.B) {
				p := droppedPair(rand.New(rand.NewPCG(uint64(n), uint64(d))), n, d)
				b.Run("impl=ours", func(b *testing.B) {
					a, bb := mustVector(b, p.a), mustVector(b, p.b)
					benchRuns(b, p, func() (exchange, error) { return runOurs(a, bb, benchLimit, false) })
				})
				if n*d >= 1e10 && os.Getenv(slowBenchEnv) != "1" {
					b.Logf("port skipped: set %s=1 to run it (minutes)", slowBenchEnv)
					return
				}
				b.Run("impl=port", func(b *testing.B) {
					a, bb := portVector(p.a), portVector(p.b)
					benchRuns(b, p, func() (exchange, error) { return runPort(a, bb, benchLimit, false) })
				})
			})
		}
	}
}

// BenchmarkReconcileSmall is the same comparison on small sets, where a
// fixed cost would show.
func BenchmarkReconcileSmall(b *testing.B) {
	for _, n := range []int{10, 100, 1_000} {
		for _, d := range []int{1, 10, 100} {
			if d > n {
				continue
			}
			p := droppedPair(rand.New(rand.NewPCG(uint64(n), uint64(d))), n, d)
			b.Run(fmt.Sprintf("n=%d/d=%d/impl=ours", n, d), func(b *testing.B) {
				a, bb := mustVector(b, p.a), mustVector(b, p.b)
				benchRuns(b, p, func() (exchange, error) { return runOurs(a, bb, benchLimit, false) })
			})
			b.Run(fmt.Sprintf("n=%d/d=%d/impl=port", n, d), func(b *testing.B) {
				a, bb := portVector(p.a), portVector(p.b)
				benchRuns(b, p, func() (exchange, error) { return runPort(a, bb, benchLimit, false) })
			})
		}
	}
}

// benchRuns times whole reconciliations and reports rounds, bytes both ways
// and CPU time per reconciliation; it checks the last one found exactly the
// difference.
func benchRuns(b *testing.B, p pair, run func() (exchange, error)) {
	var x exchange
	var err error
	var cpu time.Duration
	runs := 0
	for b.Loop() {
		start := cpuTime()
		x, err = run()
		cpu += cpuTime() - start
		runs++
		if err != nil {
			b.Fatal(err)
		}
	}
	if !sameSet(x.have, p.onlyA) || !sameSet(x.need, p.onlyB) {
		b.Fatalf("have %d need %d, want %d each", len(idSet(x.have)), len(idSet(x.need)), len(p.onlyA))
	}
	b.ReportMetric(float64(x.rounds), "rounds")
	b.ReportMetric(float64(x.bytes), "wire-bytes")
	b.ReportMetric(float64(cpu.Microseconds())/1e3/float64(runs), "cpu-ms/op")
}

// BenchmarkBuild times making the storage from n items: sorting them and,
// for this package, the prefix sums; the port's ids are hex before timing,
// as it takes them.
func BenchmarkBuild(b *testing.B) {
	for _, n := range benchSizes {
		rng := rand.New(rand.NewPCG(uint64(n), 0))
		p := randomPair(rng, n, 0, 0, uint64(n))
		b.Run(fmt.Sprintf("n=%d/impl=ours", n), func(b *testing.B) {
			start := cpuTime()
			for b.Loop() {
				mustVector(b, p.a)
			}
			b.ReportMetric(float64((cpuTime()-start).Microseconds())/1e3/float64(b.N), "cpu-ms/op")
		})
		b.Run(fmt.Sprintf("n=%d/impl=port", n), func(b *testing.B) {
			ids := make([]string, len(p.a))
			for i, it := range p.a {
				ids[i] = hex.EncodeToString(it.ID[:])
			}
			start := cpuTime()
			for b.Loop() {
				v := portvector.New()
				for i, it := range p.a {
					v.Insert(nostr.Timestamp(it.Timestamp), ids[i])
				}
				v.Seal()
			}
			b.ReportMetric(float64((cpuTime()-start).Microseconds())/1e3/float64(b.N), "cpu-ms/op")
		})
	}
}

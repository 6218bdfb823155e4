package versions_test

import (
	"fmt"
	"math/rand/v2"
	"os"
	"sync"
	"testing"
	"time"

	"minca.dev/desktop/core/identity"
	"minca.dev/desktop/core/record"
	"minca.dev/desktop/node/versions"
	"minca.dev/desktop/node/versions/storetest"
)

// The first sync's landings alone: what node/netsync's
// BenchmarkFirstSyncLoopback lands on the empty node, without sockets,
// judging or signatures, so the store's own cost per version is measured
// with little noise.
const (
	landFull    = 100_000
	landQuick   = 20_000
	landFullEnv = "MINCA_BENCH_FULL"
	landChange  = 2000 // syncer.MaxUnlanded: one landing per this many
	landAuthors = 8
)

var (
	landOnce   sync.Once
	landCorpus []*record.Version
)

// firstSyncCorpus is n first versions (seq 0) of n records by landAuthors
// writers, newest first as a full node sends them, each read from its wire
// bytes (record.ParseBytes) and checked (record.VerifyCached) as the
// gatekeeper reads and checks it before the store takes it.
func firstSyncCorpus(b *testing.B, n int) []*record.Version {
	landOnce.Do(func() {
		ms := make([]*storetest.Maker, landAuthors)
		for i := range ms {
			ms[i] = storetest.NewMaker(b, byte(40+i))
		}
		vs := make([]*record.Version, n)
		var wg sync.WaitGroup
		for a, m := range ms {
			wg.Add(1)
			go func() {
				defer wg.Done()
				var keys identity.DIDCache
				for i := a; i < n; i += landAuthors {
					body := map[string]any{"n": float64(i)}
					wire, err := record.Marshal(m.First("app.todo.item", fmt.Sprintf("r%07d", i), body, storetest.Opts{}))
					if err != nil {
						b.Error(err)
						return
					}
					v, err := record.ParseBytes(wire)
					if err != nil {
						b.Error(err)
						return
					}
					if err := record.VerifyCached(v, &keys); err != nil {
						b.Error(err)
						return
					}
					vs[n-1-i] = v
				}
			}()
		}
		wg.Wait()
		landCorpus = vs
	})
	return landCorpus
}

// BenchmarkLandFirstSync lands a first sync's versions into an empty SQLite
// store in changes of 2,000, and reports the CPU per version: rows=1 with a
// statement per row written, rows=256 as the store writes them (sqlbatch.go).
// With -count the two take turns, so both see the machine's load alike.
//
//	go test ./node/versions -run '^$' -bench LandFirstSync -benchtime 3x -count 10
//	MINCA_BENCH_FULL=1 go test ./node/versions -run '^$' -bench LandFirstSync -benchtime 3x -count 5
func BenchmarkLandFirstSync(b *testing.B) {
	n := landQuick
	if os.Getenv(landFullEnv) != "" {
		n = landFull
	}
	vs := firstSyncCorpus(b, n)
	for _, rows := range []int{1, 256} {
		b.Run(fmt.Sprintf("rows=%d", rows), func(b *testing.B) {
			defer versions.SetBatchRows(rows)()
			landAll(b, vs)
		})
	}
}

// landAll lands vs into a new store per op, in changes of landChange.
func landAll(b *testing.B, vs []*record.Version) {
	var cpu time.Duration
	b.ResetTimer()
	for b.Loop() {
		b.StopTimer()
		s := openBenchSQLite(b)
		c0 := cpuTime()
		b.StartTimer()
		for i := 0; i < len(vs); i += landChange {
			if err := s.Put(bg, vs[i:min(i+landChange, len(vs))]...); err != nil {
				b.Fatal(err)
			}
		}
		b.StopTimer()
		cpu += cpuTime() - c0
		s.Close()
		b.StartTimer()
	}
	reportRates(b, len(vs)*b.N, cpu)
}

// BenchmarkWiresFirstSync is the full node's side of a first sync: a store
// holding the corpus answers wants of 200 ids (05 §6.3) in a shuffled
// order with Wires, and reports the CPU per version read.
//
//	go test ./node/versions -run '^$' -bench WiresFirstSync -benchtime 5x -count 5
func BenchmarkWiresFirstSync(b *testing.B) {
	vs := firstSyncCorpus(b, landQuick)
	s := openBenchSQLite(b)
	defer s.Close()
	for i := 0; i < len(vs); i += landChange {
		if err := s.Put(bg, vs[i:min(i+landChange, len(vs))]...); err != nil {
			b.Fatal(err)
		}
	}
	ids := make([]string, len(vs))
	for i, v := range vs {
		ids[i] = v.ID
	}
	rand.New(rand.NewPCG(3, 4)).Shuffle(len(ids), func(i, j int) { ids[i], ids[j] = ids[j], ids[i] })
	wr := s.(versions.WireReader)
	var cpu time.Duration
	b.ResetTimer()
	for b.Loop() {
		c0 := cpuTime()
		for i := 0; i < len(ids); i += 200 {
			ws, err := wr.Wires(bg, ids[i:min(i+200, len(ids))])
			if err != nil || len(ws) != min(200, len(ids)-i) {
				b.Fatalf("%d wires (%v)", len(ws), err)
			}
		}
		cpu += cpuTime() - c0
	}
	reportRates(b, len(ids)*b.N, cpu)
}

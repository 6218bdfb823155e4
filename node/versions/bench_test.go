package versions_test

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
	"time"

	"minca.dev/desktop/core/record"
	"minca.dev/desktop/node/versions"
	"minca.dev/desktop/node/versions/storetest"
)

// corpus is what a first sync brings: benchRecords records of benchSeqs
// versions each (seq 0…3, by two writers), in a shuffled order, so most
// placements demote something.
const (
	benchRecords = 2500
	benchSeqs    = 4
)

var (
	corpusOnce sync.Once
	corpus     []*record.Version
)

func benchCorpus(b *testing.B) []*record.Version { return benchCorpusT(b) }

func benchCorpusT(b testing.TB) []*record.Version {
	corpusOnce.Do(func() {
		ms := []*storetest.Maker{storetest.NewMaker(b, 1), storetest.NewMaker(b, 2)}
		for r := range benchRecords {
			body := map[string]any{"text": fmt.Sprintf("item %d: a line of text a person might write", r), "done": false}
			v := ms[0].First("app.todo.item", fmt.Sprintf("r%d", r), body, storetest.Opts{})
			corpus = append(corpus, v)
			for s := 1; s < benchSeqs; s++ {
				v = ms[s%2].Next(v, body, storetest.Opts{})
				corpus = append(corpus, v)
			}
		}
		rng := rand.New(rand.NewPCG(1, 2))
		rng.Shuffle(len(corpus), func(i, j int) { corpus[i], corpus[j] = corpus[j], corpus[i] })
	})
	return corpus
}

// ingest puts vs in changes of batch versions; verify runs the signature
// check of 02 §3.3 (core/record.Verify) on each first, as a gatekeeper does.
func ingest(b *testing.B, s versions.Store, vs []*record.Version, batch int, verify bool) {
	for len(vs) > 0 {
		n := min(batch, len(vs))
		if verify {
			for _, v := range vs[:n] {
				if err := record.Verify(v); err != nil {
					b.Fatal(err)
				}
			}
		}
		if err := s.Put(bg, vs[:n]...); err != nil {
			b.Fatal(err)
		}
		vs = vs[n:]
	}
}

// ingestConcurrent puts one version per change from workers goroutines,
// each verifying its own: the lander coalesces what comes in meanwhile.
func ingestConcurrent(b *testing.B, s versions.Store, vs []*record.Version, workers int, verify bool) {
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < len(vs); i += workers {
				if verify {
					if err := record.Verify(vs[i]); err != nil {
						b.Error(err)
						return
					}
				}
				if err := s.Put(bg, vs[i]); err != nil {
					b.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
}

func benchStore(b *testing.B, open func(b *testing.B) versions.Store, run func(versions.Store, []*record.Version)) {
	vs := benchCorpus(b)
	var cpu time.Duration
	b.ResetTimer()
	for b.Loop() {
		b.StopTimer()
		s := open(b)
		c0 := cpuTime()
		b.StartTimer()
		run(s, vs)
		b.StopTimer()
		cpu += cpuTime() - c0
		s.Close()
		b.StartTimer()
	}
	reportRates(b, len(vs)*b.N, cpu)
}

// reportRates gives versions per second of wall time, and the process's CPU
// time per version: on a shared machine the second is the steadier figure.
func reportRates(b *testing.B, n int, cpu time.Duration) {
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "versions/s")
	b.ReportMetric(float64(cpu.Microseconds())/float64(n), "cpu-µs/version")
}

func openBenchSQLite(b *testing.B) versions.Store {
	s, err := versions.OpenSQLite(bg, versions.Config{Path: filepath.Join(b.TempDir(), "space.db")})
	if err != nil {
		b.Fatal(err)
	}
	return s
}

func openBenchMemory(*testing.B) versions.Store { return versions.NewMemory() }

// BenchmarkIngest: versions per second into a store, without and with the
// signature check, in changes of 200 (one versions message, 05 §8), one
// version per change sequentially, and one per change from GOMAXPROCS
// goroutines (coalesced by the lander).
func BenchmarkIngest(b *testing.B) {
	stores := []struct {
		name string
		open func(*testing.B) versions.Store
	}{{"sqlite", openBenchSQLite}, {"memory", openBenchMemory}}
	workers := runtime.GOMAXPROCS(0)
	for _, st := range stores {
		for _, verify := range []bool{false, true} {
			name := st.name + "/noverify"
			if verify {
				name = st.name + "/verify"
			}
			b.Run(name+"/batch200", func(b *testing.B) {
				benchStore(b, st.open, func(s versions.Store, vs []*record.Version) { ingest(b, s, vs, 200, verify) })
			})
			b.Run(name+"/batch1", func(b *testing.B) {
				benchStore(b, st.open, func(s versions.Store, vs []*record.Version) { ingest(b, s, vs, 1, verify) })
			})
			b.Run(fmt.Sprintf("%s/concurrent%d", name, workers), func(b *testing.B) {
				benchStore(b, st.open, func(s versions.Store, vs []*record.Version) { ingestConcurrent(b, s, vs, workers, verify) })
			})
		}
	}
}

// BenchmarkVerify is the signature check alone (02 §3.3), the rate ingest
// is measured against. One op checks the whole corpus, one version after
// the other, so that -benchtime 2x (as the ingest benchmarks run) checks
// 20,000 versions, not two.
func BenchmarkVerify(b *testing.B) {
	vs := benchCorpus(b)
	b.ResetTimer()
	c0 := cpuTime()
	for b.Loop() {
		for _, v := range vs {
			if err := record.Verify(v); err != nil {
				b.Fatal(err)
			}
		}
	}
	reportRates(b, len(vs)*b.N, cpuTime()-c0)
}

// BenchmarkItems: building a collection's item set for reconciliation
// (05 §3) from a store of the corpus: after this handle wrote (its cache
// carried forward), after another handle wrote (read again from the
// index), or unchanged (the cache).
func BenchmarkItems(b *testing.B) {
	vs := benchCorpus(b)
	s := openBenchSQLite(b)
	defer s.Close()
	ingest(b, s, vs, 1000, false)
	b.Run("sqlite/after-own-write", func(b *testing.B) {
		for b.Loop() {
			b.StopTimer()
			if err := s.Remove(bg, vs[0].ID); err != nil { // move the generation
				b.Fatal(err)
			}
			if err := s.Put(bg, vs[0]); err != nil {
				b.Fatal(err)
			}
			b.StartTimer()
			if _, err := s.Items(bg, "app.todo.item"); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(len(vs)), "items")
	})
	b.Run("sqlite/after-other-write", func(b *testing.B) {
		other, err := versions.OpenSQLite(bg, versions.Config{Path: s.(*versions.SQLite).Path()})
		if err != nil {
			b.Fatal(err)
		}
		defer other.Close()
		for b.Loop() {
			b.StopTimer()
			if err := other.Remove(bg, vs[0].ID); err != nil {
				b.Fatal(err)
			}
			if err := other.Put(bg, vs[0]); err != nil {
				b.Fatal(err)
			}
			b.StartTimer()
			if _, err := s.Items(bg, "app.todo.item"); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("sqlite/cached", func(b *testing.B) {
		for b.Loop() {
			if _, err := s.Items(bg, "app.todo.item"); err != nil {
				b.Fatal(err)
			}
		}
	})
}

package versions_test

import (
	"runtime"
	"sync"
	"testing"
	"time"

	"minca.dev/desktop/core/identity"
	"minca.dev/desktop/core/record"
	"minca.dev/desktop/node/versions"
)

// verifyParallel checks vs's signatures on every core (record.VerifyCached,
// DIDs decoded once), as a gatekeeper checks a batch.
func verifyParallel(keys *identity.DIDCache, vs []*record.Version) error {
	workers := runtime.GOMAXPROCS(0)
	errs := make([]error, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < len(vs); i += workers {
				if err := record.VerifyCached(vs[i], keys); err != nil {
					errs[w] = err
					return
				}
			}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// ingestPipelined is ingest as a gatekeeper can run it: the signatures of
// the next change are checked on every core while the store writes the one
// before.
func ingestPipelined(b *testing.B, s versions.Store, vs []*record.Version, batch int) {
	var keys identity.DIDCache
	var landing chan error
	for len(vs) > 0 {
		part := vs[:min(batch, len(vs))]
		vs = vs[len(part):]
		if err := verifyParallel(&keys, part); err != nil {
			b.Fatal(err)
		}
		if landing != nil {
			if err := <-landing; err != nil {
				b.Fatal(err)
			}
		}
		landing = make(chan error, 1)
		go func() { landing <- s.Put(bg, part...) }()
	}
	if landing != nil {
		if err := <-landing; err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkIngestPipelined: ingest with the signature check pipelined with
// the store's writing, against checking signatures alone on every core in
// the same run (%-of-verify: 100 means ingest runs at the rate of its
// signature checks).
//
//	go test ./node/versions/ -run '^$' -bench IngestPipelined -benchtime 2x
func BenchmarkIngestPipelined(b *testing.B) {
	stores := []struct {
		name string
		open func(*testing.B) versions.Store
	}{{"sqlite", openBenchSQLite}, {"memory", openBenchMemory}}
	for _, st := range stores {
		b.Run(st.name+"/batch200", func(b *testing.B) {
			vs := benchCorpus(b)
			// The corpus's signatures checked alone, in changes of 200 on
			// every core, just before: the rate ingest is held against.
			began := time.Now()
			var keys identity.DIDCache
			for i := 0; i < len(vs); i += 200 {
				if err := verifyParallel(&keys, vs[i:min(i+200, len(vs))]); err != nil {
					b.Fatal(err)
				}
			}
			verifyRate := float64(len(vs)) / time.Since(began).Seconds()
			benchStore(b, st.open, func(s versions.Store, vs []*record.Version) { ingestPipelined(b, s, vs, 200) })
			b.ReportMetric(verifyRate, "verify/s")
			b.ReportMetric(100*float64(len(vs)*b.N)/b.Elapsed().Seconds()/verifyRate, "%-of-verify")
		})
	}
}

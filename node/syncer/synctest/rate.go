package synctest

import (
	"crypto/ecdsa"
	"sync"
	"testing"
	"time"

	"minca.dev/desktop/core/enc"
	"minca.dev/desktop/core/identity"
	"minca.dev/desktop/core/record"
)

// RateSample is how many of the corpus's signatures VerifyRate checks.
const RateSample = 2000

// Checks are the corpus's signed bytes, signatures and parsed public keys,
// ready for bare P-256 checks.
type Checks struct {
	msgs, sigs [][]byte
	keys       []*ecdsa.PublicKey
}

// NewChecks takes up to RateSample of vs's signatures.
func NewChecks(tb testing.TB, vs []*record.Version) *Checks {
	tb.Helper()
	n := min(RateSample, len(vs))
	c := &Checks{msgs: make([][]byte, n), sigs: make([][]byte, n), keys: make([]*ecdsa.PublicKey, n)}
	for i, v := range vs[:n] {
		var err error
		if c.msgs[i], err = record.SignedBytes(v); err != nil {
			tb.Fatal(err)
		}
		if c.sigs[i], err = enc.DecodeB64URL(v.Signature); err != nil {
			tb.Fatal(err)
		}
		if c.keys[i], err = identity.ParseDID(v.Author); err != nil {
			tb.Fatal(err)
		}
	}
	return c
}

// Rate checks every signature once, spread over workers goroutines
// (runtime.GOMAXPROCS(0) for "on all cores"), and returns checks per second
// of wall time and per second of the process's CPU time.
func (c *Checks) Rate(tb testing.TB, workers int) (wall, cpu float64) {
	tb.Helper()
	workers = max(workers, 1)
	errs := make([]error, workers)
	var wg sync.WaitGroup
	began, beganCPU := time.Now(), CPUTime()
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < len(c.msgs); i += workers {
				if err := identity.VerifyKey(c.keys[i], c.msgs[i], c.sigs[i]); err != nil {
					errs[w] = err
					return
				}
			}
		}()
	}
	wg.Wait()
	took, tookCPU := time.Since(began), CPUTime()-beganCPU
	for _, err := range errs {
		if err != nil {
			tb.Fatal(err)
		}
	}
	n := float64(len(c.msgs))
	if tookCPU > 0 {
		cpu = n / tookCPU.Seconds()
	}
	return n / took.Seconds(), cpu
}

package synctest

import (
	"crypto/ecdsa"
	"errors"
	"sync"
	"testing"
	"time"

	"minca.dev/desktop/core/enc"
	"minca.dev/desktop/core/identity"
	"minca.dev/desktop/core/p256verify"
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

// rateFor is how long Rate keeps checking: long enough that a moment's
// load on a shared machine counts for little.
const rateFor = time.Second

// Rate checks the signatures over and over for at least rateFor, spread
// over workers goroutines (runtime.GOMAXPROCS(0) for "on all cores"), and
// returns checks per second of wall time and per second of the process's
// CPU time.
func (c *Checks) Rate(tb testing.TB, workers int) (wall, cpu float64) {
	tb.Helper()
	return c.rate(tb, workers, identity.VerifyKey)
}

// RateTables is Rate through the per-key tables the gatekeeper checks with
// (identity.DIDCache.VerifyKey, core/p256verify), with the node's policy
// but tables of its own (the sync's are not built here); the first pass
// builds those of the keys that sign often.
func (c *Checks) RateTables(tb testing.TB, workers int) (wall, cpu float64) {
	tb.Helper()
	keys := identity.DIDCache{Tables: p256verify.NewCache(p256verify.Config{
		Threshold: identity.TableThreshold, MaxTables: identity.MaxKeyTables})}
	return c.rate(tb, workers, keys.VerifyKey)
}

// rate is Rate with each signature checked by check.
func (c *Checks) rate(tb testing.TB, workers int, check func(*ecdsa.PublicKey, []byte, []byte) error) (wall, cpu float64) {
	tb.Helper()
	workers = max(workers, 1)
	var n int
	began, beganCPU := time.Now(), CPUTime()
	for n == 0 || time.Since(began) < rateFor {
		if err := c.pass(workers, check); err != nil {
			tb.Fatal(err)
		}
		n += len(c.msgs)
	}
	took, tookCPU := time.Since(began), CPUTime()-beganCPU
	if tookCPU > 0 {
		cpu = float64(n) / tookCPU.Seconds()
	}
	return float64(n) / took.Seconds(), cpu
}

// pass checks every signature once on workers goroutines.
func (c *Checks) pass(workers int, check func(*ecdsa.PublicKey, []byte, []byte) error) error {
	errs := make([]error, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < len(c.msgs); i += workers {
				if err := check(c.keys[i], c.msgs[i], c.sigs[i]); err != nil {
					errs[w] = err
					return
				}
			}
		}()
	}
	wg.Wait()
	return errors.Join(errs...)
}

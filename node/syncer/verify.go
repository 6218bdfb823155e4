package syncer

import (
	"runtime"
	"sync"
	"time"

	"minca.dev/desktop/core/identity"
	"minca.dev/desktop/core/record"
)

// parallelMin is the smallest batch whose signatures are checked in
// parallel.
const parallelMin = 8

// verifyAll checks the signature and body hash of every version (record.Verify,
// 02 §3.3) on every core, and returns the error of each (nil: verified).
// It is the only costly step of the gatekeeper that depends on nothing held,
// so a batch's versions can be checked at once, apart from the gatekeeper's
// order, which stays sequential.
// Authors' DIDs are decoded through keys (record.VerifyCached).
func verifyAll(keys *identity.DIDCache, vs []*record.Version) []error {
	errs := make([]error, len(vs))
	parallel(len(vs), func(i int) { errs[i] = record.VerifyCached(vs[i], keys) })
	return errs
}

// parallel calls f(0) … f(n−1), spread over the cores when n is large
// enough to be worth it. Each f(i) must touch only its own i.
func parallel(n int, f func(i int)) {
	workers := min(runtime.GOMAXPROCS(0), n/parallelMin+1)
	if workers <= 1 {
		for i := range n {
			f(i)
		}
		return
	}
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < n; i += workers {
				f(i)
			}
		}()
	}
	wg.Wait()
}

// checkVerified is record.Gate.Check for a version record.Verify passed
// already: the remaining record-level steps (02 §9) in Check's order. Any
// step that fails hands the version to Check itself, so a refusal reads
// exactly as Check words it; only the passing path is composed here, from
// record's exported steps (TestCheckVerifiedAgreesWithGate keeps the two
// equal). core/record offering this itself (a Check that skips Verify)
// would remove it.
func checkVerified(g *record.Gate, v *record.Version) record.Verdict {
	full := func() record.Verdict {
		_, verdict := g.Check(v)
		return verdict
	}
	if v.Retain && v.IsStub() {
		return full()
	}
	at, err := record.ParseTime(v.CreatedAt)
	if err != nil || at.After(g.Now.Add(record.FutureSkewSeconds*time.Second)) {
		return full()
	}
	root, err := record.Root(v, at, g.Notes)
	if err != nil || v.Space != g.Space {
		return full()
	}
	if _, owned := record.KeyOwner(v.Key); owned && v.Seq == 0 && !record.OwnedBy(v.Key, root) {
		return full()
	}
	return record.CheckChain(v, g.Lookup)
}

package netsync

import (
	"os"
	"runtime"
	"sync"
	"testing"
	"time"

	"minca.dev/desktop/core/identity"
	"minca.dev/desktop/core/record"
	"minca.dev/desktop/node/syncer/synctest"
)

// Sizes of the loopback first sync: the target's 100,000 versions with
// MINCA_BENCH_FULL=1, fewer for a quick run.
const (
	benchFull      = 100_000
	benchQuick     = 10_000
	benchFullEnv   = "MINCA_BENCH_FULL"
	benchAuthors   = 8
	benchPollEvery = 20 * time.Millisecond // asking the empty store costs little this rarely (every 5 ms it was 2.5 µs a version at load 15)
)

// loopCorpus is a public space and versions its members signed, for
// measuring a first sync over sockets. The versions are kept as their wire
// bytes, parsed again to fill each full store: 100,000 parsed versions
// (maps, strings) held by the benchmark itself would be scanned by every
// GC cycle of the sync it measures, which a node holds no such thing.
type loopCorpus struct {
	w      *world
	wires  [][]byte
	checks *synctest.Checks
}

var (
	loopOnce   sync.Once
	loopCached *loopCorpus
)

func newLoopCorpus(tb testing.TB, n int) *loopCorpus {
	tb.Helper()
	founder := keyOf(tb, 1)
	authors := make([]*identity.KeyPair, benchAuthors)
	for i := range authors {
		authors[i] = keyOf(tb, byte(10+i))
	}
	w := newWorld(tb, false, founder, authors...)
	from := time.Date(2026, 2, 1, 0, 0, 0, 0, time.UTC) // after the space's founding
	vs := synctest.Corpus(tb, w.sp, authors, from, n)
	c := &loopCorpus{w: w, wires: make([][]byte, len(vs)), checks: synctest.NewChecks(tb, vs)}
	for i, v := range vs {
		var err error
		if c.wires[i], err = record.Marshal(v); err != nil {
			tb.Fatal(err)
		}
	}
	return c
}

// fill puts the corpus into s, parsed in changes of 5,000.
func (c *loopCorpus) fill(tb testing.TB, n *node) {
	tb.Helper()
	for i := 0; i < len(c.wires); i += 5000 {
		var vs []*record.Version
		for _, b := range c.wires[i:min(i+5000, len(c.wires))] {
			v, err := record.ParseBytes(b)
			if err != nil {
				tb.Fatal(err)
			}
			vs = append(vs, v)
		}
		if err := n.store.Put(ctx, vs...); err != nil {
			tb.Fatal(err)
		}
	}
}

// loopSync fills one node's SQLite store with the corpus, lets an empty
// node dial it over loopback ws:// (two Managers with the app's tick, real
// sockets, SQLite stores in temporary directories), and waits until the
// empty node holds every version. It returns the sync's wall and CPU time
// (filling not counted) and how many changes the empty node landed aside
// (syncer.Stats.Aside), and closes both nodes. It fails after limit.
func loopSync(tb testing.TB, c *loopCorpus, limit time.Duration) (wall, cpu time.Duration, aside int) {
	tb.Helper()
	// The fetching node's session DID sorts first: it begins the session
	// (05 §6.2), as in TestFirstSyncStatus.
	sa, sb := keyOf(tb, 101), keyOf(tb, 102)
	if sb.DID() > sa.DID() {
		sa, sb = sb, sa
	}
	full := newNode(tb, c.w, keyOf(tb, 1), opts{listen: ListenLoopback, sess: sa, noAdd: true, tick: DefaultTick})
	c.fill(tb, full)
	defer full.close()
	runtime.GC() // what filling left is not the sync's to collect
	full.add()
	stop := synctest.StartProfile(tb)
	defer stop()
	began, beganCPU := time.Now(), synctest.CPUTime()
	empty := newNode(tb, c.w, keyOf(tb, 10), opts{nodes: []string{full.url()}, sess: sb, tick: DefaultTick})
	defer empty.close()
	deadline := began.Add(limit)
	for n := empty.count(); n != len(c.wires); n = empty.count() {
		if time.Now().After(deadline) {
			tb.Fatalf("first sync did not end: %d of %d (%+v)", n, len(c.wires), empty.eng.Stats())
		}
		marks.seen(n, len(c.wires), time.Since(began))
		time.Sleep(benchPollEvery)
	}
	marks.seen(len(c.wires), len(c.wires), time.Since(began))
	return time.Since(began), synctest.CPUTime() - beganCPU, empty.eng.Stats().Aside
}

// syncMarks are when a loopSync's empty node first held a version, and
// held 90% of them (as polled every benchPollEvery): the start (dial,
// hellos, the first rounds and wants) and the tail (the last landings)
// beside the steady rate between.
type syncMarks struct{ first, ninety, end time.Duration }

// marks are the last loopSync's.
var marks syncMarks

func (m *syncMarks) seen(n, of int, at time.Duration) {
	if n > 0 && m.first == 0 {
		m.first = at
	}
	if n*10 >= of*9 && m.ninety == 0 {
		m.ninety = at
	}
	if n == of {
		m.end = at
	}
}

// TestFirstSyncLoopback: the benchmark's path, small: an empty node takes
// in every version of a full one over loopback, each verified.
func TestFirstSyncLoopback(t *testing.T) {
	n := 600
	if raceOn {
		n = 100
	}
	c := newLoopCorpus(t, n)
	loopSync(t, c, time.Minute)
}

// BenchmarkFirstSyncLoopback is the target of
// ../shared/PERFORMANCE-TARGETS.md ("Verifying and ingesting versions"): a
// first sync of 100,000 versions between two nodes over loopback at ≥ 80 %
// of the verification rate measured in the same run. That rate is bare
// P-256 checks of the corpus's own signatures on every core (GOMAXPROCS
// goroutines), measured just before and just after each sync so both see
// the machine's load; %-of-verify is versions per second of wall time over
// it. Per CPU-second figures stand beside them. The same rates through the
// gatekeeper's per-key tables (core/p256verify), the faster verifier a node
// actually uses, give the -tables figures.
//
//	MINCA_BENCH_FULL=1 go test ./node/netsync -run '^$' -bench FirstSyncLoopback -benchtime 1x -timeout 30m
//
// Without MINCA_BENCH_FULL it syncs 10,000 versions; SYNC_BENCH_PROFILE
// names a file for a CPU profile of the sync alone.
func BenchmarkFirstSyncLoopback(b *testing.B) {
	n := benchQuick
	if os.Getenv(benchFullEnv) != "" {
		n = benchFull
	}
	loopOnce.Do(func() { loopCached = newLoopCorpus(b, n) })
	c := loopCached
	cores := runtime.GOMAXPROCS(0)
	var wall, cpu time.Duration
	var verify, verifyCPU, tables, tablesCPU float64
	var first, tail time.Duration
	aside := 0
	for range b.N {
		w0, c0 := c.checks.Rate(b, cores)
		t0, tc0 := c.checks.RateTables(b, cores)
		marks = syncMarks{}
		w, cp, a := loopSync(b, c, 20*time.Minute)
		first, tail = first+marks.first, tail+marks.end-marks.ninety
		aside += a
		w1, c1 := c.checks.Rate(b, cores)
		t1, tc1 := c.checks.RateTables(b, cores)
		wall, cpu = wall+w, cpu+cp
		verify, verifyCPU = verify+(w0+w1)/2, verifyCPU+(c0+c1)/2
		tables, tablesCPU = tables+(t0+t1)/2, tablesCPU+(tc0+tc1)/2
	}
	verify, verifyCPU = verify/float64(b.N), verifyCPU/float64(b.N)
	tables, tablesCPU = tables/float64(b.N), tablesCPU/float64(b.N)
	total := float64(len(c.wires) * b.N)
	vps := total / wall.Seconds()
	b.ReportMetric(vps, "versions/s")
	b.ReportMetric(float64(aside)/float64(b.N), "aside/op")                   // changes landed aside
	b.ReportMetric(float64(first.Milliseconds())/float64(b.N), "first-ms/op") // until a version was held
	b.ReportMetric(float64(tail.Milliseconds())/float64(b.N), "last10%-ms/op")
	b.ReportMetric(float64(cpu.Milliseconds())/float64(b.N), "cpu-ms/op")
	b.ReportMetric(verify, "verify/s")
	b.ReportMetric(100*vps/verify, "%-of-verify")
	b.ReportMetric(100*vps/tables, "%-of-verify-tables")
	if cpu > 0 && verifyCPU > 0 {
		vpc := total / cpu.Seconds()
		b.ReportMetric(vpc, "versions/cpu-s")
		b.ReportMetric(verifyCPU, "verify/cpu-s")
		b.ReportMetric(100*vpc/verifyCPU, "%-of-verify-cpu")
	}
	if cpu > 0 && tablesCPU > 0 {
		vpc := total / cpu.Seconds()
		b.ReportMetric(tablesCPU, "verify-tables/cpu-s")
		b.ReportMetric(100*vpc/tablesCPU, "%-of-verify-tables-cpu")
	}
}

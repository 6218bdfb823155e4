package syncer

import (
	"crypto/ecdsa"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"minca.dev/desktop/core/enc"
	"minca.dev/desktop/core/identity"
	"minca.dev/desktop/core/record"
	"minca.dev/desktop/core/space"
	"minca.dev/desktop/core/syncmsg"
	"minca.dev/desktop/node/syncer/memnet"
	"minca.dev/desktop/node/syncer/synctest"
	"minca.dev/desktop/node/versions"
)

// corpus is a space and versions written in it by several members, for
// measuring a first sync.
type corpus struct {
	sp       *space.Space
	versions []*record.Version
}

const corpusAuthors = 8

// makeCorpus signs n first versions of distinct app.wiki records, spread
// over corpusAuthors members' lines, one millisecond apart
// (synctest.Corpus).
func makeCorpus(tb testing.TB, n int) *corpus {
	tb.Helper()
	authors := make([]*identity.KeyPair, corpusAuthors)
	for i := range authors {
		authors[i] = keyOf(tb, byte(10+i))
	}
	sp := testSpace(tb, keyOf(tb, 1), authors...)
	return &corpus{sp: sp, versions: synctest.Corpus(tb, sp, authors, start, n)}
}

// cpuTime is the process's CPU time so far.
var cpuTime = synctest.CPUTime

var (
	benchOnce   sync.Once
	benchCorpus *corpus
)

// openStore opens an empty store of a kind: "memory" or "sqlite".
func openStore(tb testing.TB, kind string) versions.Store {
	tb.Helper()
	if kind == "memory" {
		return versions.NewMemory()
	}
	st, err := versions.OpenSQLite(ctx, versions.Config{Path: filepath.Join(tb.TempDir(), "store.db")})
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { st.Close() })
	return st
}

// pollEvery is how often firstSync asks the empty store how much it holds:
// rarely enough that asking costs little of the CPU time measured (every
// millisecond cost about 3% of it).
const pollEvery = 5 * time.Millisecond

// firstSync fills one engine's store with the corpus, connects an empty
// engine to it over a live in-memory network (each engine on its own
// goroutine, as two processes would run), and waits until the empty one
// holds every version. It returns how long the sync took (filling and
// checking not counted).
func firstSync(tb testing.TB, c *corpus, kind string, verify bool) (wall, cpu time.Duration) {
	tb.Helper()
	clock := memnet.NewClock(start.Add(24 * time.Hour))
	net := memnet.NewLive(ctx)
	defer net.Close()
	full, empty := openStore(tb, kind), openStore(tb, kind)
	for i := 0; i < len(c.versions); i += 5000 {
		if err := full.Put(ctx, c.versions[i:min(i+5000, len(c.versions))]...); err != nil {
			tb.Fatal(err)
		}
	}
	names := []string{"did:test:0", "did:test:1"}
	engines := make([]*Engine, 2)
	for i, st := range []versions.Store{full, empty} {
		sp, err := NewSpace(ctx, SpaceConfig{Space: c.sp, Store: st, NoVerify: !verify})
		if err != nil {
			tb.Fatal(err)
		}
		engines[i], err = New(Config{Self: names[i], Space: sp, Clock: clock, Holds: syncmsg.HoldsAll})
		if err != nil {
			tb.Fatal(err)
		}
		net.Add(names[i], engines[i])
	}
	stopProfile := startProfile(tb)
	defer stopProfile()
	began, beganCPU := time.Now(), cpuTime()
	for i, e := range engines {
		if err := e.AddPeer(ctx, names[1-i], net.Conn(names[i], names[1-i])); err != nil {
			tb.Fatal(err)
		}
	}
	idle := 0
	for {
		time.Sleep(pollEvery)
		if err := net.Err(); err != nil {
			tb.Fatal(err)
		}
		s, err := empty.Sum(ctx, "app.wiki")
		if err != nil {
			tb.Fatal(err)
		}
		if s.Count == len(c.versions) {
			return time.Since(began), cpuTime() - beganCPU
		}
		if !net.Idle() {
			idle = 0
			continue
		}
		if idle++; idle == 100 {
			tb.Fatalf("the empty store holds %d of %d and nothing moves (%+v; %+v)", s.Count, len(c.versions), engines[0].Stats(), engines[1].Stats())
		}
		if idle%10 == 0 { // quiet: the next hello finds what is left
			clock.Advance(HelloInterval)
			for _, e := range engines {
				if err := e.Tick(ctx); err != nil {
					tb.Fatal(err)
				}
			}
		}
	}
}

// TestFirstSync: the benchmark's path, small: an empty engine takes in
// 2,000 versions from a full one, with verification, over each store.
func TestFirstSync(t *testing.T) {
	c := makeCorpus(t, 2000)
	for _, kind := range []string{"memory", "sqlite"} {
		t.Run(kind, func(t *testing.T) { firstSync(t, c, kind, true) })
	}
}

// p256Rate measures P-256 signature verifications per second of wall
// time and per second of CPU time, on the corpus's own signed bytes, one
// after the other on one core.
func p256Rate(tb testing.TB, c *corpus) (wall, cpu float64) {
	tb.Helper()
	const n = 2000
	msgs := make([][]byte, n)
	sigs := make([][]byte, n)
	for i := range n {
		v := c.versions[i]
		b, err := record.SignedBytes(v)
		if err != nil {
			tb.Fatal(err)
		}
		msgs[i] = b
		sigs[i], err = decodeSig(v.Signature)
		if err != nil {
			tb.Fatal(err)
		}
	}
	began, beganCPU := time.Now(), cpuTime()
	for i := range n {
		if err := identity.Verify(c.versions[i].Author, msgs[i], sigs[i]); err != nil {
			tb.Fatal(err)
		}
	}
	return n / time.Since(began).Seconds(), n / (cpuTime() - beganCPU).Seconds()
}

// p256KeyRate is p256Rate with the public keys parsed beforehand: the bare
// ecdsa verification (the targets' 77.5 µs per op), which a node decoding
// DIDs through a cache approaches.
func p256KeyRate(tb testing.TB, c *corpus) (wall, cpu float64) {
	tb.Helper()
	const n = 2000
	msgs := make([][]byte, n)
	sigs := make([][]byte, n)
	keys := make([]*ecdsa.PublicKey, n)
	for i := range n {
		v := c.versions[i]
		b, err := record.SignedBytes(v)
		if err != nil {
			tb.Fatal(err)
		}
		msgs[i] = b
		if sigs[i], err = decodeSig(v.Signature); err != nil {
			tb.Fatal(err)
		}
		if keys[i], err = identity.ParseDID(v.Author); err != nil {
			tb.Fatal(err)
		}
	}
	began, beganCPU := time.Now(), cpuTime()
	for i := range n {
		if err := identity.VerifyKey(keys[i], msgs[i], sigs[i]); err != nil {
			tb.Fatal(err)
		}
	}
	return n / time.Since(began).Seconds(), n / (cpuTime() - beganCPU).Seconds()
}

// BenchmarkFirstSync: a first sync of 100,000 versions between two engines
// in one process, per store kind, with and without signature verification;
// it reports versions/s and the P-256 verification rate measured in the
// same run.
//
//	go test ./node/syncer -run '^$' -bench FirstSync -benchtime 1x -timeout 30m
//
// SYNC_BENCH_N sets another number of versions.
func BenchmarkFirstSync(b *testing.B) {
	n := 100_000
	if s := os.Getenv("SYNC_BENCH_N"); s != "" {
		if _, err := fmt.Sscan(s, &n); err != nil {
			b.Fatal(err)
		}
	}
	benchOnce.Do(func() { benchCorpus = makeCorpus(b, n) })
	c := benchCorpus
	for _, kind := range []string{"memory", "sqlite"} {
		for _, verify := range []bool{true, false} {
			b.Run(fmt.Sprintf("%s/verify=%v", kind, verify), func(b *testing.B) {
				var wall, cpu time.Duration
				var p256, p256CPU, bare float64
				for range b.N {
					// P-256 is measured just before and just after each
					// sync, so both see the same load on the machine.
					w0, c0 := p256Rate(b, c)
					k0, _ := p256KeyRate(b, c)
					w, cp := firstSync(b, c, kind, verify)
					w1, c1 := p256Rate(b, c)
					k1, _ := p256KeyRate(b, c)
					wall, cpu = wall+w, cpu+cp
					p256, p256CPU = p256+(w0+w1)/2, p256CPU+(c0+c1)/2
					bare += (k0 + k1) / 2
				}
				p256, p256CPU, bare = p256/float64(b.N), p256CPU/float64(b.N), bare/float64(b.N)
				vps := float64(len(c.versions)*b.N) / wall.Seconds()
				b.ReportMetric(vps, "versions/s")
				b.ReportMetric(p256, "p256-verify/s")
				b.ReportMetric(100*vps/p256, "%-of-p256")
				b.ReportMetric(100*vps/bare, "%-of-bare-p256")
				if cpu > 0 {
					vpc := float64(len(c.versions)*b.N) / cpu.Seconds()
					b.ReportMetric(vpc, "versions/cpu-s")
					b.ReportMetric(p256CPU, "p256-verify/cpu-s")
					// The ratio the target is set on (versions per
					// CPU-second against P-256 checks per CPU-second).
					b.ReportMetric(100*vpc/p256CPU, "%-of-p256-cpu")
				}
			})
		}
	}
}

func decodeSig(s string) ([]byte, error) { return enc.DecodeB64URL(s) }

// startProfile writes a CPU profile of the sync alone to
// $SYNC_BENCH_PROFILE, if set (synctest.StartProfile).
var startProfile = synctest.StartProfile

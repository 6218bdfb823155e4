package netsync

import (
	"os"
	"runtime"
	"testing"
	"time"

	"minca.dev/desktop/node/syncer/synctest"
)

// TestFirstSyncCountsAll: a node that answers the sessions of a peer
// holding 70,000 versions (more than the first round of counting sessions
// reaches, comingplan.go) shows, as its first figure still to fetch, the
// whole count less what had already arrived, and the figure only goes
// down from there.
func TestFirstSyncCountsAll(t *testing.T) {
	if raceOn || testing.Short() {
		t.Skip("70,000 versions: without -race or -short only")
	}
	const total = 70_000
	c := newLoopCorpus(t, total)
	var firsts []int
	answeringSync(t, c, 5*time.Minute, func(ch Change) {
		firsts = append(firsts, ch.ToFetch)
	})
	var shown []int
	for _, n := range firsts {
		if n > 0 {
			shown = append(shown, n)
		}
	}
	if len(shown) == 0 {
		t.Fatal("nothing was shown still to fetch")
	}
	if shown[0] < total*9/10 || shown[0] > total {
		t.Fatalf("the first figure still to fetch is %d of %d versions (then %v)", shown[0], total, head(shown, 10))
	}
	for i := 1; i < len(shown); i++ {
		if shown[i] > shown[i-1] {
			t.Fatalf("still to fetch went up from %d to %d (event %d: %v)", shown[i-1], shown[i], i, head(shown, 12))
		}
	}
	t.Logf("%d progress events, first %d of %d", len(shown), shown[0], total)
}

func head(s []int, n int) []int { return s[:min(n, len(s))] }

// BenchmarkFirstSyncLoopbackAnswering is BenchmarkFirstSyncLoopback with
// the fetching node answering the sessions, so that it counts what is to
// come by sessions of its own (coming.go): the cost of counting shows
// against the other.
//
//	MINCA_BENCH_FULL=1 go test ./node/netsync -run '^$' -bench FirstSyncLoopback -benchtime 1x -timeout 30m
func BenchmarkFirstSyncLoopbackAnswering(b *testing.B) {
	n := benchQuick
	if os.Getenv(benchFullEnv) != "" {
		n = benchFull
	}
	loopOnce.Do(func() { loopCached = newLoopCorpus(b, n) })
	c := loopCached
	var wall, cpu time.Duration
	for range b.N {
		w, cp := answeringSync(b, c, 20*time.Minute, nil)
		wall, cpu = wall+w, cpu+cp
	}
	total := float64(len(c.wires) * b.N)
	b.ReportMetric(total/wall.Seconds(), "versions/s")
	b.ReportMetric(float64(cpu.Milliseconds())/float64(b.N), "cpu-ms/op")
}

// answeringSync is loopSync with the fetching node answering the full
// one's sessions (its session DID sorts last, 05 §6.2), handing each
// progress change of the space to seen (if not nil) as it comes.
func answeringSync(tb testing.TB, c *loopCorpus, limit time.Duration, seen func(Change)) (wall, cpu time.Duration) {
	tb.Helper()
	sa, sb := keyOf(tb, 101), keyOf(tb, 102)
	if sb.DID() < sa.DID() {
		sa, sb = sb, sa
	}
	full := newNode(tb, c.w, keyOf(tb, 1), opts{listen: ListenLoopback, sess: sa, noAdd: true, tick: DefaultTick})
	c.fill(tb, full)
	defer full.close()
	runtime.GC()
	full.add()
	began, beganCPU := time.Now(), synctest.CPUTime()
	empty := newNode(tb, c.w, keyOf(tb, 10), opts{sess: sb, noAdd: true, tick: DefaultTick, progress: time.Millisecond})
	defer empty.close()
	evs, stop := empty.m.Events()
	defer stop()
	empty.add(full.url())
	deadline := time.After(limit)
	poll := time.NewTicker(benchPollEvery)
	defer poll.Stop()
	for empty.count() != len(c.wires) {
		select {
		case e := <-evs:
			if ch, ok := e.Data.(Change); ok && seen != nil && e.Kind == EventSync && e.SpaceID == c.w.sp.ID && ch.State == StateSyncing {
				seen(ch)
			}
		case <-poll.C:
		case <-deadline:
			tb.Fatalf("first sync did not end: %d of %d", empty.count(), len(c.wires))
		}
	}
	return time.Since(began), synctest.CPUTime() - beganCPU
}

package netsync

import (
	"testing"
	"time"

	"minca.dev/desktop/core/record"
)

// TestFirstSyncProgress: during a first sync the fetching node streams
// progress events as versions land, what is still to fetch going down, and
// says synced only at the end: never before it holds every version (offline
// only before its peer is admitted). Run
// both ways, the fetching node beginning the sessions (it asks, 05 §6.3)
// and answering them (the other side sends; it counts what is to come by
// sessions of its own, coming.go): to fetch shows and goes down both ways.
func TestFirstSyncProgress(t *testing.T) {
	for _, fetcherBegins := range []bool{true, false} {
		name := "fetcher-answers"
		if fetcherBegins {
			name = "fetcher-begins"
		}
		t.Run(name, func(t *testing.T) { firstSyncProgress(t, fetcherBegins) })
	}
}

func firstSyncProgress(t *testing.T, fetcherBegins bool) {
	total := 3000
	if raceOn {
		total = 600
	}
	fa, mb := keyOf(t, 1), keyOf(t, 2)
	w := newWorld(t, false, fa, mb)
	sa, sb := keyOf(t, 101), keyOf(t, 102) // sb fetches; the DID sorting first begins (05 §6.2)
	if (sb.DID() < sa.DID()) != fetcherBegins {
		sa, sb = sb, sa
	}
	a := newNode(t, w, fa, opts{listen: ListenLoopback, sess: sa, noAdd: true})
	var vs []*record.Version
	for i := range total {
		vs = append(vs, a.sign(&record.Version{Collection: "app.wiki", Key: "k" + itoa(i),
			Body: map[string]any{"i": float64(i)}, HasBody: true}))
	}
	if err := a.store.Put(ctx, vs...); err != nil {
		t.Fatal(err)
	}
	a.add()

	b := newNode(t, w, mb, opts{sess: sb, noAdd: true, progress: time.Millisecond})
	evs, stop := b.m.Events()
	defer stop()
	b.add(a.url())
	var got []Change
	deadline := time.After(60 * time.Second)
	for done := false; !done; {
		select {
		case e := <-evs:
			c, ok := e.Data.(Change)
			if e.Kind != EventSync || e.SpaceID != w.sp.ID || !ok || c.State == "" {
				continue
			}
			got = append(got, c)
			if c.State == StateSynced {
				if n := b.count(); n != total {
					t.Fatalf("synced while holding %d of %d versions (events %+v)", n, total, got)
				}
				done = true
			}
		case <-deadline:
			t.Fatalf("no synced event: %d of %d versions, events %+v", b.count(), total, got)
		}
	}
	if got[len(got)-1].What != SpaceSynced || got[len(got)-1].ToFetch != 0 {
		t.Fatalf("last event %+v", got[len(got)-1])
	}
	// Offline may show first, until the peer's `who` admits it.
	for len(got) > 1 && got[0].State == StateOffline {
		got = got[1:]
	}
	var moving, down int
	for i, c := range got[:len(got)-1] {
		if c.State != StateSyncing {
			t.Fatalf("event %d before the end says %q: %+v", i, c.State, got)
		}
		if i > 0 && (c.BytesIn != got[i-1].BytesIn || c.ToFetch != got[i-1].ToFetch) {
			moving++
		}
		if i > 0 && c.ToFetch < got[i-1].ToFetch {
			down++
		}
	}
	// A node that answers counts what is to come by its own sessions with
	// the peer (coming.go): to fetch shows, and goes down, either way. It
	// learns the oldest ids first and the peer sends the newest first
	// (05 §6.3), so fewer of its steps go down.
	wantMoving, wantDown := 3, 2
	if raceOn {
		wantMoving, wantDown = 2, 1
	}
	if !fetcherBegins {
		wantDown = 1
	}
	if moving < wantMoving || down < wantDown {
		t.Fatalf("%d progress events moved, to fetch went down %d times: %+v", moving, down, got)
	}
	most := 0
	for _, c := range got {
		most = max(most, c.ToFetch)
	}
	if most == 0 || most > total {
		t.Fatalf("to fetch was at most %d of %d versions: %+v", most, total, got)
	}
	// Answering, it counts them all ahead, in one round (comingplan.go):
	// the first progress events may come as the first versions arrive.
	if !fetcherBegins && most < total*3/4 {
		t.Fatalf("to fetch was at most %d of %d versions: %+v", most, total, got)
	}
	t.Logf("%d events, %d moving, to fetch down %d times, at most %d", len(got), moving, down, most)
}

package segments_test

import (
	"testing"

	"minca.dev/desktop/core/record"
	"minca.dev/desktop/node/segments"
	"minca.dev/desktop/node/segments/segtest"
	"minca.dev/desktop/node/versions"
)

// countingState is a MemoryState that counts its saves.
type countingState struct {
	segments.MemoryState
	saves int
}

func (c *countingState) Save(s segments.State) error {
	c.saves++
	return c.MemoryState.Save(s)
}

// A pull that finds nothing new to read, and no read segment gone, saves
// no state (a node at rest pulls every few seconds); one that reads a
// segment does.
func TestPullSavesOnlyChanges(t *testing.T) {
	w := newWorld(t)
	a := w.client()
	key, _ := segtest.Key(1)
	st := &countingState{}
	b, err := segtest.NewClient(ctx, key, w.sp, versions.NewMemory(), w.blobs, st)
	if err != nil {
		t.Fatal(err)
	}
	saved := st.saves
	pull(t, b)
	pull(t, b)
	if st.saves != saved {
		t.Fatalf("%d saves by pulls that found nothing", st.saves-saved)
	}
	must[*record.Version](t)(a.Create(ctx, segtest.Wiki, "k1", "from a"))
	push(t, a)
	if r := pull(t, b); r.Stored != 1 || st.saves != saved+1 {
		t.Fatalf("pulled %+v with %d saves, want 1 stored and 1 save", r, st.saves-saved)
	}
	pull(t, b)
	if st.saves != saved+1 {
		t.Fatalf("%d saves, want 1: the pull after found nothing", st.saves-saved)
	}
}

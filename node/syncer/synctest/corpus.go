package synctest

import (
	"fmt"
	"sync"
	"testing"
	"time"

	"minca.dev/desktop/core/identity"
	"minca.dev/desktop/core/record"
	"minca.dev/desktop/core/space"
)

// Collection is where the corpus's records are: every member of the
// spaces the benchmarks found may write it.
const Collection = "app.wiki"

// Corpus signs n first versions of distinct Collection records in sp,
// spread round-robin over the authors' lines (each author's versions chain
// by log), created one millisecond apart from `from`. Each author signs on
// a goroutine of its own.
func Corpus(tb testing.TB, sp *space.Space, authors []*identity.KeyPair, from time.Time, n int) []*record.Version {
	tb.Helper()
	out := make([]*record.Version, n)
	errs := make([]error, len(authors))
	var wg sync.WaitGroup
	for a, key := range authors {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[a] = signLine(out, sp.ID, key, a, len(authors), from)
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			tb.Fatal(err)
		}
	}
	return out
}

// signLine fills out[a], out[a+step], … with one author's line.
func signLine(out []*record.Version, spaceID string, key *identity.KeyPair, a, step int, from time.Time) error {
	var prev *record.Version
	for i := a; i < len(out); i += step {
		d := &record.Version{Space: spaceID, Collection: Collection, Key: fmt.Sprintf("r%07d", i),
			CreatedAt: from.Add(time.Duration(i) * time.Millisecond).Format("2006-01-02T15:04:05.000Z"),
			Seen:      []string{}, Log: &record.Log{}, Body: map[string]any{"n": float64(i)}, HasBody: true}
		if prev != nil {
			d.Log = &record.Log{N: prev.Log.N + 1, Prev: prev.ID}
		}
		v, err := record.Sign(d, key)
		if err != nil {
			return fmt.Errorf("sign corpus version %d: %w", i, err)
		}
		out[i], prev = v, v
	}
	return nil
}

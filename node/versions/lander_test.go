package versions

import (
	"context"
	"errors"
	"runtime"
	"sync"
	"testing"
)

// TestLanderCoalesces: changes that come in while one lands land together
// as one write, in the order they came; each gets its own error.
func TestLanderCoalesces(t *testing.T) {
	release := make(chan struct{})
	started := make(chan struct{}, 1)
	var batches [][]*change
	var mu sync.Mutex
	bad := errors.New("this change fails")
	l := newLander(func(batch []*change) []error {
		mu.Lock()
		batches = append(batches, batch)
		first := len(batches) == 1
		mu.Unlock()
		if first {
			started <- struct{}{}
			<-release
		}
		errs := make([]error, len(batch))
		for i, c := range batch {
			if len(c.remove) > 0 && c.remove[0] == "bad" {
				errs[i] = bad
			}
		}
		return errs
	})
	ctx := context.Background()
	done := make(chan error, 1)
	go func() { done <- l.submit(&change{ctx: ctx}) }()
	<-started
	const n = 20
	var wg sync.WaitGroup
	errs := make([]error, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			id := "ok"
			if i == 7 {
				id = "bad"
			}
			errs[i] = l.submit(&change{ctx: ctx, remove: []string{id}})
		}()
	}
	// Wait until all n are queued behind the first landing.
	for {
		l.mu.Lock()
		q := len(l.queue)
		l.mu.Unlock()
		if q == n {
			break
		}
		runtime.Gosched()
	}
	close(release)
	wg.Wait()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if len(batches) != 2 || len(batches[1]) != n {
		t.Fatalf("%d writes (second of %d changes); want 2, the second with all %d", len(batches), len(batches[len(batches)-1]), n)
	}
	for i, err := range errs {
		if (i == 7) != errors.Is(err, bad) {
			t.Fatalf("change %d: %v", i, err)
		}
	}
	if l.landings() != 2 {
		t.Fatalf("landings = %d", l.landings())
	}
	l.close()
	if err := l.submit(&change{ctx: ctx}); !errors.Is(err, ErrClosed) {
		t.Fatalf("submit after close: %v", err)
	}
}

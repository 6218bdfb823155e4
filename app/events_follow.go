package app

import "sync"

// Follow hands every event to emit, from a snapshot on, until stop is
// called: for a subscriber that cannot reconnect by itself (the window's
// page, which hears Wails events only). A subscription that fell
// subscriberBuffer behind is dropped (Publish); Follow then subscribes
// again, so emit gets a fresh snapshot (the kept events, a launch link
// among them) instead of hearing nothing more. emit runs on one goroutine,
// in order.
func (e *Events) Follow(emit func(Event)) (stop func()) {
	var (
		mu      sync.Mutex
		stopped bool
		cancel  func()
	)
	go func() {
		for {
			ch, s := e.Subscribe()
			mu.Lock()
			if stopped {
				mu.Unlock()
				s()
				return
			}
			cancel = s
			mu.Unlock()
			for ev := range ch {
				emit(ev)
			}
			mu.Lock()
			done := stopped
			mu.Unlock()
			if done {
				return
			}
		}
	}()
	return func() {
		mu.Lock()
		defer mu.Unlock()
		stopped = true
		if cancel != nil {
			cancel()
		}
	}
}

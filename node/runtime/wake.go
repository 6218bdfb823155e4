package runtime

import (
	"sync/atomic"
	"time"
)

// Waking the node's background loops (loop.go, folder_mirror.go) without
// polling. Our choices, where 05 leaves how a node learns of a change:
//   - A change made in this process is told at once: every held space's
//     store tells both loops of each landing (versions.SQLite.Notify), and
//     a space opened or a data folder chosen wakes them too (heed, kick).
//   - What no notice tells is looked at on a timer that backs off while
//     nothing changes and starts short again after any change: another
//     process writing a space's store (05 §10.2) and, for the mirror,
//     other clients' segments in the data folder (05 §14.5: pulled
//     "periodically", since nothing announces them).
//   - A loop runs a pass no sooner than its pace after the one before, so
//     a burst of landings (a sync) costs a pass per pace, not one each,
//     and nothing waits longer than the pace the loops polled at before.

// backoff is a loop's wait for what only a look can tell: min after a look
// that found a change, doubling up to max while looks find none.
type backoff struct {
	min, max, cur time.Duration
}

func newBackoff(min, max time.Duration) backoff { return backoff{min: min, max: max, cur: min} }

// looked sets the next wait after a look that found a change or not.
func (b *backoff) looked(changed bool) {
	if changed {
		b.cur = b.min
		return
	}
	b.cur = min(2*b.cur, b.max)
}

// loopClock is the loops' time and timed waits when a test sets one: it
// counts the wakeups and decides when each comes (after), and says what
// time it is then (now).
type loopClock struct {
	now   func() time.Time
	after func(loop string, d time.Duration) <-chan time.Time
}

// wakes are the notices of the node's background loops (loop.go,
// folder_mirror.go, removal.go).
type wakes struct {
	loop, mirror chan struct{}             // room for one each
	refusal      chan struct{}             // room for one: removal.go's look (netsync.Manager.NotifyDials too)
	dials        chan struct{}             // room for one: a dialler's change, for a Join that waits (join.go)
	looks        atomic.Int64              // removal.go's looks so far, for tests
	sawRefused   atomic.Int64              // its looks that found a space refused, for tests
	clock        atomic.Pointer[loopClock] // nil: the real time
}

func newWakes() *wakes {
	return &wakes{loop: make(chan struct{}, 1), mirror: make(chan struct{}, 1), refusal: make(chan struct{}, 1),
		dials: make(chan struct{}, 1)}
}

// kick wakes the loops: something they look at changed.
func (w *wakes) kick() {
	for _, ch := range []chan struct{}{w.loop, w.mirror, w.refusal} {
		select {
		case ch <- struct{}{}:
		default:
		}
	}
}

// heed has h's store tell both loops of its landings from now on, and wakes
// them for h itself (a space just opened). Heeding a store twice is once.
func (n *Node) heed(h *held) {
	h.store.Notify(n.wake.loop)
	h.store.Notify(n.wake.mirror)
	n.wake.kick()
}

// now is the loops' time.
func (w *wakes) now() time.Time {
	if c := w.clock.Load(); c != nil {
		return c.now()
	}
	return time.Now()
}

// waiter is one loop's wait between two passes.
type waiter struct {
	name   string
	w      *wakes
	notice <-chan struct{}
	pace   time.Duration // the least time between two passes
	last   time.Time     // when the last pass began
}

// wait returns when a notice came (but not before pace after the last
// pass) or d passed; false when stop closed first.
func (wt *waiter) wait(stop <-chan struct{}, d time.Duration) bool {
	timer, cancel := wt.timer(d)
	defer cancel()
	select {
	case <-stop:
		return false
	case <-timer:
		wt.last = wt.w.now()
		return true
	case <-wt.notice:
		return wt.paced(stop)
	}
}

// told returns when a notice came, but not before pace after the last
// pass; false when stop closed first. A loop that only a notice wakes
// (removal.go) waits on no timer.
func (wt *waiter) told(stop <-chan struct{}) bool {
	select {
	case <-stop:
		return false
	case <-wt.notice:
	}
	return wt.paced(stop)
}

// paced holds a pass a notice woke until pace after the last pass began,
// then marks this one's start; false when stop closed first.
func (wt *waiter) paced(stop <-chan struct{}) bool {
	if rest := wt.pace - wt.w.now().Sub(wt.last); rest > 0 {
		t := time.NewTimer(rest)
		defer t.Stop()
		select {
		case <-stop:
			return false
		case <-t.C:
		}
	}
	wt.last = wt.w.now()
	return true
}

func (wt *waiter) timer(d time.Duration) (<-chan time.Time, func()) {
	if c := wt.w.clock.Load(); c != nil {
		return c.after(wt.name, d), func() {}
	}
	t := time.NewTimer(d)
	return t.C, func() { t.Stop() }
}

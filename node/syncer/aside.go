package syncer

import (
	"context"

	"minca.dev/desktop/core/record"
)

// Landing aside (05 §10.1: "changes that arrive while one lands share one
// write"). Through ReceiveMore, once MaxUnlanded versions wait, they are
// written as one change on a goroutine of their own while the engine takes
// in the next messages: two changes in turn, one landing aside and the
// next accumulating as pending. That one lands aside in its turn at the
// first intake that finds MaxUnlanded versions waiting and the first
// ended; at twice MaxUnlanded the intake waits for the first to end.
//
//   - The versions landing aside are held (Space.unlanded) exactly as
//     pending ones are: judging, the held checks, the wants.
//   - Their stored acknowledgements are sent only once they landed (05 §8
//     step 5): by the landing's goroutine, taking the engine's lock, or
//     by the next call that waits for it, whichever comes first.
//   - Anything that needs the store as truth (landLocked: a hello, a read
//     for a peer, every call but ReceiveMore of a versions message) waits
//     for the change landing aside first (settleLocked).
//   - If it fails, nothing of it is stored, and nothing judged while it
//     was counted as held lands either: what is pending and its
//     acknowledgements are dropped, and the next call that waits for it
//     or finds it ended returns the store's error, and what its own
//     message let in lands nowhere either. What was dropped is found missing on the
//     next round, as after a failed landing in turn.
//   - Access versions never land aside: a change with one lands at once,
//     under the lock, as netsync's admission needs (03 §9.2).

// aside is the change landing aside.
type aside struct {
	acks   map[string][]string // owed once it lands, by peer
	done   chan struct{}       // closed when the store answered
	failed []string            // refused one by one (ErrInvalid, ErrConflict)
	err    error
}

// landAsideLocked hands what waits to a goroutine that writes it, after
// waiting for the change landing aside before it.
func (e *Engine) landAsideLocked(ctx context.Context) error {
	if err := e.settleLocked(); err != nil {
		return err
	}
	a := &aside{acks: e.wait.acks, done: make(chan struct{})}
	e.wait.acks = nil
	e.aside = a
	e.stats.Aside++
	list := e.space.handOff()
	go func() {
		a.failed, a.err = e.space.put(ctx, list)
		close(a.done)
		e.mu.Lock()
		defer e.mu.Unlock()
		if e.aside == a && a.err == nil { // a failure is told by the next call
			e.endAsideLocked(a)
		}
	}()
	return nil
}

// settleLocked waits for the change landing aside, if one is, and ends it:
// its acknowledgements are sent, or its error returned with what was judged
// meanwhile dropped.
func (e *Engine) settleLocked() error {
	a := e.aside
	if a == nil {
		return nil
	}
	<-a.done
	return e.endAsideLocked(a)
}

// reapLocked ends the change landing aside if the store answered already,
// without waiting for it.
func (e *Engine) reapLocked() error {
	if a := e.aside; a != nil {
		select {
		case <-a.done:
			return e.endAsideLocked(a)
		default:
		}
	}
	return nil
}

func (e *Engine) endAsideLocked(a *aside) error {
	e.aside = nil
	e.space.landed()
	if a.err != nil {
		e.space.Discard()
		e.wait.acks = nil
		return a.err
	}
	e.ackLandedLocked(a.acks, a.failed)
	return nil
}

// handOff makes the pending versions the change landing aside and returns
// them, to be written by put; they stay held until landed. No other
// change may be landing aside.
func (s *Space) handOff() []*record.Version {
	list := s.pendingList
	s.landing = s.pending
	s.pending, s.pendingList = map[string]*record.Version{}, nil
	return list
}

// landed ends the change landing aside, whether it landed or not: from now
// on the store says whether its versions are held.
func (s *Space) landed() { s.landing = nil }

// unlanded is the copy of id accepted and not yet stored: pending, or
// landing aside.
func (s *Space) unlanded(id string) *record.Version {
	if v := s.pending[id]; v != nil {
		return v
	}
	return s.landing[id]
}

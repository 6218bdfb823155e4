package syncer

import (
	"context"
	"fmt"

	"minca.dev/desktop/core/enc"
	"minca.dev/desktop/core/negentropy"
	"minca.dev/desktop/core/syncmsg"
)

// beginSessionLocked starts reconciling collection c with p as initiator
// (05 §6.3 step 1).
func (e *Engine) beginSessionLocked(ctx context.Context, p *peer, c string) error {
	items, err := e.space.store.Items(ctx, c)
	if err != nil {
		return fmt.Errorf("session %s with %s: %w", c, p.did, err)
	}
	in, err := negentropy.NewInitiator(items, syncmsg.MaxFrame)
	if err != nil {
		return fmt.Errorf("session %s with %s: %w", c, p.did, err)
	}
	s := &session{id: e.freshID(), collection: c, init: in, heard: e.clock.Now(),
		noted: map[negentropy.ID]bool{}}
	p.sessions[s.id] = s
	e.stats.Sessions++
	e.sendLocked(p, &syncmsg.Reconcile{ID: s.id, Collection: c, Message: in.Initiate()})
	return nil
}

// onReconcileLocked answers one round as responder (05 §6.4).
func (e *Engine) onReconcileLocked(ctx context.Context, p *peer, m *syncmsg.Reconcile) error {
	if !e.holdsLocked(m.Collection) {
		e.sendLocked(p, &syncmsg.Reconciled{ID: m.ID, Message: []byte{}, NotHeld: true})
		return nil
	}
	items, err := e.space.store.Items(ctx, m.Collection)
	if err != nil {
		return fmt.Errorf("answer reconcile %s: %w", m.Collection, err)
	}
	r, err := negentropy.NewResponder(items, syncmsg.MaxFrame)
	if err != nil {
		return fmt.Errorf("answer reconcile %s: %w", m.Collection, err)
	}
	out, err := r.Respond(m.Message)
	if err != nil {
		// 05 §6.4 known defect and §18: no answer is specified for a
		// message that does not parse; the initiator gives up on the
		// session after SessionTimeout.
		e.stats.Dropped++
		return nil
	}
	e.sendLocked(p, &syncmsg.Reconciled{ID: m.ID, Message: out})
	return nil
}

// onReconciledLocked feeds one answer to its session (05 §6.3 step 2).
func (e *Engine) onReconciledLocked(ctx context.Context, p *peer, m *syncmsg.Reconciled) error {
	s := p.sessions[m.ID]
	if s == nil {
		e.stats.Ignored++
		return nil
	}
	s.heard = e.clock.Now()
	if m.NotHeld {
		return e.endSessionLocked(ctx, p, s)
	}
	round, err := s.init.Reconcile(m.Message)
	if err != nil {
		e.stats.Dropped++
		return e.endSessionLocked(ctx, p, s)
	}
	s.have = s.noteIDs(s.have, round.Have, nil)
	s.need = s.noteIDs(s.need, round.Need, p.refused)
	if round.Next == nil {
		return e.endSessionLocked(ctx, p, s)
	}
	s.rounds++
	if s.rounds >= MaxRounds {
		return e.endSessionLocked(ctx, p, s)
	}
	e.sendLocked(p, &syncmsg.Reconcile{ID: s.id, Collection: s.collection, Message: round.Next})
	return nil
}

// noteIDs appends the ids not already handled in this session, leaving out
// those refused from this peer before (05 §6.3, §8).
func (s *session) noteIDs(list, ids []negentropy.ID, refused map[string]bool) []negentropy.ID {
	for _, id := range ids {
		if s.noted[id] {
			continue
		}
		s.noted[id] = true
		if refused != nil && refused[versionID(id)] {
			continue
		}
		list = append(list, id)
	}
	return list
}

// endSessionLocked ends a session however it ended: the versions found
// lacking go to p, the ids found missing are asked for, both newest first
// (05 §6.3).
func (e *Engine) endSessionLocked(ctx context.Context, p *peer, s *session) error {
	delete(p.sessions, s.id)
	if err := e.sendHaveLocked(ctx, p, reversed(s.have)); err != nil {
		return err
	}
	e.askLocked(ctx, p, s.collection, reversed(s.need))
	return e.checkLevelLocked(ctx, p, s.collection)
}

// checkLevelLocked sends p a hello with reply once nothing is in flight for
// collection c any more (05 §6.3 step 3).
func (e *Engine) checkLevelLocked(ctx context.Context, p *peer, c string) error {
	if p.busyWith(c) {
		return nil
	}
	if err := e.landLocked(ctx); err != nil { // the hello says what is stored
		return err
	}
	return e.sendHelloLocked(ctx, p, true)
}

func versionID(id negentropy.ID) string { return enc.CIDOfDigest(id) }

func reversed(ids []negentropy.ID) []string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[len(ids)-1-i] = versionID(id)
	}
	return out
}

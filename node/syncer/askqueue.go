package syncer

import (
	"context"

	"minca.dev/desktop/core/syncmsg"
)

// MaxWantsOut is how many wants this engine keeps unanswered with one peer
// at once; the ids beyond wait in the peer's queue, in the order they were
// to be asked (05 §6.3: "How many it keeps unanswered at once, and in what
// order it asks, is its own"; §6.5: a node with ids queued to ask is not
// synced). Ours: 32 wants, 6,400 versions, far more than the peer answers
// while one crosses the network, so it never waits for want; and a first
// sync of 100,000 ids neither sends 500 wants under one lock before the
// first answer can be taken in, nor leaves the last of them unanswered
// past WantTimeout while the peer works through the first.
const MaxWantsOut = 32

// heldWindow is how many queued ids one held check (heldManyLocked) reads
// at once while filling wants.
const heldWindow = 2 * syncmsg.MaxWant

// asking is one run of ids queued to ask a peer for, of one collection.
type asking struct {
	collection string
	ids        []string
}

// queued says whether ids of collection c wait to be asked of p.
func (p *peer) queued(c string) bool {
	for _, q := range p.queue {
		if q.collection == c {
			return true
		}
	}
	return false
}

// askLocked asks p for ids of collection c, in want messages of at most 200
// ids with fresh request ids (05 §6.3), in the order given, leaving out what
// is held, waiting, refused from p, or asked of p already; beyond
// MaxWantsOut wants unanswered, the ids wait in p's queue (fillWantsLocked).
func (e *Engine) askLocked(ctx context.Context, p *peer, c string, ids []string) {
	if len(ids) == 0 {
		return
	}
	p.queue = append(p.queue, asking{collection: c, ids: ids})
	e.fillWantsLocked(ctx, p)
}

// fillWantsLocked sends p wants from its queue, oldest first, until
// MaxWantsOut are unanswered or nothing is queued. Each id is checked when
// its want is made, so what came in meanwhile (from another peer, a push,
// a write) is not asked for.
func (e *Engine) fillWantsLocked(ctx context.Context, p *peer) {
	var chunk []string
	for len(p.wants) < MaxWantsOut && len(p.queue) > 0 {
		q := &p.queue[0]
		n := min(heldWindow, len(q.ids))
		window := q.ids[:n]
		held := e.heldManyLocked(ctx, window)
		used := 0
		for _, id := range window {
			used++
			if p.refused[id] || p.asked[id] != 0 || e.waiting.has(id) || held(id) {
				continue
			}
			chunk = append(chunk, id)
			if len(chunk) == syncmsg.MaxWant {
				e.sendWantLocked(p, q.collection, chunk)
				chunk = nil
				if len(p.wants) >= MaxWantsOut {
					break
				}
			}
		}
		q.ids = q.ids[used:]
		if len(q.ids) == 0 {
			c := q.collection
			p.queue = p.queue[1:]
			if len(chunk) > 0 {
				e.sendWantLocked(p, c, chunk)
				chunk = nil
			}
		}
	}
}

// sendWantLocked sends p one want for ids of collection c, with a fresh
// request id.
func (e *Engine) sendWantLocked(p *peer, c string, ids []string) {
	w := &want{id: e.freshID(), collection: c, ids: make(map[string]bool, len(ids)), sent: e.clock.Now()}
	for _, id := range ids {
		w.ids[id] = true
		p.asked[id] = w.id
	}
	p.wants[w.id] = w
	e.wantOut(w.id, true)
	e.stats.WantsSent++
	e.sendLocked(p, &syncmsg.Want{ID: w.id, IDs: ids})
}

package syncer

import (
	"context"
	"sort"
	"time"

	"minca.dev/desktop/core/record"
	"minca.dev/desktop/core/syncmsg"
)

// intakeLocked takes in one batch from p (one versions or push-update) in
// the order of 05 §8:
//  1. drop entries that are not objects or have no string collection;
//  2. drop versions of collections this node does not hold;
//  3. sort: sys.collection first, then seq ascending (record.SortForIntake);
//  4. run each through the gatekeeper and store what passes;
//  5. if any were taken in, send p stored with their ids, then retry the
//     waiting versions until no more go in;
//  6. ask p for the first and previous versions still missing that waiting
//     versions name.
func (e *Engine) intakeLocked(ctx context.Context, p *peer, entries []any) (err error) {
	defer func() {
		if err != nil { // nothing of a failed batch lands later
			e.space.Discard()
			e.wait.acks = nil
		}
	}()
	var taken, fresh = e.splitHeldLocked(ctx, e.parseBatchLocked(p, entries))
	batch := e.verifyBatchLocked(p, fresh)
	record.SortForIntake(batch)
	now := e.clock.Now()
	for _, v := range batch {
		ok, err := e.judgeLocked(ctx, v, p.did, now, e.space.Verifies())
		if err != nil {
			return err
		}
		if ok {
			taken = append(taken, v.ID)
		}
	}
	acks := map[string][]string{p.did: taken}
	if len(taken) > 0 {
		if err := e.retryWaitingLocked(ctx, acks); err != nil {
			return err
		}
	}
	// What went in, the batch and the waiting versions it let in, lands
	// as one change: a record's later version never shows without the
	// version that supersedes it in the same batch. Through ReceiveMore it
	// may wait to land with the next batches (land.go).
	if err := e.holdLocked(ctx, acks); err != nil {
		return err
	}
	e.askMissingLocked(ctx, p)
	return nil
}

// parseBatchLocked applies steps 1 and 2 and parses what is left (in
// parallel: parsing checks each id against its content); an entry that is
// no version is refused from p (keyed on its id if it has one).
func (e *Engine) parseBatchLocked(p *peer, entries []any) []*record.Version {
	var es []entry
	for _, x := range entries {
		en, ok := entryOf(x)
		if ok && en.head.HasCollection && e.holdsLocked(en.head.Collection) {
			es = append(es, en)
		}
	}
	vs, errs := e.parseEntries(es)
	batch := vs[:0]
	for i, v := range vs {
		if errs[i] != nil {
			e.stats.Refused++
			if es[i].head.HasID {
				p.refuse(es[i].head.ID)
			}
			continue
		}
		batch = append(batch, v)
	}
	return batch
}

// splitHeldLocked splits a batch into the ids of versions held already (they
// are acknowledged too) and the versions to judge.
func (e *Engine) splitHeldLocked(ctx context.Context, batch []*record.Version) (held []string, rest []*record.Version) {
	isHeld := e.space.heldAll(ctx, batch)
	for i, v := range batch {
		if isHeld[i] {
			held = append(held, v.ID)
			continue
		}
		rest = append(rest, v)
	}
	return held, rest
}

// verifyBatchLocked checks the signatures of a batch at once (verifyAll)
// and refuses from p the versions that fail; the rest go on to the
// gatekeeper, which then does not check their signatures again.
func (e *Engine) verifyBatchLocked(p *peer, batch []*record.Version) []*record.Version {
	if !e.space.Verifies() || len(batch) == 0 {
		return batch
	}
	errs := e.verifyPrepared(batch)
	kept := batch[:0]
	for i, v := range batch {
		if errs[i] != nil {
			e.stats.Refused++
			p.refuse(v.ID)
			continue
		}
		kept = append(kept, v)
	}
	return kept
}

// judgeLocked runs v through the gatekeeper (05 §8 step 4): stands and
// withdrawn are let in (true), later waits, refused is remembered for the
// sender.
func (e *Engine) judgeLocked(ctx context.Context, v *record.Version, from string, now time.Time, verified bool) (bool, error) {
	verdict := e.space.Judge(ctx, v, now, verified)
	switch verdict.Answer {
	case record.Stands, record.Withdrawn:
		e.waiting.remove(v.ID)
		return true, e.space.Accept(v)
	case record.Later:
		e.waiting.add(v, from, verdict.Missing)
	default:
		e.waiting.remove(v.ID)
		e.stats.Refused++
		if p := e.peers[from]; p != nil {
			p.refuse(v.ID)
		}
	}
	return false, nil
}

// ackLandedLocked sends the stored acknowledgements of a change that
// landed (05 §8 step 5); the versions the store refused (failed) are taken
// out of them and refused from their sender.
func (e *Engine) ackLandedLocked(acks map[string][]string, failed []string) {
	bad := map[string]bool{}
	for _, id := range failed {
		bad[id] = true
	}
	for did, ids := range acks {
		kept := ids[:0]
		for _, id := range ids {
			if bad[id] {
				if p := e.peers[did]; p != nil {
					p.refuse(id)
				}
				continue
			}
			kept = append(kept, id)
		}
		acks[did] = kept
		e.stats.Stored += len(kept)
	}
	e.sendAcksLocked(acks)
}

// retryWaitingLocked retries the waiting versions until no more go in
// (05 §8 step 5); each that goes in is acknowledged to the peer that sent
// it, as it would have been had it gone in at once (05 §4 stored).
func (e *Engine) retryWaitingLocked(ctx context.Context, acks map[string][]string) error {
	e.fresh = true
	for {
		round := map[string][]string{}
		now := e.clock.Now()
		for _, w := range e.waiting.sorted() {
			ok, err := e.judgeLocked(ctx, w.v, w.from, now, e.space.Verifies())
			if err != nil {
				return err
			}
			if ok {
				round[w.from] = append(round[w.from], w.v.ID)
			}
		}
		if len(round) == 0 {
			return nil
		}
		for did, ids := range round {
			acks[did] = append(acks[did], ids...)
		}
	}
}

func (e *Engine) sendAcksLocked(acks map[string][]string) {
	dids := make([]string, 0, len(acks))
	for did := range acks {
		dids = append(dids, did)
	}
	sort.Strings(dids)
	for _, did := range dids {
		p := e.peers[did]
		if p == nil || len(acks[did]) == 0 {
			continue
		}
		e.sendLocked(p, &syncmsg.Stored{IDs: acks[did]})
	}
}

// askMissingLocked asks p for what the versions p sent that wait still miss
// (05 §8 step 6), at once.
func (e *Engine) askMissingLocked(ctx context.Context, p *peer) {
	byCollection := map[string][]string{}
	for _, w := range e.waiting.sorted() {
		if w.from == p.did {
			byCollection[w.v.Collection] = append(byCollection[w.v.Collection], w.missing...)
		}
	}
	cs := make([]string, 0, len(byCollection))
	for c := range byCollection {
		cs = append(cs, c)
	}
	sort.Strings(cs)
	for _, c := range cs {
		e.askLocked(ctx, p, c, byCollection[c])
	}
}

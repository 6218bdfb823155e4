package syncer

// Pushes awaiting their stored (05 §7, §8 step 5). A node that writes and
// then stops (a one-shot `minca join`, a tray quitting) should give its
// peers the moment to take its last writes in: Write notes each push-update
// it sends, the peer's stored clears it, and Unacked says how many are
// still out, so a network closing can wait a little for them (netsync's
// Manager.Flush). Choice of ours, where 05 is silent about closing.

// MaxUnacked bounds the pushes noted per peer: a peer that never answers
// stored (an older node, say) must not make the engine grow; past it, new
// pushes to that peer are not noted, and a close waits for none of them.
const MaxUnacked = 10000

// notePushLocked notes that version id was pushed to peer did.
func (e *Engine) notePushLocked(did, id string) {
	if e.pushed == nil {
		e.pushed = map[string]map[string]bool{}
	}
	ids := e.pushed[did]
	if ids == nil {
		ids = map[string]bool{}
		e.pushed[did] = ids
	}
	if len(ids) < MaxUnacked {
		ids[id] = true
	}
}

// ackedLocked clears what a peer's stored acknowledges.
func (e *Engine) ackedLocked(did string, ids []string) {
	got := e.pushed[did]
	for _, id := range ids {
		delete(got, id)
	}
	if len(got) == 0 {
		delete(e.pushed, did)
	}
}

// Unacked is how many pushes to peers still connected wait for their stored.
func (e *Engine) Unacked() int {
	e.mu.Lock()
	defer e.mu.Unlock()
	n := 0
	for did, ids := range e.pushed {
		if e.peers[did] != nil {
			n += len(ids)
		}
	}
	return n
}

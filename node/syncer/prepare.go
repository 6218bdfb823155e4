package syncer

import (
	"bytes"
	"hash/maphash"

	"minca.dev/desktop/core/record"
	"minca.dev/desktop/core/syncmsg"
)

// MaxPrepared is how many messages may be prepared ahead and not yet
// received (or forgotten); Prepare skips a message beyond it. A network
// need not prepare further ahead of Receive than this.
const MaxPrepared = 8

// prepared is what Prepare worked out for one message: the message parsed
// and, for a versions message, each entry with a unique id parsed and its
// signature checked. All of it is a pure function of the message's bytes,
// so Receive uses it exactly as if it had worked it out itself.
type prepared struct {
	raw  []byte        // the message, compared on taking it (prepKey)
	done chan struct{} // closed when the rest is filled in
	msg  syncmsg.Message
	err  error
	byID map[string]*preparedEntry
}

type preparedEntry struct {
	v         *record.Version
	parseErr  error
	verified  bool // verifyErr is record.Verify's answer for v
	verifyErr error
}

// Prepare does ahead of Receive the costly steps of taking in msg that
// depend on nothing held (05 §8): parsing the message and its versions and
// checking their signatures and body hashes, on every core. A network
// calls it, on another goroutine, for a message queued behind the one being
// received, so that checking signatures overlaps the store's writing. It is
// safe for concurrent use and optional: Receive does whatever was not
// prepared, and gives the same outcome either way. msg's bytes must not
// change until it is received or forgotten.
func (e *Engine) Prepare(msg []byte) {
	key := prepKey(msg)
	pre := &prepared{raw: msg, done: make(chan struct{})}
	e.prepMu.Lock()
	if _, ok := e.prepared[key]; ok || len(e.prepared) >= MaxPrepared {
		e.prepMu.Unlock()
		return
	}
	if e.prepared == nil {
		e.prepared = map[uint64]*prepared{}
	}
	e.prepared[key] = pre
	e.prepMu.Unlock()
	defer close(pre.done)
	pre.msg, pre.err = syncmsg.Parse(msg)
	if m, ok := pre.msg.(*syncmsg.Versions); ok && (!m.HasID || e.isWantOut(m.ID)) {
		pre.byID = e.prepareEntries(m)
	}
}

// wantOut notes a want sent (out) or answered, given up or forgotten: a
// versions message answering no want in flight is ignored (05 §6.3), so
// Prepare checks none of its signatures (a want given up for silence may
// still be answered, late).
func (e *Engine) wantOut(id uint64, out bool) {
	e.prepMu.Lock()
	defer e.prepMu.Unlock()
	if !out {
		delete(e.wantsOut, id)
		return
	}
	if e.wantsOut == nil {
		e.wantsOut = map[uint64]bool{}
	}
	e.wantsOut[id] = true
}

func (e *Engine) isWantOut(id uint64) bool {
	e.prepMu.Lock()
	defer e.prepMu.Unlock()
	return e.wantsOut[id]
}

// forgetWantsLocked forgets the wants in flight with p (nil: none), which
// is going.
func (e *Engine) forgetWantsLocked(p *peer) {
	if p == nil {
		return
	}
	for id := range p.wants {
		e.wantOut(id, false)
	}
}

// prepareEntries parses and checks the entries that are objects with a
// string id and collection, leaving out ids that come more than once. It
// puts each entry that is an object back into m.Versions as read (entry), so
// that Receive does not read its head again.
func (e *Engine) prepareEntries(m *syncmsg.Versions) map[string]*preparedEntry {
	count := map[string]int{}
	var es []entry
	for i := range m.Versions {
		en, ok := entryAt(m, i)
		if ok {
			m.Versions[i] = en
		}
		if !ok || !en.head.HasID || !en.head.HasCollection {
			continue
		}
		if count[en.head.ID]++; count[en.head.ID] == 1 {
			es = append(es, en)
		}
	}
	vs, errs := parseAll(es)
	out := make(map[string]*preparedEntry, len(es))
	var good []*record.Version
	for i, en := range es {
		id := en.head.ID
		if count[id] > 1 {
			continue
		}
		out[id] = &preparedEntry{v: vs[i], parseErr: errs[i]}
		if errs[i] == nil {
			good = append(good, vs[i])
		}
	}
	if e.space.Verifies() {
		verrs := verifyAll(&e.space.keys, good)
		for i, v := range good {
			r := out[v.ID]
			r.verified, r.verifyErr = true, verrs[i]
		}
	}
	return out
}

// takePrepared returns (and forgets) what Prepare worked out for msg,
// waiting for it if Prepare is still at it; nil if msg was not prepared.
func (e *Engine) takePrepared(msg []byte) *prepared {
	e.prepMu.Lock()
	if len(e.prepared) == 0 {
		e.prepMu.Unlock()
		return nil
	}
	e.prepMu.Unlock()
	key := prepKey(msg)
	e.prepMu.Lock()
	pre := e.prepared[key]
	if pre != nil && !bytes.Equal(pre.raw, msg) {
		pre = nil // another message with the same hash: not msg's
	}
	if pre != nil {
		delete(e.prepared, key)
	}
	e.prepMu.Unlock()
	if pre != nil {
		<-pre.done
	}
	return pre
}

// prepSeed keys prepared messages; random per process, so that a peer
// cannot make two of its messages share a key on purpose. Two that do
// anyway are told apart by their bytes (takePrepared, Forget): the second
// is simply not prepared.
var prepSeed = maphash.MakeSeed()

func prepKey(msg []byte) uint64 { return maphash.Bytes(prepSeed, msg) }

// Forget drops what Prepare worked out for msg, for a message that will
// not be received after all (its connection closed first), so that it
// holds no place among the MaxPrepared. It does not wait for a Prepare of
// msg still at work; call it after Prepare returned.
func (e *Engine) Forget(msg []byte) {
	key := prepKey(msg)
	e.prepMu.Lock()
	if pre := e.prepared[key]; pre != nil && bytes.Equal(pre.raw, msg) {
		delete(e.prepared, key)
	}
	e.prepMu.Unlock()
}

// Prepared is how many messages wait prepared, neither received nor
// forgotten yet.
func (e *Engine) Prepared() int {
	e.prepMu.Lock()
	defer e.prepMu.Unlock()
	return len(e.prepared)
}

// parseEntries is parseAll, taking what was prepared: an entry whose id
// the prepared message held once is that very entry (Receive took its
// entries from the prepared message).
func (e *Engine) parseEntries(es []entry) ([]*record.Version, []error) {
	if e.pre == nil || e.pre.byID == nil {
		return parseAll(es)
	}
	vs := make([]*record.Version, len(es))
	errs := make([]error, len(es))
	var rest []entry
	var at []int
	for i, en := range es {
		if r := e.pre.byID[en.head.ID]; r != nil {
			vs[i], errs[i] = r.v, r.parseErr
			continue
		}
		rest, at = append(rest, en), append(at, i)
	}
	if len(rest) > 0 {
		rvs, rerrs := parseAll(rest)
		for j, i := range at {
			vs[i], errs[i] = rvs[j], rerrs[j]
		}
	}
	return vs, errs
}

// verifyPrepared is verifyAll, taking the answers prepared for these very
// versions.
func (e *Engine) verifyPrepared(vs []*record.Version) []error {
	if e.pre == nil || e.pre.byID == nil {
		return verifyAll(&e.space.keys, vs)
	}
	errs := make([]error, len(vs))
	var rest []*record.Version
	var at []int
	for i, v := range vs {
		if r := e.pre.byID[v.ID]; r != nil && r.v == v && r.verified {
			errs[i] = r.verifyErr
			continue
		}
		rest, at = append(rest, v), append(at, i)
	}
	if len(rest) > 0 {
		rerrs := verifyAll(&e.space.keys, rest)
		for j, i := range at {
			errs[i] = rerrs[j]
		}
	}
	return errs
}

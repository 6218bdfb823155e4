package syncer

import (
	"context"
	"sort"

	"minca.dev/desktop/core/negentropy"
	"minca.dev/desktop/core/record"
	"minca.dev/desktop/core/syncmsg"
)

// emptyFingerprint is the fingerprint of a collection one keeps none of.
var emptyFingerprint = negentropy.FingerprintOf(nil)

// ownSumsLocked are this node's fingerprints of the collections it holds
// and keeps at least one version of (05 §6.2 step 2).
func (e *Engine) ownSumsLocked(ctx context.Context) (map[string]negentropy.Fingerprint, error) {
	sums, err := e.space.store.Sums(ctx)
	if err != nil {
		return nil, err
	}
	out := make(map[string]negentropy.Fingerprint, len(sums))
	for c, s := range sums {
		if s.Count > 0 && e.holdsLocked(c) {
			out[c] = s.Fingerprint()
		}
	}
	return out, nil
}

// sendHelloLocked says what this node holds, asked afresh (05 §5, §6.2).
func (e *Engine) sendHelloLocked(ctx context.Context, p *peer, reply bool) error {
	sums, err := e.ownSumsLocked(ctx)
	if err != nil {
		return err
	}
	e.sendLocked(p, &syncmsg.Hello{Holds: e.holds, Sums: sums, Reply: reply})
	return nil
}

// onHelloLocked follows 05 §6.2.
func (e *Engine) onHelloLocked(ctx context.Context, p *peer, h *syncmsg.Hello) error {
	p.hello = h
	own, err := e.ownSumsLocked(ctx)
	if err != nil {
		return err
	}
	differ := e.differLocked(p, h, own)
	if len(differ) == 0 {
		return nil // synced with p once nothing is in flight (step 5)
	}
	if e.cfg.Self > p.did {
		if h.Reply {
			return nil
		}
		return e.sendHelloLocked(ctx, p, true)
	}
	for _, c := range differ {
		if p.busyWith(c) {
			continue
		}
		if err := e.beginSessionLocked(ctx, p, c); err != nil {
			return err
		}
	}
	return nil
}

// differLocked are the collections both hold whose sums differ (steps 3–4),
// the space's own (sys.*) first, then by name (sessionOrder); the level ones
// are recorded as level with p. A collection absent from a side's sums
// counts as one it keeps none of.
func (e *Engine) differLocked(p *peer, h *syncmsg.Hello, own map[string]negentropy.Fingerprint) []string {
	cands := map[string]bool{}
	for c := range h.Sums {
		cands[c] = true
	}
	for c := range own {
		cands[c] = true
	}
	for _, c := range e.holds.Collections {
		cands[c] = true
	}
	var differ []string
	for c := range cands {
		if !e.holdsLocked(c) || !h.Holds.HoldsCollection(c) {
			continue
		}
		if sumOr(h.Sums, c) == sumOr(own, c) {
			p.level[c] = true
			continue
		}
		delete(p.level, c)
		differ = append(differ, c)
	}
	sort.Slice(differ, func(i, j int) bool { return sessionOrder(differ[i], differ[j]) })
	return differ
}

// sessionOrder puts the space's own collections (sys.*: access, keys,
// definitions) before the rest, then sorts by name. Sessions begun in this
// order end in it with an empty or nearly level peer, so the access versions
// the other versions' seen names reach a joiner first and nothing waits on
// them (05 §6.2 step 6 and §6.3 leave the order to the node; §8 step 3's
// "what others depend on comes first").
func sessionOrder(a, b string) bool {
	if sa, sb := record.IsSys(a), record.IsSys(b); sa != sb {
		return sa
	}
	return a < b
}

func sumOr(sums map[string]negentropy.Fingerprint, c string) negentropy.Fingerprint {
	if fp, ok := sums[c]; ok {
		return fp
	}
	return emptyFingerprint
}

// Level says whether this node was last found level with a peer on a
// collection (05 §6.2 step 4, §9).
func (e *Engine) Level(did, collection string) bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	p := e.peers[did]
	return p != nil && p.level[collection]
}

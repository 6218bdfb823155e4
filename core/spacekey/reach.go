package spacekey

import (
	"sort"

	"minca.dev/desktop/core/access"
)

// Two key changes made apart both stand (03 §9.3), and each changer boxes
// its key to the members it knew of, so they hold both. A newcomer is boxed
// only the current key, and reaches the keys its change's earlier names:
// not the other change's key, nor anything sealed under it. 03 is silent on
// mending that. Our choice (docs/spec/03-choices.md, "Concurrent key
// changes"): a member that may change the key and holds a key the current
// one does not reach changes the key once more, with every key it holds in
// earlier, so the current key reaches them all again.

// Unreached is the ids of the keys the ring holds that the current key's
// earlier, followed from change to change, does not give: what a reader
// holding only the current key could not open. Empty when the ring lacks
// the current key. Sorted. Worked out once: a ring does not change, and the
// node's loop asks on every look while a change waits (node/runtime keydue.go).
func (r *Keyring) Unreached() []string {
	r.unreachedOnce.Do(func() { r.unreached = r.unreachedNow() })
	return r.unreached
}

func (r *Keyring) unreachedNow() []string {
	cur, ok := r.Current()
	if !ok {
		return nil
	}
	reached := map[string]bool{cur.id: true}
	for queue := []*Key{cur}; len(queue) > 0 && len(reached) < len(r.keys); queue = queue[1:] {
		for _, ek := range r.handedOn(queue[0]) {
			if held := r.keys[ek.id]; held != nil && !reached[ek.id] {
				reached[ek.id] = true
				queue = append(queue, held)
			}
		}
	}
	var out []string
	for id := range r.keys {
		if !reached[id] {
			out = append(out, id)
		}
	}
	sort.Strings(out)
	return out
}

// handedOn is what the earlier of each change naming k gives, read without
// recording anything (earlier records malformed changes).
func (r *Keyring) handedOn(k *Key) []*Key {
	var out []*Key
	for _, e := range r.namers(k) {
		c, ok := r.changes[e.Event]
		if e.Event == r.space || !ok {
			continue
		}
		if keys, err := r.openChange(k, e.Event, c); err == nil {
			out = append(out, keys...)
		}
	}
	return out
}

// ShouldMend says whether account SHOULD change the key although none is
// due (our choice, above): it may change the key, holds K₀ and the current
// key, and holds a key the current key does not reach. Who of several such
// members acts first is the caller's to stagger. Never with more than
// MaxEarlier keys held: a reader takes no more from one earlier, so no
// change could reach them all, and each would ask for another.
func ShouldMend(h *access.History, r *Keyring, account string) bool {
	if len(r.keys) > MaxEarlier || Due(h, r) || !h.Current().May(account, CmdKeyChange, map[string]any{}) {
		return false
	}
	if _, first := r.First(); !first {
		return false
	}
	return len(r.Unreached()) > 0
}

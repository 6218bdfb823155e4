package spacekey

import (
	"fmt"
	"sync"

	"minca.dev/desktop/core/access"
	"minca.dev/desktop/core/identity"
)

// Input is what a Keyring is built from: what the space's history names
// and what this account holds.
type Input struct {
	Space string
	// Keys is S.keys of the current state (access.State.Keys): the
	// constitution's key K₀ first (its Event is the space id), then every
	// key event, the current key last.
	Keys []access.KeyEntry
	// Changes are the space's key changes by event id (ChangesFrom): only
	// the one S.keys names for a key id is opened (03 §9.3).
	Changes map[string]KeyChange
	// Held are the raw keys this account already holds: from an invite, a
	// pass or its own store.
	Held []*Key
	// Account and Member are this account and its member key in the space;
	// with Member nil no box is opened.
	Account string
	Member  *identity.KeyPair
	// Boxes are the space's sys.box bodies; only those to Account count.
	Boxes []Box
}

// Keyring is every key of a private space an account can reach (03 §9.3,
// §9.4): those it holds, those each key's earlier opens to, and those boxed
// to it, each taken only if the history names its id with its read DID.
type Keyring struct {
	space     string
	entries   []access.KeyEntry
	named     map[string][]access.KeyEntry // by key id: concurrent events may name one id twice
	keys      map[string]*Key
	malformed map[string]error
	unplaced  []*Key
	changes   map[string]KeyChange // Input.Changes, for Unreached

	unreachedOnce sync.Once // Unreached is worked out once per ring
	unreached     []string
}

// NewKeyring reaches every key it can from in: held keys the history names,
// then, until nothing new, the earlier of each held key's change and the
// boxes to the account for keys still lacking.
func NewKeyring(in Input) *Keyring {
	r := &Keyring{space: in.Space, entries: in.Keys, named: map[string][]access.KeyEntry{},
		keys: map[string]*Key{}, malformed: map[string]error{}, changes: in.Changes}
	for _, e := range in.Keys {
		r.named[e.KeyID] = append(r.named[e.KeyID], e)
	}
	var queue []*Key
	for _, k := range in.Held {
		if r.take(k) {
			queue = append(queue, k)
		} else if _, named := r.named[k.id]; !named {
			r.unplaced = append(r.unplaced, k)
		}
	}
	r.follow(queue, in.Changes)
	r.follow(r.openBoxes(in), in.Changes)
	return r
}

// take adds k if it is new and the history names its id with its read DID.
func (r *Keyring) take(k *Key) bool {
	if r.keys[k.id] != nil || len(r.namers(k)) == 0 {
		return false
	}
	r.keys[k.id] = k
	return true
}

// namers are the entries of S.keys that name k: its id with its read DID.
func (r *Keyring) namers(k *Key) []access.KeyEntry {
	var out []access.KeyEntry
	for _, e := range r.named[k.id] {
		if k.Names(e.KeyID, e.ReadKey) {
			out = append(out, e)
		}
	}
	return out
}

// follow opens the earlier of every key in queue, and of every key that
// gives, until nothing new (03 §9.3).
func (r *Keyring) follow(queue []*Key, changes map[string]KeyChange) {
	for len(queue) > 0 {
		k := queue[0]
		queue = queue[1:]
		for _, ek := range r.earlier(k, changes) {
			if r.take(ek) {
				queue = append(queue, ek)
			}
		}
	}
}

// earlier gives the keys k's changes hand on, or records k's change as
// malformed. K₀'s entry is the constitution's and has no change.
//
// Choice: when concurrent events name k's id and read DID alike (anyone
// granted /key/change can copy them), the earlier of each is opened and
// what they give is taken together; the change is malformed only when
// none gives keys. An earlier that opens under k was sealed by a holder of
// k, and every key it gives is checked against the history anyway.
func (r *Keyring) earlier(k *Key, changes map[string]KeyChange) []*Key {
	var got []*Key
	var why error
	for _, e := range r.namers(k) {
		if e.Event == r.space {
			return nil
		}
		c, ok := changes[e.Event]
		if !ok {
			continue // the change's version is not held: nothing to open yet
		}
		keys, err := r.openChange(k, e.Event, c)
		if err != nil {
			why = err
			continue
		}
		got = append(got, keys...)
	}
	if got == nil && why != nil {
		r.malformed[k.id] = why
	}
	return got
}

// openChange opens one change's earlier with k and checks it gives K₀.
func (r *Keyring) openChange(k *Key, event string, c KeyChange) ([]*Key, error) {
	if c.Earlier == "" {
		return nil, fmt.Errorf("%w: change %s has no earlier", ErrMalformed, event)
	}
	keys, err := OpenEarlier(k, r.space, c.Earlier)
	if err != nil {
		return nil, err
	}
	first := r.entries[0]
	for _, ek := range keys {
		if ek.Names(first.KeyID, first.ReadKey) {
			return keys, nil
		}
	}
	return nil, fmt.Errorf("%w: earlier of %s leaves out the first key", ErrMalformed, k.id)
}

// openBoxes opens the boxes to the account for keys the history names and
// the ring lacks, accepting a key only if its id and read DID are the
// history's, whoever sealed it (03 §9.4).
func (r *Keyring) openBoxes(in Input) []*Key {
	if in.Member == nil {
		return nil
	}
	var got []*Key
	for _, b := range in.Boxes {
		if len(r.named[b.KeyID]) == 0 || b.To != in.Account || r.keys[b.KeyID] != nil {
			continue
		}
		if k, err := OpenBox(b, r.space, in.Account, in.Member); err == nil && r.take(k) {
			got = append(got, k)
		}
	}
	return got
}

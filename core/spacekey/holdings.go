package spacekey

import "sort"

// Key gives the key with this id, if the ring holds it.
func (r *Keyring) Key(keyID string) (*Key, bool) {
	k, ok := r.keys[keyID]
	return k, ok
}

// Keys is every key held, in the order of S.keys.
func (r *Keyring) Keys() []*Key {
	var out []*Key
	for _, e := range r.entries {
		if k, ok := r.keys[e.KeyID]; ok && !contains(out, k) {
			out = append(out, k)
		}
	}
	return out
}

func contains(ks []*Key, k *Key) bool {
	for _, x := range ks {
		if x == k {
			return true
		}
	}
	return false
}

// First is K₀, the constitution's key, if held (every reader needs it for
// onePer keys, 02 §7.3).
func (r *Keyring) First() (*Key, bool) {
	if len(r.entries) == 0 {
		return nil, false
	}
	return r.Key(r.entries[0].KeyID)
}

// FirstKey is K₀'s raw bytes, if held: judge checks onePer keys of a
// private space under it (judge.FirstKeys, 02 §7.3).
func (r *Keyring) FirstKey() ([]byte, bool) {
	k, ok := r.First()
	if !ok {
		return nil, false
	}
	return k.Raw(), true
}

// Current is the key a writer must encrypt with, the last of S.keys, if
// held; without it the account must not write (03 §8.3, §9.5).
func (r *Keyring) Current() (*Key, bool) {
	if len(r.entries) == 0 {
		return nil, false
	}
	return r.Key(r.entries[len(r.entries)-1].KeyID)
}

// Newest is the newest key held, with which a node proves it may read (03 §9.5).
func (r *Keyring) Newest() (*Key, bool) {
	for i := len(r.entries) - 1; i >= 0; i-- {
		if k, ok := r.Key(r.entries[i].KeyID); ok {
			return k, true
		}
	}
	return nil, false
}

// Malformed maps the id of each held key whose change gave no key to why
// (03 §9.3).
func (r *Keyring) Malformed() map[string]error {
	out := make(map[string]error, len(r.malformed))
	for id, err := range r.malformed {
		out[id] = err
	}
	return out
}

// Unplaced are held keys the history does not name (yet): kept by the
// caller, taken once the history names them.
func (r *Keyring) Unplaced() []*Key { return append([]*Key(nil), r.unplaced...) }

// IDs is the ids of the keys held, sorted.
func (r *Keyring) IDs() []string {
	ids := make([]string, 0, len(r.keys))
	for id := range r.keys {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

// CurrentID is the id of the current key, the last of S.keys, whether or
// not the ring holds it; "" for a space with no keys.
func (r *Keyring) CurrentID() string {
	if len(r.entries) == 0 {
		return ""
	}
	return r.entries[len(r.entries)-1].KeyID
}

package spacekey

import (
	"crypto/ecdh"
	"errors"
	"fmt"
	"io"
	"sort"
)

var (
	// ErrNoCurrent: the account does not hold the current key, so it must
	// not write, nor change the key (03 §8.3, §9.3).
	ErrNoCurrent = errors.New("spacekey: the current key is not held")
	// ErrNoFirst: the account does not hold K₀, so it must not change the
	// key (03 §9.3).
	ErrNoFirst = errors.New("spacekey: the first key is not held")
	// ErrKeyUsed: a new key whose id or read DID the history already names
	// would be refused (03 §9.3).
	ErrKeyUsed = errors.New("spacekey: key id or read key used before")
)

// Change is a key change ready to write (03 §9.3): the new key K', the body
// of sys.key at key:space, and a box of K' for each remaining member.
type Change struct {
	Key   *Key
	Body  KeyChange
	Boxes []Box
}

// Recipients are the members to box a new key to: account DID → its
// published member key in the space (MemberKeyOf).
type Recipients map[string]*ecdh.PublicKey

// NewChange writes a key change (03 §9.3 steps 1–4) from what the ring
// holds, with randomness from rnd: a fresh K', earlier sealed under it
// around every key held (K₀ included), the sys.key body, and K' boxed to
// each recipient, in DID order. The writer must hold K₀ and the current key.
//
// Choice: earlier holds the keys the history names that the ring holds,
// in the order of S.keys; held keys the history does not name are left out,
// as no reader would take them.
func (r *Keyring) NewChange(to Recipients, rnd io.Reader) (*Change, error) {
	if _, ok := r.First(); !ok {
		return nil, ErrNoFirst
	}
	if _, ok := r.Current(); !ok {
		return nil, ErrNoCurrent
	}
	next, err := Generate(rnd)
	if err != nil {
		return nil, err
	}
	for _, e := range r.entries {
		if e.KeyID == next.id || e.ReadKey == next.ReadDID() {
			return nil, ErrKeyUsed
		}
	}
	earlier, err := SealEarlier(next, r.space, r.Keys(), rnd)
	if err != nil {
		return nil, err
	}
	boxes, err := BoxAll(next, r.space, to, rnd)
	if err != nil {
		return nil, err
	}
	body := KeyChange{KeyID: next.id, ReadKey: next.ReadDID(), Earlier: earlier}
	return &Change{Key: next, Body: body, Boxes: boxes}, nil
}

// BoxAll seals k to every recipient, in DID order (03 §9.3 step 4, §9.4).
func BoxAll(k *Key, spaceID string, to Recipients, rnd io.Reader) ([]Box, error) {
	dids := make([]string, 0, len(to))
	for did := range to {
		dids = append(dids, did)
	}
	sort.Strings(dids)
	boxes := make([]Box, 0, len(dids))
	for _, did := range dids {
		b, err := SealBox(k, spaceID, did, to[did], rnd)
		if err != nil {
			return nil, fmt.Errorf("key change: %w", err)
		}
		boxes = append(boxes, b)
	}
	return boxes, nil
}

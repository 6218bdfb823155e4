// Package registry is an account's registry store in a data folder
// (05 §12, §14.1, §14.3, §15): one file per entry under
// <dataPath>/registry/kv/<encoded key>, the values of entries under the six
// sealed prefixes stored as envelope(localKey, "minca/at-rest/v1",
// {"entry": key}, value).
//
// A value under a sealed prefix that does not open as that envelope — one
// written in the clear, moved from another entry, sealed by another account —
// is refused, that entry alone (05 §15): List leaves it out and counts it,
// and the rest of the list still loads. Nothing falls back to raw.
//
// Choices where 05 is silent:
//   - Entries outside the sealed prefixes are kept raw, as 05 §14.3 says.
//   - A file whose name does not decode (05 §14.2) or is a link is not an
//     entry: List skips it and counts it in Skipped.
//   - Get of a refused entry returns ErrRefused; Put replaces it.
package registry

import (
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"sort"
	"strings"

	"minca.dev/desktop/core/identity"
	"minca.dev/desktop/node/folder"
)

// SealedPrefixes are the entry prefixes whose values are sealed (05 §15).
var SealedPrefixes = []string{"space:", "spacekey:", "spaceinvite:", "spacerole:", "spacememberkey:", "spacerelays:"}

var (
	// ErrNotFound: no such entry.
	ErrNotFound = errors.New("registry: no such entry")
	// ErrRefused: a value under a sealed prefix that does not open as its
	// envelope (05 §15).
	ErrRefused = errors.New("registry: sealed entry does not open")
)

// IsSealed says whether key's value is sealed (05 §15).
func IsSealed(key string) bool {
	for _, p := range SealedPrefixes {
		if strings.HasPrefix(key, p) {
			return true
		}
	}
	return false
}

// bound is what a value's envelope is bound to: its entry (05 §15).
func bound(key string) map[string]any { return map[string]any{"entry": key} }

// Seal is what is stored for key's value: the envelope under a sealed
// prefix, the value itself otherwise.
func Seal(localKey []byte, key string, value []byte, rnd io.Reader) ([]byte, error) {
	if !IsSealed(key) {
		return append([]byte(nil), value...), nil
	}
	env, err := identity.Seal(localKey, identity.LabelAtRest, bound(key), value, rnd)
	if err != nil {
		return nil, fmt.Errorf("seal entry %q: %w", key, err)
	}
	return env, nil
}

// Unseal reads what is stored for key (05 §15): under a sealed prefix it
// must open as key's envelope under localKey, else ErrRefused.
func Unseal(localKey []byte, key string, stored []byte) ([]byte, error) {
	if !IsSealed(key) {
		return stored, nil
	}
	v, err := identity.Open(localKey, identity.LabelAtRest, bound(key), stored)
	if err != nil {
		return nil, fmt.Errorf("entry %q: %w: %w", key, ErrRefused, err)
	}
	return v, nil
}

// Store is one account's registry store in a data folder.
type Store struct {
	kv       *folder.Dir
	localKey []byte
	rnd      io.Reader
}

// Open opens (creating) the registry store of an account: <dataPath>/registry
// with its kv and versions directories (05 §14.1).
func Open(root *folder.Root, accountID string, localKey []byte) (*Store, error) {
	kv, err := folder.OpenRegistry(root, accountID)
	if err != nil {
		return nil, fmt.Errorf("open registry: %w", err)
	}
	return &Store{kv: kv, localKey: append([]byte(nil), localKey...), rnd: rand.Reader}, nil
}

// Get returns an entry's value.
func (s *Store) Get(key string) ([]byte, error) {
	name := folder.Encode(key)
	if err := folder.CheckSegment(name); err != nil {
		return nil, err
	}
	b, err := s.kv.ReadFile(name)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("entry %q: %w", key, ErrNotFound)
	}
	if err != nil {
		return nil, err
	}
	return Unseal(s.localKey, key, b)
}

// Put writes an entry, sealed when its prefix says so, atomically.
func (s *Store) Put(key string, value []byte) error {
	name := folder.Encode(key)
	if err := folder.CheckSegment(name); err != nil {
		return err
	}
	b, err := Seal(s.localKey, key, value, s.rnd)
	if err != nil {
		return err
	}
	return s.kv.WriteFile(b, name)
}

// Delete removes an entry; a missing one is not an error.
func (s *Store) Delete(key string) error {
	name := folder.Encode(key)
	if err := folder.CheckSegment(name); err != nil {
		return err
	}
	return s.kv.Remove(name)
}

// ForgetSpace deletes all six entries of a space (05 §12).
func (s *Store) ForgetSpace(spaceID string) error {
	for _, p := range SealedPrefixes {
		if err := s.Delete(p + spaceID); err != nil {
			return err
		}
	}
	return nil
}

// Entry is one entry that loaded.
type Entry struct {
	Key   string
	Value []byte
}

// Listing is what List loaded, and what it refused or skipped.
type Listing struct {
	Entries []Entry  // sorted by key
	Refused []string // keys of sealed entries that did not open
	Skipped int      // names that are not entries (links, bad encoding)
}

// List loads every entry whose key starts with prefix. An entry that does
// not open is refused alone; the rest still load.
func (s *Store) List(prefix string) (Listing, error) {
	var out Listing
	l, err := s.kv.List()
	if err != nil {
		return out, fmt.Errorf("list registry: %w", err)
	}
	out.Skipped = l.Skipped
	for _, e := range l.Entries {
		key, err := folder.Decode(e.Name)
		if err != nil || e.IsDir {
			out.Skipped++
			continue
		}
		if !strings.HasPrefix(key, prefix) {
			continue
		}
		raw, err := s.kv.ReadFile(e.Name)
		if errors.Is(err, fs.ErrNotExist) {
			continue // deleted meanwhile
		}
		if err != nil {
			out.Skipped++
			continue
		}
		v, err := Unseal(s.localKey, key, raw)
		if err != nil {
			out.Refused = append(out.Refused, key)
			continue
		}
		out.Entries = append(out.Entries, Entry{Key: key, Value: v})
	}
	sort.Slice(out.Entries, func(i, j int) bool { return out.Entries[i].Key < out.Entries[j].Key })
	sort.Strings(out.Refused)
	return out, nil
}

// Keys lists the keys of the entries whose key starts with prefix, sorted,
// reading no value: a cheap look whether entries came or went.
func (s *Store) Keys(prefix string) ([]string, error) {
	l, err := s.kv.List()
	if err != nil {
		return nil, fmt.Errorf("list registry: %w", err)
	}
	var keys []string
	for _, e := range l.Entries {
		if key, err := folder.Decode(e.Name); err == nil && !e.IsDir && strings.HasPrefix(key, prefix) {
			keys = append(keys, key)
		}
	}
	sort.Strings(keys)
	return keys, nil
}

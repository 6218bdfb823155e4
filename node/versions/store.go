package versions

import (
	"context"
	"errors"

	"minca.dev/desktop/core/negentropy"
	"minca.dev/desktop/core/record"
)

// Errors a caller may branch on. Every error a Store returns for bad input
// wraps one of them.
var (
	// ErrNotFound: the store holds no such version or record.
	ErrNotFound = errors.New("versions: not found")
	// ErrInvalid: a version the store cannot keep (it fails the shape check
	// of 02 §4.6 or its id is not a version id, 05 §2). The change it came
	// in leaves nothing.
	ErrInvalid = errors.New("versions: version cannot be kept")
	// ErrConflict: a copy whose id the store holds under another record key,
	// collection, seq or createdAt. Ids cover those members (02 §3.3), so
	// this copy was never verified; its change leaves nothing.
	ErrConflict = errors.New("versions: copy differs from the held version with its id")
	// ErrClosed: the store was closed.
	ErrClosed = errors.New("versions: store closed")
	// ErrCorrupt: what is on disk breaks an invariant of the store (an r/
	// entry naming a version not held, a stored version that does not parse).
	ErrCorrupt = errors.New("versions: store is corrupt")
)

// Store is one space's store of versions (05 §10): record versions, whole
// or as stubs, and the entries that say which is which. Every method is safe
// for concurrent use.
//
// Contract (every implementation passes node/versions/storetest):
//
//   - Put takes in versions as one change, placing each as 05 §10.1 says:
//     the current version of a record (r/) is the one no other held version
//     of its key supersedes (02 §4.3); it and versions with retain are kept
//     whole when a whole copy came; every other version is kept as a stub.
//     A first version (seq 0) demoted against a later seq is listed as the
//     record's first (g/), the lowest id if several. A retained version
//     that is not current has an h/ entry. Every version kept, whole or a
//     stub, is an item of its collection (i/). Putting is idempotent, and the
//     same set of versions gives the same store in any order and grouping.
//   - A change lands whole or not at all. Changes are applied one at a time,
//     each seeing the ones before it; those that come in while one lands
//     land together in one write. A change that fails (ErrInvalid,
//     ErrConflict, its context done) leaves nothing of itself and does not
//     stop the others: Put returns its error and no other change sees it.
//     When Put returns nil the change is committed (how durable across a
//     power cut is the implementation's: see Config.FullSync).
//   - Remove drops versions by id as one change (05 §10.1 "removing"):
//     it unsets r/ and g/ where they name the version, unsets its h/ entry,
//     and deletes it and its item. It promotes nothing. Removing an id not
//     held does nothing.
//   - Sum is the running sum of a collection's item ids and their count
//     (05 §3.3, §10), kept in the same write as the items, so Sum always
//     agrees with Items. Items is a snapshot of a collection's item set
//     in the order of 05 §2, for core/negentropy; it never changes after it
//     is returned.
//   - Reads reflect every committed change, including those made by another
//     handle or process on the same database (05 §10.2): an implementation
//     that keeps anything in memory reads it again when the store changed
//     under it. Generation changes whenever the store changed, by anyone.
//   - Versions returned belong to the caller; changing them changes nothing
//     in the store. A version returned as a stub has no body (IsStub).
//     A stub that is current reads as "not held" to a reader of the space
//     until its body comes (02 §4.5); that is the reader's call, not the
//     store's: Current returns what is kept.
//   - The store checks shape, not signatures or access: the gatekeeper
//     (05 §8) decides what is put.
type Store interface {
	// Put takes in vs as one change (05 §10.1).
	Put(ctx context.Context, vs ...*record.Version) error
	// Remove removes the versions with these ids as one change (05 §10.1).
	Remove(ctx context.Context, ids ...string) error

	// Get returns the version with id as kept, whole or its stub.
	Get(ctx context.Context, id string) (*record.Version, error)
	// Form says whether id is held, and in which form.
	Form(ctx context.Context, id string) (Form, error)
	// Record returns the entries of one record key (r/, g/, h/).
	Record(ctx context.Context, key string) (Entries, error)
	// Current returns the version r/key names, as kept (ErrNotFound when
	// the key has no r/ entry).
	Current(ctx context.Context, key string) (*record.Version, error)
	// Collection returns every version kept of a collection, as kept,
	// in item order (05 §2).
	Collection(ctx context.Context, collection string) ([]*record.Version, error)

	// Items is a snapshot of the collection's item set (05 §2, §10).
	Items(ctx context.Context, collection string) (negentropy.Storage, error)
	// Sum is the running sum of the collection's items (05 §10).
	Sum(ctx context.Context, collection string) (CollectionSum, error)
	// Sums is the running sum of every collection with at least one item.
	Sums(ctx context.Context) (map[string]CollectionSum, error)

	// Generation is a number that changes whenever the store changes,
	// through this handle or another (05 §10.2).
	Generation(ctx context.Context) (uint64, error)
	// Dump reads every entry, in the spec's spelling (05 §10): for tests
	// and diagnostics, it reads the whole store.
	Dump(ctx context.Context) (Dump, error)
	// Close releases the store. Changes already submitted land first.
	Close() error
}

// Form is how a version is held.
type Form int

const (
	// Absent: not held.
	Absent Form = iota
	// Stub: held without its body (02 §4.5).
	Stub
	// Whole: held with its body (or a delete, which has none to drop).
	Whole
)

func (f Form) String() string {
	switch f {
	case Stub:
		return "stub"
	case Whole:
		return "whole"
	}
	return "absent"
}

// Entries are one record key's entries (05 §10).
type Entries struct {
	// Current is what r/<key> names, "" when unset.
	Current string
	// First is what g/<key> names, "" when unset.
	First string
	// Retained are the ids of the key's h/ entries, by seq then id.
	Retained []string
}

// CollectionSum is the running sum of a collection's item ids and their
// count (05 §3.3, §10).
type CollectionSum struct {
	Sum   negentropy.Sum
	Count int
}

// Fingerprint is the collection's fingerprint, as a hello carries it (05 §3.3, §4).
func (c CollectionSum) Fingerprint() negentropy.Fingerprint { return c.Sum.Fingerprint(c.Count) }

// Dump is a whole store: its entries keyed as 05 §10 spells them, each
// naming a version id, and the form of every version held.
type Dump struct {
	Entries  map[string]string
	Versions map[string]Form
	Sums     map[string]CollectionSum
}

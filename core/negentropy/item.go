package negentropy

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"encoding/hex"
	"math"
)

// IDSize is the size of an item id: the 32-byte SHA-256 digest inside a
// version id (05 §2).
const IDSize = 32

// MaxTimestamp is the largest item timestamp: a non-negative safe integer
// (05 §2, §10), so that it fits a varint (05 §3.1).
const MaxTimestamp = MaxVarint

// Infinity is the timestamp of a bound past every item (05 §3.2: encoded 0).
const Infinity = math.MaxUint64

// ID is an item id.
type ID [IDSize]byte

// String is the id in lower-case hex.
func (id ID) String() string { return hex.EncodeToString(id[:]) }

// Item is one kept version, as the pair (timestamp, id) (05 §2).
type Item struct {
	Timestamp uint64
	ID        ID
}

// Compare orders items by timestamp, then by id as unsigned bytes (05 §2).
// The first 8 bytes of the ids, read big-endian, order them as bytes do and
// usually settle it.
func (a Item) Compare(b Item) int {
	if a.Timestamp != b.Timestamp {
		return cmp.Compare(a.Timestamp, b.Timestamp)
	}
	if x, y := binary.BigEndian.Uint64(a.ID[:8]), binary.BigEndian.Uint64(b.ID[:8]); x != y {
		return cmp.Compare(x, y)
	}
	return bytes.Compare(a.ID[8:], b.ID[8:])
}

// Bound is where a range ends (exclusive): a timestamp and an id prefix of 0
// to 32 bytes (05 §3.2). The zero Bound, (0, empty), is where the first range
// of a message starts.
type Bound struct {
	Timestamp uint64
	Prefix    [IDSize]byte
	Len       int // bytes of Prefix in use
}

// InfiniteBound is past every item: the end of the last range of a message.
var InfiniteBound = Bound{Timestamp: Infinity}

// ItemBound is the bound that is the item itself (its full id): the item is
// the first one not before it.
func ItemBound(it Item) Bound {
	return Bound{Timestamp: it.Timestamp, Prefix: it.ID, Len: IDSize}
}

// NewBound makes a bound from a timestamp and a prefix of at most 32 bytes;
// a longer prefix is cut to 32 bytes.
func NewBound(timestamp uint64, prefix []byte) Bound {
	b := Bound{Timestamp: timestamp}
	b.Len = copy(b.Prefix[:], prefix)
	return b
}

// Bytes is the id prefix in use.
func (b *Bound) Bytes() []byte { return b.Prefix[:b.Len] }

// HasBefore says whether item it sorts before bound b, that is, whether it
// lies in a range that ends at b. A bound compares with items by (timestamp,
// prefix), a shorter prefix sorting first (05 §3.2).
func (b *Bound) HasBefore(it *Item) bool {
	if it.Timestamp != b.Timestamp {
		return it.Timestamp < b.Timestamp
	}
	return bytes.Compare(it.ID[:], b.Prefix[:b.Len]) < 0
}

// compareBounds orders two bounds the way they compare with items.
func compareBounds(a, b *Bound) int {
	switch {
	case a.Timestamp < b.Timestamp:
		return -1
	case a.Timestamp > b.Timestamp:
		return 1
	}
	return bytes.Compare(a.Prefix[:a.Len], b.Prefix[:b.Len])
}

// minimalBound is the shortest bound after prev and not after next, for
// consecutive items prev < next: an empty prefix when their timestamps
// differ, otherwise the prefix they share plus one byte of next (05 §3.2).
func minimalBound(prev, next *Item) Bound {
	if prev.Timestamp != next.Timestamp {
		return Bound{Timestamp: next.Timestamp}
	}
	shared := 0
	for shared < IDSize && prev.ID[shared] == next.ID[shared] {
		shared++
	}
	n := min(shared+1, IDSize)
	b := Bound{Timestamp: next.Timestamp, Len: n}
	copy(b.Prefix[:], next.ID[:n])
	return b
}

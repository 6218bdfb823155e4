package syncmsg

import (
	"errors"

	"minca.dev/desktop/core/negentropy"
)

// Version is SYNC_PROTOCOL_VERSION, carried as "v" by every message (05 §4).
const Version = 8

// Limits of 05 §4–§8 (required-of-missing-parts.md §5.3).
const (
	// MaxFrame is the frame limit of reconcile and reconciled messages
	// (05 §6.3, §6.4): a Negentropy message is at most this many bytes.
	MaxFrame = 32000
	// MaxSums is the most collections a hello's sums may name (05 §4).
	MaxSums = 1000
	// MaxHolds is the most entries a hello's holds list may have (05 §4).
	MaxHolds = 1000
	// MaxWant is the most ids one want asks for, and a responder serves
	// (05 §6.3, §6.4).
	MaxWant = 200
	// MaxVersions is the most versions a versions message without id carries,
	// and the most a receiver takes of one (05 §6.3, §8).
	MaxVersions = 200
	// MaxStored is the most ids of a stored message a receiver reads
	// (predecessor spec; 05's table was lost).
	MaxStored = 2000
	// MaxID is the largest request or session id: a safe integer.
	MaxID = 1<<53 - 1
)

// Message types (05 §4).
const (
	TypeHello      = "hello"
	TypeReconcile  = "reconcile"
	TypeReconciled = "reconciled"
	TypeWant       = "want"
	TypeVersions   = "versions"
	TypePushUpdate = "push-update"
	TypeStored     = "stored"
)

// ErrDrop is wrapped by every error Parse returns: the message is dropped,
// unanswered (05 §4).
var ErrDrop = errors.New("sync message dropped")

// Message is one sync message.
type Message interface {
	// Type is the message's "type".
	Type() string
}

// Holds is what a node holds of a space (05 §5): every collection, or the
// sys.* collections and those listed.
type Holds struct {
	All         bool
	Collections []string // besides sys.*; nil with All
}

// HoldsAll is a node that holds the whole space.
var HoldsAll = Holds{All: true}

// Hello says what a node holds and the fingerprint of each collection it
// keeps (05 §4, §6.2).
type Hello struct {
	Holds Holds
	Sums  map[string]negentropy.Fingerprint
	// Reply marks a hello sent in answer to one; it is never answered.
	Reply bool
}

// Reconcile is one round of a session, initiator to responder (05 §6.3).
type Reconcile struct {
	ID         uint64
	Collection string
	Message    []byte // Negentropy, at most MaxFrame bytes
}

// Reconciled is the responder's answer to one reconcile (05 §6.4).
type Reconciled struct {
	ID      uint64
	Message []byte
	// NotHeld: the responder does not hold the collection (05 §5); Message
	// is then empty.
	NotHeld bool
}

// Want asks for versions by id (05 §6.3).
type Want struct {
	ID  uint64
	IDs []string
}

// Versions carries versions as on the wire (05 §4): the answer to a want
// (HasID) or what a session found the receiver lacks.
type Versions struct {
	ID    uint64
	HasID bool
	// Versions are the entries: from Parse, each a RawJSON, its bytes as
	// received (see the package doc); Marshal takes RawJSON or values as
	// core/cjson parses them.
	Versions []any
	// Heads, from Parse, is each entry's head (EntryHead) when the scanner
	// read it on the way; nil otherwise. Marshal ignores it.
	Heads []Head
}

// PushUpdate is a version written just now (05 §7).
type PushUpdate struct {
	Version any // a JSON value as core/cjson parses it, or RawJSON
}

// Stored says "I have these now" (05 §4).
type Stored struct {
	IDs []string
}

func (*Hello) Type() string      { return TypeHello }
func (*Reconcile) Type() string  { return TypeReconcile }
func (*Reconciled) Type() string { return TypeReconciled }
func (*Want) Type() string       { return TypeWant }
func (*Versions) Type() string   { return TypeVersions }
func (*PushUpdate) Type() string { return TypePushUpdate }
func (*Stored) Type() string     { return TypeStored }

// HoldsCollection says whether a node that holds h holds collection c:
// every node holds every sys.* collection (05 §5).
func (h Holds) HoldsCollection(c string) bool {
	if h.All || isSys(c) {
		return true
	}
	for _, x := range h.Collections {
		if x == c {
			return true
		}
	}
	return false
}

func isSys(c string) bool { return len(c) >= 4 && c[:4] == "sys." }

package access

import (
	"errors"
	"fmt"
	"strings"
)

// Kind is what an access event changes (03 §3.1, §3.3; replay-readings'
// reconstructed event table).
type Kind string

// The kinds of access event, one per access collection (03 §3.3).
const (
	KindRole       Kind = "role"       // sys.role at role:<name>: a role's definition (§2.4)
	KindAssign     Kind = "assign"     // sys.assign: assigning, unassigning, leaving a role, joining by invite (§2.5, §7.3)
	KindRemove     Kind = "remove"     // sys.remove: removing an account, or leaving (§2.5, §6.1)
	KindInvite     Kind = "invite"     // sys.invite: opening or closing an invite (§7.2)
	KindRevoke     Kind = "revoke"     // sys.revoke: an account revoking one of its keys (§6.4)
	KindFork       Kind = "fork"       // sys.fork: a proof that a key's line forked or broke (§6.5)
	KindDefinition Kind = "definition" // sys.collection: a collection's definition (02 §6, 03 §4.4)
	KindKey        Kind = "key"        // sys.key: a key change of a private space (§9.3)
	KindRelays     Kind = "relays"     // sys.relays: where members meet (§10)
	KindKeepers    Kind = "keepers"    // sys.keepers: nodes holding every record (§10)
	KindStepdown   Kind = "stepdown"   // sys.stepdown: a founder stepping down (§2.5)
	KindSucceed    Kind = "succeed"    // sys.succeed: naming a successor space (§2.7)
)

// kindInfo is, per kind, its record key prefix and its own collection
// (03 §3.3's prefix → collection list).
var kindInfo = map[Kind]struct{ prefix, collection string }{
	KindRole:       {"role:", "sys.role"},
	KindAssign:     {"assign:", "sys.assign"},
	KindRemove:     {"remove:", "sys.remove"},
	KindInvite:     {"invite:", "sys.invite"},
	KindRevoke:     {"revoke:", "sys.revoke"},
	KindFork:       {"fork:", "sys.fork"},
	KindDefinition: {"collection:", "sys.collection"},
	KindKey:        {"key:", "sys.key"},
	KindRelays:     {"relays:", "sys.relays"},
	KindKeepers:    {"keepers:", "sys.keepers"},
	KindStepdown:   {"stepdown:", "sys.stepdown"},
	KindSucceed:    {"succeed:", "sys.succeed"},
}

// Collection is the access collection events of kind k live in ("" for an
// unknown kind).
func (k Kind) Collection() string { return kindInfo[k].collection }

// NoPlace is Event.N for a version with no place in a line (replay-readings
// A24: such an event is never covered by a cutoff nor reached by a fork).
const NoPlace int64 = -1

// Grant is one grant of a role's definition as the replay reads it: its
// command and policy (03 §2.2; replay-readings "lost tables" 2: iss, aud,
// sub, nonce and meta are checked when the event is built and not carried).
// Pol is the policy in its JSON form (a []any of statements, as core/cjson
// parses it); a policy that does not parse fits nothing (core/policy).
type Grant struct {
	Cmd string
	Pol []any
}

// Keeper is one node of sys.keepers (03 §10).
type Keeper struct {
	DID  string
	Name string
}

// Cutoff is a change's cutoff (03 §6.3, §3.3): for each key DID and
// collection, the last place of that key's line in that collection the
// change covers. §3.3 reads it only for remove, assign, stepdown and revoke;
// it is empty for every other kind.
type Cutoff map[string]map[string]int64

// Covers says whether the cutoff covers a version of key author, in
// collection, at place n (03 §4.3 step 3, §5.1): the cutoff names that key
// and collection with a place at or above n. A version with no place
// (NoPlace) is never covered (A24).
func (c Cutoff) Covers(author, collection string, n int64) bool {
	if n < 0 {
		return false
	}
	place, ok := c[author][collection]
	return ok && place >= n
}

// Event is an access version as the replay reads it (03 §3.3): the common
// fields every event has, and the fields of its kind. core/judge builds
// events from versions (§3.3, §3.4); the replay checks only the shape
// (Validate), not signatures, proofs or record keys.
type Event struct {
	// Common fields (03 §3.3).

	ID     string   // version.id; "lowest id" is a plain string comparison
	Kind   Kind     // which access collection, hence what it changes
	Root   string   // the writer's account DID: the "A" of §4.5
	Author string   // version.author, the key DID that signed it; revokes, forks and cutoffs are keyed by it
	Seen   []string // version.seen ?? []: heads of the history the writer knew (§3.2); may hold the space id
	Cutoff Cutoff   // body.cutoff (§6.3); read only for remove, assign, stepdown and revoke
	// N is the version's place (log.n) in its author's line for its own
	// collection (§6.3, 02 §4.10), or NoPlace.
	N int64
	// LogCollection, when set, overrides the event's own collection
	// (Kind.Collection()) as the line N is a place in (A1).
	LogCollection string

	// role (§2.4, §6.1): Name, Title, Grants, Nests.
	// definition (sys.collection): Collection, Deleted.
	// fork (§6.5): Writer, Collection (the forked one), From.

	Name   string   // role: the role's name
	Title  string   // role: its title, if any
	Grants []Grant  // role: its grants
	Nests  []string // role: the roles it nests

	// assign (§2.5, §6.1, §7.3), remove, stepdown: DID is the account the
	// change is about. assign: Role and Assigned; ViaInvite is the invite
	// DID of a join (§7.3), "" otherwise.
	DID       string
	Role      string // assign, invite: the role
	Assigned  bool   // assign: true assigns (or joins), false unassigns or leaves
	ViaInvite string // assign: the invite key a join goes through

	InviteKey string // invite (§7.2): the invite DID
	Open      bool   // invite: true opens, false closes

	Key     string // revoke (§6.4): the revoked key DID
	Account string // revoke: the account revoking it (record key only, A21)

	Writer     string // fork: the key whose line forked
	Collection string // fork: the forked collection; definition: the defined collection
	From       int64  // fork: the first place it withdraws
	Deleted    bool   // definition: a deleted sys.collection version

	KeyID   string // key (§9.3): the new key's id
	ReadKey string // key: its read DID

	Relays  []string // relays (§10)
	Keepers []Keeper // keepers (§10)
	Copies  *int64   // keepers: copies, nil for null

	Space string // succeed (§2.7): the successor's id
}

// OwnCollection is the collection whose line N is a place in: the kind's
// collection unless LogCollection overrides it. For a definition it is
// sys.collection and for a fork sys.fork, never the collection they name (A1).
func (e *Event) OwnCollection() string {
	if e.LogCollection != "" {
		return e.LogCollection
	}
	return e.Kind.Collection()
}

// ErrMalformed is wrapped by Validate's errors: an event the replay cannot
// read at all (core/judge yields no event for such a version, §3.3).
var ErrMalformed = errors.New("malformed access event")

// Validate checks the event's shape: an id, a known kind, a root and author,
// and the fields its kind needs. It does not judge whether the change is
// allowed; that is the replay's.
func (e *Event) Validate() error {
	if err := e.validateCommon(); err != nil {
		return fmt.Errorf("event %q: %w", e.ID, err)
	}
	if err := e.validateKind(); err != nil {
		return fmt.Errorf("event %q (%s): %w", e.ID, e.Kind, err)
	}
	return nil
}

func (e *Event) validateCommon() error {
	switch {
	case e.ID == "":
		return fmt.Errorf("%w: no id", ErrMalformed)
	case kindInfo[e.Kind].prefix == "":
		return fmt.Errorf("%w: unknown kind %q", ErrMalformed, e.Kind)
	case e.Root == "" || e.Author == "":
		return fmt.Errorf("%w: no root or author", ErrMalformed)
	case e.N < NoPlace:
		return fmt.Errorf("%w: place %d", ErrMalformed, e.N)
	}
	for _, s := range e.Seen {
		if s == "" {
			return fmt.Errorf("%w: empty id in seen", ErrMalformed)
		}
	}
	return nil
}

func (e *Event) validateKind() error {
	need := func(field, v string) error {
		if v == "" {
			return fmt.Errorf("%w: no %s", ErrMalformed, field)
		}
		return nil
	}
	switch e.Kind {
	case KindRole:
		return need("name", e.Name)
	case KindAssign:
		return errors.Join(need("did", e.DID), need("role", e.Role))
	case KindRemove, KindStepdown:
		return need("did", e.DID)
	case KindInvite:
		return errors.Join(need("invite key", e.InviteKey), need("role", e.Role))
	case KindRevoke:
		return need("key", e.Key)
	case KindFork:
		return errors.Join(need("writer", e.Writer), need("collection", e.Collection))
	case KindDefinition:
		return need("collection", e.Collection)
	case KindKey:
		return errors.Join(need("key id", e.KeyID), need("read key", e.ReadKey))
	case KindSucceed:
		return need("space", e.Space)
	}
	return nil
}

// isRoleKey reports a did naming a role (role:<name>), which an assignment
// may not target (§4.5).
func isRoleKey(did string) bool { return strings.HasPrefix(did, "role:") }

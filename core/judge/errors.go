package judge

import "errors"

// Why a version yields no access event (03 §3.3) or may not be stored
// (§3.4). Every error EventFromVersion and MayStore return wraps one of them.
var (
	// ErrNotAccess: the version is not in the access collection its record
	// key's prefix belongs to (§3.3), or in none.
	ErrNotAccess = errors.New("not a version of an access collection")
	// ErrOtherSpace: the version is not of this space (§3.4 condition 1).
	ErrOtherSpace = errors.New("version of another space")
	// ErrNoRetain: an access version must carry retain (§3.2, §3.3).
	ErrNoRetain = errors.New("access version without retain")
	// ErrUnverified: its signature, or the note behind it, does not verify (§3.3).
	ErrUnverified = errors.New("signature or note does not verify")
	// ErrNotGranted: its note does not grant /access/change (or, for
	// sys.collection, /collection/define) with the arguments of 01 §8 (§3.3).
	ErrNotGranted = errors.New("note does not grant changing access")
	// ErrDeleted: a deleted version outside sys.collection (§3.3).
	ErrDeleted = errors.New("deleted access version")
	// ErrSealed: an encrypted body outside sys.collection (§3.3, §8.2).
	ErrSealed = errors.New("encrypted body in an access collection kept in the clear")
	// ErrBody: the body is missing or not a JSON object (§3.3).
	ErrBody = errors.New("access body is not an object")
	// ErrFields: the body's fields do not check out for its kind (§3.3).
	ErrFields = errors.New("access body's fields do not check out")
	// ErrCutoff: body.cutoff is not a map of key → collection → place, or
	// names more than 1024 places (§3.3, §6.3).
	ErrCutoff = errors.New("bad cutoff")
	// ErrRecordKey: the record key is not the one its body names (§3.1).
	ErrRecordKey = errors.New("record key does not match the body")
	// ErrWaiting: something its seen names is missing or waiting (§3.4 condition 3).
	ErrWaiting = errors.New("seen names an event not held or waiting")
	// ErrStranger: its root is not named by the history (§3.4 condition 4).
	ErrStranger = errors.New("root not named by the history")
)

// Why a record does not stand (03 §5.1, §5.2). A record.Verdict's Reason
// wraps one of them (or one of core/record's errors for step 2).
var (
	// ErrRevoked: an applied revoke of its key by its root does not cover it (§5.1 step 2).
	ErrRevoked = errors.New("its key was revoked")
	// ErrForked: a recorded fork of its author's line in its collection reaches it (§5.1 step 2).
	ErrForked = errors.New("its key's line forked")
	// ErrNotAllowed: its root may not do this as of what it saw (§5.1 step 3, §5.2 step 7).
	ErrNotAllowed = errors.New("its author may not do this as of what it saw")
	// ErrAccessTaken: an applied reduction of its root it had not seen does not cover it (§5.1 step 4).
	ErrAccessTaken = errors.New("its author's access was taken away")
	// ErrStruck: it rests on a change that was struck (§5.1 step 5).
	ErrStruck = errors.New("it rests on a change that was struck")
	// ErrAccountWrite: a version about the account itself whose note does
	// not grant /account/write for the whole account (§5.2 step 3).
	ErrAccountWrite = errors.New("note does not grant /account/write for the account")
	// ErrFirstVersion: its first version is not seq 0 at the same key and collection (§5.2 step 4).
	ErrFirstVersion = errors.New("its first version is not this record's")
	// ErrFinal: a seq > 0 version under a final rule (§5.2 step 9, 02 §7.4).
	ErrFinal = errors.New("the collection's rules are final")
	// ErrRules: the 02 checks on tags, onePer keys or fixed fields fail (§5.2 step 11).
	ErrRules = errors.New("the collection's rules refuse it")
	// ErrAccessCollection: Standing was asked about an access version, which
	// stands when its event is applied (§5.2).
	ErrAccessCollection = errors.New("an access version's standing is its event's status")
)

package judge

import (
	"fmt"

	"minca.dev/desktop/core/access"
	"minca.dev/desktop/core/note"
	"minca.dev/desktop/core/record"
)

// didKeyPrefix starts every key DID (01).
const didKeyPrefix = "did:key:"

// collectionDefinitions is the access collection that holds definitions: the
// one whose versions may be deleted or sealed and still yield an event (§3.3).
const collectionDefinitions = "sys.collection"

// Space is the space versions are judged in. Notes are checked by core/note
// (01 §7–§8): one link from the account to the key, valid at the version's
// createdAt.
type Space struct {
	ID string
}

// EventFromVersion turns a stored version of an access collection into the
// event the replay reads (03 §3.3), or says why it yields none: the error
// wraps one of ErrNotAccess, ErrOtherSpace, ErrNoRetain, ErrUnverified,
// ErrNotGranted, ErrDeleted, ErrSealed, ErrBody, ErrFields, ErrCutoff or
// ErrRecordKey.
func EventFromVersion(v *record.Version, sp Space) (access.Event, error) {
	kind, err := kindOf(v)
	if err != nil {
		return access.Event{}, err
	}
	root, err := checkAccessVersion(v, sp)
	if err != nil {
		return access.Event{}, fmt.Errorf("version %s (%s): %w", v.ID, v.Key, err)
	}
	ev := access.Event{
		ID:     v.ID,
		Kind:   kind,
		Root:   root,
		Author: v.Author,
		Seen:   append([]string{}, v.Seen...),
		Cutoff: access.Cutoff{},
		N:      access.NoPlace,
	}
	if v.Log != nil {
		ev.N = v.Log.N
	}
	if err := readKind(&ev, v, sp); err != nil {
		return access.Event{}, fmt.Errorf("version %s (%s, %s): %w", v.ID, v.Collection, v.Key, err)
	}
	if err := ev.Validate(); err != nil {
		return access.Event{}, fmt.Errorf("%w: %w", ErrFields, err)
	}
	return ev, nil
}

// kindOf is the kind of event a version's record key and collection make
// (§3.3): the prefix decides the collection, and the version must be in it.
func kindOf(v *record.Version) (access.Kind, error) {
	want, ok := record.AccessCollectionOf(v.Key)
	if !ok {
		return "", fmt.Errorf("%w: key %q has no access prefix", ErrNotAccess, v.Key)
	}
	if v.Collection != want {
		return "", fmt.Errorf("%w: key %q belongs to %s, version is in %s", ErrNotAccess, v.Key, want, v.Collection)
	}
	for _, k := range kinds {
		if k.Collection() == want {
			return k, nil
		}
	}
	return "", fmt.Errorf("%w: no event kind for %s", ErrNotAccess, want)
}

// kinds is every kind of access event (03 §3.3).
var kinds = []access.Kind{
	access.KindRole, access.KindAssign, access.KindRemove, access.KindInvite,
	access.KindRevoke, access.KindFork, access.KindDefinition, access.KindKey,
	access.KindRelays, access.KindKeepers, access.KindStepdown, access.KindSucceed,
}

// checkAccessVersion makes the checks every kind shares (§3.3, §3.4
// condition 1) and gives the version's root.
func checkAccessVersion(v *record.Version, sp Space) (string, error) {
	if v.Space != sp.ID {
		return "", fmt.Errorf("%w: %q, not %q", ErrOtherSpace, v.Space, sp.ID)
	}
	if !v.Retain {
		return "", ErrNoRetain
	}
	if v.IsStub() {
		return "", fmt.Errorf("%w: %w", ErrBody, record.ErrStubOfRetained)
	}
	d, err := delegation(v)
	if err != nil {
		return "", err
	}
	if err := checkGrant(v, d, sp); err != nil {
		return "", err
	}
	if v.Collection == collectionDefinitions {
		return d.Root, nil
	}
	switch {
	case v.Deleted:
		return "", ErrDeleted
	case isSealed(v.Body):
		return "", ErrSealed
	}
	if _, ok := v.Body.(map[string]any); !ok {
		return "", ErrBody
	}
	return d.Root, nil
}

// delegation checks the id, signature and body hash (02 §3.3) and the note
// at the version's createdAt (core/note), and gives what the note
// delegates: the root, and what the key may do for it.
func delegation(v *record.Version) (note.Delegation, error) {
	if err := record.Verify(v); err != nil {
		return note.Delegation{}, fmt.Errorf("%w: %w", ErrUnverified, err)
	}
	at, err := record.ParseTime(v.CreatedAt)
	if err != nil {
		return note.Delegation{}, fmt.Errorf("%w: createdAt: %w", ErrUnverified, err)
	}
	var proof any // a nil map must reach note.Check as no proof at all
	if v.Proof != nil {
		proof = v.Proof
	}
	d, err := note.Check(proof, v.Author, at)
	if err != nil {
		return note.Delegation{}, fmt.Errorf("%w: %w", ErrUnverified, err)
	}
	return d, nil
}

// heldDelegation is what the note of a version already checked (held, or
// passed by core/record's Gate) delegates, read without verifying its
// signatures again: the root, and what the key may do for it.
func heldDelegation(v *record.Version) (note.Delegation, error) {
	if v.Proof == nil {
		return note.Self(v.Author), nil
	}
	n, err := note.Parse(v.Proof)
	if err != nil {
		return note.Delegation{}, fmt.Errorf("%w: %w", ErrUnverified, err)
	}
	if n.Aud != v.Author || n.Sub != n.Iss {
		return note.Delegation{}, fmt.Errorf("%w: the note is not from its account to %s", ErrUnverified, v.Author)
	}
	return note.Delegation{Root: n.Iss, Key: n.Aud, Cmd: n.Cmd, Pol: n.Pol, Note: n}, nil
}

// checkGrant checks that the note grants what the version requires (§3.3,
// 01 §8): /collection/define for a sys.collection version, with
// { collection: the defined name, space }, and /access/change with
// { collection, space } for any other. A key whose note grants records only
// never changes access. A version with no note is its own account's, which
// may.
func checkGrant(v *record.Version, d note.Delegation, sp Space) error {
	if v.Collection == collectionDefinitions {
		if !d.CollectionDefine(definedName(v.Key), sp.ID) {
			return fmt.Errorf("%w: %s for %s", ErrNotGranted, note.CmdCollectionDefine, definedName(v.Key))
		}
		return nil
	}
	if !d.AccessChange(v.Collection, sp.ID) {
		return fmt.Errorf("%w: %s in %s", ErrNotGranted, note.CmdAccessChange, v.Collection)
	}
	return nil
}

// isSealed says whether a body is encrypted (03 §8.3): string sealed and
// string keyId.
func isSealed(body any) bool {
	m, ok := body.(map[string]any)
	if !ok {
		return false
	}
	_, s := m["sealed"].(string)
	_, k := m["keyId"].(string)
	return s && k
}

// EventsFromVersions turns the stored versions of a space into the events
// its history replays (03 §3.3): every version at an access key prefix,
// current or not, in the order given. Versions at other keys are passed
// over; none maps the id of each access version that yields no event to
// why.
func EventsFromVersions(vs []*record.Version, sp Space) (events []access.Event, none map[string]error) {
	none = map[string]error{}
	for _, v := range vs {
		if _, ok := record.AccessCollectionOf(v.Key); !ok {
			continue
		}
		ev, err := EventFromVersion(v, sp)
		if err != nil {
			none[v.ID] = err
			continue
		}
		events = append(events, ev)
	}
	return events, none
}

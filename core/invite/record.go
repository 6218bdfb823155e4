package invite

import (
	"minca.dev/desktop/core/identity"
	"minca.dev/desktop/core/record"
	"minca.dev/desktop/core/space"
)

// Collections of §7.
const (
	CollectionInvite     = "sys.invite"                // the record that opens and closes an invite (§7.2)
	CollectionAssign     = "sys.assign"                // a join is the joiner's own assignment (§7.3)
	CollectionInvitation = record.CollectionInvitation // the loose invitation (§7.4)
)

// Members of a sys.invite body (§7.2): { key: inviteDid, role, open }.
const (
	memberKey  = "key"
	memberRole = "role"
	memberOpen = "open"
	// memberCutoff may appear in any access body; an invite ignores it
	// (§3.3: always empty for invite), as core/judge does.
	memberCutoff = "cutoff"
)

// Record is an invite record's body (03 §7.2).
type Record struct {
	Key  string // the invite DID
	Role string
	Open bool
}

// Body is the record's JSON body.
func (r Record) Body() map[string]any {
	return map[string]any{memberKey: r.Key, memberRole: r.Role, memberOpen: r.Open}
}

// OpenDraft is the first version of the record that opens an invite to
// role (§7.2): sys.invite at invite:<hex40(inviteDid)>, retained (§3.2).
// The caller sets seen, createdAt, log and proof, then signs it
// (record.Sign). Only the invite DID goes into the space, never the secret.
func OpenDraft(spaceID, inviteDID, role string) (*record.Version, error) {
	r := Record{Key: inviteDID, Role: role, Open: true}
	if err := r.check(); err != nil {
		return nil, err
	}
	return &record.Version{
		Space: spaceID, Collection: CollectionInvite, Key: RecordKey(inviteDID),
		Body: r.Body(), HasBody: true, Retain: true,
	}, nil
}

// CloseDraft is the version after cur that closes its invite (§7.2): the
// same key and role, open: false. Closing a closed invite again still
// counts as closing (replay-readings A25), so cur may be either.
func CloseDraft(cur *record.Version) (*record.Version, error) {
	r, err := ReadRecord(cur)
	if err != nil {
		return nil, err
	}
	d := record.Next(cur)
	r.Open = false
	d.Body, d.HasBody, d.Retain = r.Body(), true, true
	return d, nil
}

// ReadRecord reads an invite record version (§7.2): in sys.invite, at the
// key its body's invite DID gives, { key, role, open } (a cutoff member is
// ignored, §3.3). Whether it stands is the replay's.
func ReadRecord(v *record.Version) (Record, error) {
	if v.Collection != CollectionInvite || v.Deleted {
		return Record{}, refuse(ReasonRecord, "§7.2", "%s is not a live sys.invite version", v.ID)
	}
	body, ok := v.Body.(map[string]any)
	if !ok {
		return Record{}, refuse(ReasonRecord, "§7.2", "body is not an object")
	}
	for k := range body {
		if k != memberKey && k != memberRole && k != memberOpen && k != memberCutoff {
			return Record{}, refuse(ReasonRecord, "§7.2", "member %q is not an invite record's", k)
		}
	}
	r := Record{}
	r.Key, _ = body[memberKey].(string)
	r.Role, _ = body[memberRole].(string)
	open, ok := body[memberOpen].(bool)
	if !ok {
		return Record{}, refuse(ReasonRecord, "§7.2", "open is not a boolean")
	}
	r.Open = open
	if err := r.check(); err != nil {
		return Record{}, err
	}
	if v.Key != RecordKey(r.Key) {
		return Record{}, refuse(ReasonRecord, "§7.2", "record key %q is not %q", v.Key, RecordKey(r.Key))
	}
	return r, nil
}

// check: key an invite DID (a P-256 did:key), role a role name.
func (r Record) check() error {
	if !identity.IsDID(r.Key) {
		return refuse(ReasonRecord, "§7.2", "key %q is not a P-256 did:key", r.Key)
	}
	if !space.IsRoleName(r.Role) {
		return refuse(ReasonRecord, "§7.2", "role %q is not a role name", r.Role)
	}
	return nil
}

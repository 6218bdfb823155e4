package judge

import (
	"fmt"

	"minca.dev/desktop/core/access"
	"minca.dev/desktop/core/enc"
	"minca.dev/desktop/core/identity"
	"minca.dev/desktop/core/record"
	"minca.dev/desktop/core/space"
)

// memberCutoff may appear in every access body (03 §3.1: "cutoff is optional
// everywhere it appears"); it is read only for assign, remove, stepdown and
// revoke, and ignored, whatever it holds, for the other kinds (§3.3).
const memberCutoff = "cutoff"

// keyIDLen is the length of a space key id: 16 bytes in base64url (03 §8.1).
const keyIDLen = 22

// readKind fills in the fields of ev's kind from v's body (§3.3), checking
// that v sits at the record key they name (§3.1).
func readKind(ev *access.Event, v *record.Version, sp Space) error {
	if ev.Kind == access.KindDefinition {
		return readDefinition(ev, v)
	}
	m, ok := v.Body.(map[string]any)
	if !ok {
		return ErrBody
	}
	f := fields(m)
	switch ev.Kind {
	case access.KindAssign, access.KindRemove, access.KindStepdown, access.KindRevoke:
		cut, err := readCutoff(f)
		if err != nil {
			return err
		}
		ev.Cutoff = cut
	}
	read, ok := kindReaders[ev.Kind]
	if !ok {
		return fmt.Errorf("%w: no reader for kind %s", ErrNotAccess, ev.Kind)
	}
	return read(ev, f, v, sp)
}

// kindReaders reads each kind's body but a definition's (§3.3).
var kindReaders = map[access.Kind]func(*access.Event, fields, *record.Version, Space) error{
	access.KindRole:     readRole,
	access.KindAssign:   readAssign,
	access.KindRemove:   readAccountChange,
	access.KindStepdown: readAccountChange,
	access.KindInvite:   readInvite,
	access.KindRevoke:   readRevoke,
	access.KindFork:     readFork,
	access.KindKey:      readKey,
	access.KindRelays:   readRelays,
	access.KindKeepers:  readKeepers,
	access.KindSucceed:  readSucceed,
}

// readRole: sys.role at role:<name>, { name, title?, grants, nests? }, each
// grant a delegation payload from the writer's account (03 §2.2, §2.4, §6.1;
// core/space.ParseDefinition).
func readRole(ev *access.Event, f fields, v *record.Version, sp Space) error {
	if name, ok := f["name"].(string); ok {
		if err := wantKey(v.Key, record.RoleKey(name)); err != nil {
			return err
		}
	}
	d, err := space.ParseDefinition(map[string]any(f), v.Key, ev.Root, sp.ID)
	if err != nil {
		return fmt.Errorf("%w: %w", ErrFields, err)
	}
	ev.Name, ev.Title, ev.Nests = d.Name, d.Title, d.Nests
	ev.Grants = make([]access.Grant, 0, len(d.Grants))
	for _, g := range d.Grants {
		ev.Grants = append(ev.Grants, access.Grant{Cmd: g.Cmd, Pol: g.Pol.Raw()})
	}
	return nil
}

// readAssign: sys.assign at assign:<hex40(did|role)>, { did, role, assigned,
// invite?: { key, signature }, cutoff? } (03 §2.5, §6.1, §7.3). A join's
// invite signature must verify, else there is no event (§7.3).
func readAssign(ev *access.Event, f fields, v *record.Version, sp Space) error {
	if err := f.only("did", "role", "assigned", "invite", memberCutoff); err != nil {
		return err
	}
	var err error
	if ev.DID, err = f.str("did"); err != nil {
		return err
	}
	if ev.Role, err = roleName(f); err != nil {
		return err
	}
	if ev.Assigned, err = f.boolean("assigned"); err != nil {
		return err
	}
	if err := wantKey(v.Key, record.AssignKey(ev.DID, ev.Role)); err != nil {
		return err
	}
	inv, present, err := f.object("invite")
	if err != nil || !present {
		return err
	}
	ev.ViaInvite, err = checkJoin(inv, sp.ID, ev.DID)
	return err
}

// checkJoin checks a join's invite member { key, signature } (03 §7.3): the
// invite key's signature over "minca/space-invite/v1|<spaceId>|<joinerDid>".
func checkJoin(inv fields, spaceID, joiner string) (string, error) {
	if err := inv.only("key", "signature"); err != nil {
		return "", fmt.Errorf("invite: %w", err)
	}
	key, err := inv.did("key")
	if err != nil {
		return "", fmt.Errorf("invite: %w", err)
	}
	s, err := inv.str("signature")
	if err != nil {
		return "", fmt.Errorf("invite: %w", err)
	}
	sig, err := enc.DecodeB64URL(s)
	if err != nil {
		return "", fmt.Errorf("%w: invite signature: %w", ErrFields, err)
	}
	if err := identity.Verify(key, JoinMessage(spaceID, joiner), sig); err != nil {
		return "", fmt.Errorf("%w: invite signature does not verify: %w", ErrFields, err)
	}
	return key, nil
}

// JoinMessage is what a joiner's invite signature covers (03 §7.3):
// "minca/space-invite/v1|<spaceId>|<joinerDid>".
func JoinMessage(spaceID, joiner string) []byte {
	return identity.InviteJoinMessage(spaceID, joiner)
}

// roleName reads body.role, a role name (03 §2.1).
func roleName(f fields) (string, error) {
	r, err := f.str("role")
	if err != nil {
		return "", err
	}
	if !space.IsRoleName(r) {
		return "", fmt.Errorf("%w: role %q is not a role name", ErrFields, r)
	}
	return r, nil
}

// readAccountChange: sys.remove at remove:<hex40(did)> and sys.stepdown at
// stepdown:<hex40(did)>, { did, cutoff? } (03 §2.5, §6.1).
func readAccountChange(ev *access.Event, f fields, v *record.Version, _ Space) error {
	if err := f.only("did", memberCutoff); err != nil {
		return err
	}
	did, err := f.str("did")
	if err != nil {
		return err
	}
	ev.DID = did
	want := record.RemoveKey(did)
	if ev.Kind == access.KindStepdown {
		want = record.StepdownKey(did)
	}
	return wantKey(v.Key, want)
}

// readInvite: sys.invite at invite:<hex40(inviteDid)>, { key, role, open }
// (03 §7.2).
func readInvite(ev *access.Event, f fields, v *record.Version, _ Space) error {
	if err := f.only("key", "role", "open", memberCutoff); err != nil {
		return err
	}
	var err error
	if ev.InviteKey, err = f.did("key"); err != nil {
		return err
	}
	if ev.Role, err = roleName(f); err != nil {
		return err
	}
	if ev.Open, err = f.boolean("open"); err != nil {
		return err
	}
	return wantKey(v.Key, record.InviteKey(ev.InviteKey))
}

// readRevoke: sys.revoke at revoke:<hex40(key|account)>, { key, cutoff? },
// the account being the version's root (03 §6.4).
func readRevoke(ev *access.Event, f fields, v *record.Version, _ Space) error {
	if err := f.only("key", memberCutoff); err != nil {
		return err
	}
	key, err := f.did("key")
	if err != nil {
		return err
	}
	ev.Key, ev.Account = key, ev.Root
	return wantKey(v.Key, record.RevokeKey(key, ev.Root))
}

// readFork: sys.fork at fork:<hex40(writer)>, { a, b }: two bodiless
// versions of this space proving a fork or a break (03 §6.5;
// core/record.CheckForkProof).
func readFork(ev *access.Event, f fields, v *record.Version, sp Space) error {
	body := map[string]any(f)
	if _, has := body[memberCutoff]; has {
		body = map[string]any{"a": f["a"], "b": f["b"]}
	}
	fault, err := record.CheckForkProof(body, sp.ID, v.Key)
	if err != nil {
		return fmt.Errorf("%w: %w", ErrFields, err)
	}
	ev.Writer, ev.Collection, ev.From = fault.Writer, fault.Collection, fault.From
	return nil
}

package invite

import (
	"errors"
	"fmt"

	"minca.dev/desktop/core/access"
	"minca.dev/desktop/core/enc"
	"minca.dev/desktop/core/identity"
	"minca.dev/desktop/core/record"
	"minca.dev/desktop/core/space"
)

// Join is the invite member of a joiner's assignment (03 §7.3):
// { key: inviteDid, signature: base64url(sig) }.
type Join struct {
	Key       string // the invite DID
	Signature string // base64url of the 64-byte P1363 signature
}

// JSON is the member as the assignment's body carries it.
func (j Join) JSON() map[string]any {
	return map[string]any{memberKey: j.Key, "signature": j.Signature}
}

// JoinMessage is what the invite key signs (§7.3): UTF-8
// "minca/space-invite/v1|<spaceId>|<joinerDid>". It binds the join to one
// account and one space.
func JoinMessage(spaceID, joinerDID string) []byte {
	return identity.InviteJoinMessage(spaceID, joinerDID)
}

// SignJoin signs joinerDID's way into spaceID with the invite key of secret
// (§7.3). A secret of any length but 32 bytes is refused (§7.1).
func SignJoin(secret []byte, spaceID, joinerDID string) (Join, error) {
	kp, err := KeyPair(secret)
	if err != nil {
		return Join{}, err
	}
	sig, err := kp.Sign(JoinMessage(spaceID, joinerDID))
	if err != nil {
		return Join{}, fmt.Errorf("sign join: %w", err)
	}
	return Join{Key: kp.DID(), Signature: enc.B64URL(sig)}, nil
}

// VerifyJoin checks a join's signature (§7.3): the public key imported from
// the invite DID, over the same bytes. An assignment whose invite does not
// verify yields no event (§3.3); core/judge makes this same check when it
// reads a join (its checkJoin), and this function agrees with it.
func VerifyJoin(j Join, spaceID, joinerDID string) error {
	sig, err := enc.DecodeB64URLLen(j.Signature, identity.SignatureLen)
	if err != nil {
		return refuse(ReasonJoin, "§7.3", "signature: %w", err)
	}
	if err := identity.Verify(j.Key, JoinMessage(spaceID, joinerDID), sig); err != nil {
		return refuse(ReasonJoin, "§7.3", "%w", err)
	}
	return nil
}

// JoinDraft is the joiner's own assignment (§7.3): sys.assign at
// assign:<hex40(joinerDid|role)>, { did, role, assigned: true, invite },
// role being the invite's (as its record in the current state says),
// retained. Its seen must include the invite event: the caller sets seen
// (the heads it holds), createdAt, log and proof, then signs it. It must
// not be written before the invite's current state says it is open (§7.3
// known defect), nor when the joiner already holds the role (a no-op).
func JoinDraft(secret []byte, spaceID, joinerDID, role string) (*record.Version, error) {
	if !space.IsRoleName(role) {
		return nil, refuse(ReasonRecord, "§7.3", "role %q is not a role name", role)
	}
	j, err := SignJoin(secret, spaceID, joinerDID)
	if err != nil {
		return nil, err
	}
	body := map[string]any{"did": joinerDID, "role": role, "assigned": true, "invite": j.JSON()}
	return &record.Version{
		Space: spaceID, Collection: CollectionAssign, Key: record.AssignKey(joinerDID, role),
		Body: body, HasBody: true, Retain: true,
	}, nil
}

// What JoinReady answers when a joiner should not write its join now (§7.3).
var (
	// ErrNotYet: the invite's record has not arrived: keep the secret and
	// try again as records arrive.
	ErrNotYet = errors.New("the invite's record has not arrived yet")
	// ErrInviteClosed: the invite is closed in the current state.
	ErrInviteClosed = errors.New("the invite is closed")
	// ErrAlreadyHeld: the joiner holds the invite's role: joining is a
	// no-op, and the secret may be forgotten.
	ErrAlreadyHeld = errors.New("the joiner already holds the invite's role")
)

// JoinReady says whether joinerDID should write its join through the
// invite now (§7.3), given the current state (access.History.Current): only
// when the invite's record is open there — never before, so a join is
// never counted accepted ahead of the invite's state — and the joiner does
// not hold its role. It gives the role to join with: the invite's.
func JoinReady(current *access.State, inviteDID, joinerDID string) (string, error) {
	inv, ok := current.Invite(inviteDID)
	switch {
	case !ok:
		return "", ErrNotYet
	case !inv.Open:
		return "", ErrInviteClosed
	}
	if _, held := current.Assignment(joinerDID, inv.Role); held {
		return inv.Role, ErrAlreadyHeld
	}
	return inv.Role, nil
}

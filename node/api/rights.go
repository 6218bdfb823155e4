package api

// Rights is what this account may do in a space now, as this node sees
// the space: SpaceDetail.May. Each right is the space's own judgement of
// the change this account would write (03 §4.5, refusal(e, S), the code
// the gatekeeper replays with), made on every Space call, so a user
// interface offers a control only when the change would be taken. A change
// that reaches the node later may still refuse what was allowed here: the
// node checks again when the change is made.
//
// For invite controls: Invite lists the roles this account may open a role
// invite to (03 §7.2: it may assign the role to a newcomer); InviteViewOnly
// says whether it may make a view-only invite (03 §7.5); CloseInvites lists
// the keys of the open invites it may close (03 §4.5: it assigns their
// role). All three are empty or false when Blocked is set.
type Rights struct {
	// Member says the account holds a place in the space (a role, or
	// founder); without one it may change nothing (03 §5.2).
	Member bool `json:"member"`
	// Blocked, when set, is why this node may write nothing in the space,
	// whatever the account's roles: one of the Blocked* reasons.
	Blocked string `json:"blocked,omitempty"`

	AssignSelf   []string `json:"assignSelf"`   // roles it may give itself (03 §2.5, self: true)
	AssignOthers []string `json:"assignOthers"` // roles it may give an account that holds none yet; for members see Member.May
	// RemoveMembers says it may remove at least one other member (which:
	// Member.May.Remove); in a private space this includes the key change
	// the removal needs at once (03 §9.3).
	RemoveMembers bool     `json:"removeMembers"`
	StepDown      bool     `json:"stepDown"`    // it is a founder, and may step down (03 §6.2)
	Leave         bool     `json:"leave"`       // it holds a place it may give up (03 §6.2: anyone may)
	DefineRoles   []string `json:"defineRoles"` // roles of the space it may redefine (03 §2.4, /role/define)
	Keepers       bool     `json:"keepers"`     // it may change the space's keepers (03 §10, /space/keepers)

	Invite         []string `json:"invite"`         // roles it may open a role invite to (03 §7.2)
	InviteViewOnly bool     `json:"inviteViewOnly"` // it may make a view-only invite (03 §7.5)
	CloseInvites   []string `json:"closeInvites"`   // keys of open invites it may close (03 §7.2)
}

// Why Rights.Blocked: this node may write nothing in the space.
const (
	// BlockedNotMember: the account holds no place (it was removed, or
	// left, or joined with a view-only invite).
	BlockedNotMember = "not-member"
	// BlockedNoKey: a private space whose current key this node does not
	// hold (03 §8.3: writers use the current key); syncing brings it.
	BlockedNoKey = "no-key"
	// BlockedRemoved: the account appears removed (SpaceSummary.Removed:
	// its removal is in the history here, or every node the space dials
	// refuses this one), whatever its roles in the history here.
	BlockedRemoved = "removed"
)

// MemberRights is what this account may do to one member: Member.May.
// Each is judged as Rights are (03 §4.5).
type MemberRights struct {
	Give   []string `json:"give"`   // roles it may give this member
	Take   []string `json:"take"`   // roles of this member's it may take (its own: leaving a role, 03 §6.2)
	Remove bool     `json:"remove"` // it may remove this member (never itself: that is leaving)
}

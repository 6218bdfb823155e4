package api

// Joining is a join this node holds the space for and has not finished
// (03 §7.3): the invite's record has not reached this computer yet (the
// inviter's computer, or a keeper of the space, was not reachable), so the
// account is no member. The node keeps the invite's secret and writes the
// join by itself once the record arrives; LeaveSpace forgets the space and
// the secret. SpaceSummary.Joining; nil once joined.
type Joining struct {
	InvitedBy   string `json:"invitedBy"`             // the account the invitation speaks for (03 §7.4)
	InviterName string `json:"inviterName,omitempty"` // its profile name, as PreviewInvite gives it
	Role        string `json:"role"`                  // the role the invite gives
	// Closed says the invite arrived closed (03 §7.2): the join cannot
	// finish; a new link from the inviter can.
	Closed bool `json:"closed,omitempty"`
	// NotFound says the space is synced with a connected node of it
	// (05 §6.5) and still names no invite for this link's key (03 §7.1):
	// the link may be damaged, or its invite was never opened. The node
	// keeps trying (another node may bring the record); cleared when the
	// record arrives or the space is no longer synced.
	NotFound bool `json:"notFound,omitempty"`
}

package access

// Refusals of the changes to who holds what (03 §4.5): assign (joining by
// invite included) and remove.

func refuseAssign(s stateView, e *Event) *Refusal {
	if isRoleKey(e.DID) {
		return refuse(RefusedToRole, "roles are assigned to accounts, not to %s", e.DID)
	}
	if e.ViaInvite != "" {
		return refuseJoin(s, e)
	}
	_, holds := s.Assignment(e.DID, e.Role)
	if !e.Assigned && e.Root == e.DID { // leaving a role
		if !holds {
			return refuse(RefusedNotHeld, "%s does not hold %s", e.DID, e.Role)
		}
		return nil
	}
	if e.Root != e.DID && s.IsFounder(e.DID) {
		return refuse(RefusedFounder, "only %s itself changes its roles: it is a founder", e.DID)
	}
	if !s.RoleExists(e.Role) {
		return refuse(RefusedNoRole, "there is no role %q", e.Role)
	}
	args := roleArgs(e.Role, e.Root == e.DID, s.RolesOf(e.DID))
	if e.Assigned {
		return mayOr(s, e.Root, CmdRoleAssign, args)
	}
	if !holds {
		return refuse(RefusedNotHeld, "%s does not hold %s", e.DID, e.Role)
	}
	return mayOr(s, e.Root, CmdRoleUnassign, args)
}

// refuseJoin judges a join as the assignment its openers make (§4.5): for
// every opener o, may(S, o, /role/assign, { role, self: o = did, roles }).
func refuseJoin(s stateView, e *Event) *Refusal {
	if !e.Assigned || e.Root != e.DID {
		return refuse(RefusedJoinShape, "a join assigns the role to its own writer (A27)")
	}
	inv, ok := s.Invite(e.ViaInvite)
	switch {
	case !ok:
		return refuse(RefusedNoInvite, "there is no invite %s here", e.ViaInvite)
	case !inv.Open:
		return refuse(RefusedInviteClosed, "invite %s is closed", e.ViaInvite)
	case inv.Role != e.Role:
		return refuse(RefusedInviteRole, "invite %s is for %q, not %q", e.ViaInvite, inv.Role, e.Role)
	}
	if _, holds := s.Assignment(e.DID, e.Role); holds {
		return refuse(RefusedAlreadyHeld, "%s already holds %s", e.DID, e.Role)
	}
	if !s.RoleExists(e.Role) {
		return refuse(RefusedNoRole, "there is no role %q", e.Role)
	}
	roles := s.RolesOf(e.DID)
	for _, o := range inv.By {
		if r := mayOr(s, o, CmdRoleAssign, roleArgs(e.Role, o == e.DID, roles)); r != nil {
			r.Text = "the invite's opener " + r.Text
			return r
		}
	}
	return nil
}

func refuseRemove(s stateView, e *Event) *Refusal {
	if !s.IsMember(e.DID) {
		return refuse(RefusedNotMember, "%s is no member here", e.DID)
	}
	if e.Root == e.DID {
		return nil // leaving the space
	}
	if s.IsFounder(e.DID) {
		return refuse(RefusedFounder, "only %s itself may remove it: it is a founder", e.DID)
	}
	return mayOr(s, e.Root, CmdMemberRemove, map[string]any{"self": false, "roles": anyStrings(s.RolesOf(e.DID))})
}

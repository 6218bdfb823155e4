package access

import (
	"fmt"
	"strings"

	"minca.dev/desktop/core/cjson"
)

// Commands the replay checks (03 §2.3, replay-readings "lost tables" 3).
const (
	CmdRoleDefine       = "/role/define"
	CmdRoleAssign       = "/role/assign"
	CmdRoleUnassign     = "/role/unassign"
	CmdMemberRemove     = "/member/remove"
	CmdCollectionDefine = "/collection/define"
	CmdKeyChange        = "/key/change"
	CmdSpaceRelays      = "/space/relays"
	CmdSpaceKeepers     = "/space/keepers"
	CmdSpaceSucceed     = "/space/succeed"
)

// RefusalCode says, in a word, why a change is refused (03 §4.5).
type RefusalCode string

// The refusals of §4.5.
const (
	RefusedNoGrant      RefusalCode = "no-grant"       // may(S, A, cmd, args) is false
	RefusedNotMember    RefusalCode = "not-member"     // the writer, or the target, is no member
	RefusedFounder      RefusalCode = "founder"        // only a founder itself changes its roles or removes it
	RefusedNotFounder   RefusalCode = "not-founder"    // a stepdown of someone who is no founder
	RefusedNotSelf      RefusalCode = "not-self"       // a change only its own account may make
	RefusedToRole       RefusalCode = "assign-to-role" // an assignment whose did is a role
	RefusedNoRole       RefusalCode = "no-such-role"   // the role does not exist
	RefusedNotHeld      RefusalCode = "not-held"       // unassigning a role the account does not hold
	RefusedAlreadyHeld  RefusalCode = "already-held"   // joining a role already held
	RefusedNoInvite     RefusalCode = "no-invite"      // the invite does not exist
	RefusedInviteClosed RefusalCode = "invite-closed"  // joining through a closed invite
	RefusedInviteRole   RefusalCode = "invite-role"    // joining another role than the invite's
	RefusedJoinShape    RefusalCode = "join-shape"     // a join that unassigns, or for someone else
	RefusedPublic       RefusalCode = "public-space"   // a key change in a public space
	RefusedKeyReused    RefusalCode = "key-reused"     // a key id or read key already used
	RefusedBadList      RefusalCode = "bad-list"       // relays or keepers that fail their check
)

// Refusal is why refusal(e, S) is not null (03 §4.5): a code to branch on
// and a sentence for people ("did:key:z… may not /member/remove …").
// Account, for RefusedNoGrant, is the account whose grant fell short: the
// change's root, or for a join the invite's opener; a screen that words
// the refusal by its code names it.
type Refusal struct {
	Code    RefusalCode
	Text    string
	Account string
}

func (r *Refusal) Error() string { return r.Text }

func refuse(code RefusalCode, format string, a ...any) *Refusal {
	return &Refusal{Code: code, Text: fmt.Sprintf(format, a...)}
}

// newInvocation builds an invocation from its arguments.
func newInvocation(cmd string, args map[string]any) *invocation {
	b, _ := cjson.Marshal(args) // the replay's own arguments always marshal
	return &invocation{cmd: cmd, args: args, key: cmd + " " + string(b)}
}

// stateView is what refusal reads of a state: a State, or the literal
// reference replay the tests check it against.
type stateView interface {
	IsFounder(did string) bool
	Assignment(did, role string) (string, bool)
	RolesOf(did string) []string
	IsMember(did string) bool
	RoleExists(name string) bool
	Invite(key string) (Invite, bool)
	Definition(name string) (Definition, bool, []string)
	Readers() []string
	may(did string, inv *invocation) bool
	keyUsed(keyID, readKey string) bool
	private() bool
}

func (s *State) private() bool { return s.h.g.Private }

// mayOr is may(S, who, cmd, args), or the refusal saying it is not.
func mayOr(s stateView, who, cmd string, args map[string]any) *Refusal {
	inv := newInvocation(cmd, args)
	if s.may(who, inv) {
		return nil
	}
	r := refuse(RefusedNoGrant, "%s may not %s with %s", who, cmd, strings.TrimPrefix(inv.key, cmd+" "))
	r.Account = who
	return r
}

func roleArgs(role string, self bool, roles []string) map[string]any {
	return map[string]any{"role": role, "self": self, "roles": anyStrings(roles)}
}

func anyStrings(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}

// Refusal is refusal(e, S) (03 §4.5): nil when e's root may make the change
// in this state.
func (s *State) Refusal(e *Event) *Refusal { return refusal(s, e) }

func refusal(s stateView, e *Event) *Refusal {
	switch e.Kind {
	case KindRole:
		return mayOr(s, e.Root, CmdRoleDefine, map[string]any{"role": e.Name})
	case KindAssign:
		return refuseAssign(s, e)
	case KindRemove:
		return refuseRemove(s, e)
	case KindStepdown:
		if e.Root != e.DID {
			return refuse(RefusedNotSelf, "only %s itself may step down", e.DID)
		}
		if !s.IsFounder(e.DID) {
			return refuse(RefusedNotFounder, "%s is no founder here", e.DID)
		}
		return nil
	case KindSucceed:
		return refuseSucceed(s, e)
	case KindInvite:
		return refuseInvite(s, e)
	case KindRevoke, KindFork:
		if !s.IsMember(e.Root) {
			return refuse(RefusedNotMember, "%s is no member here", e.Root)
		}
		return nil
	case KindDefinition:
		return refuseDefinition(s, e)
	case KindKey:
		return refuseKey(s, e)
	case KindRelays:
		if err := CheckRelays(e.Relays); err != nil {
			return refuse(RefusedBadList, "relays: %v", err)
		}
		return mayOr(s, e.Root, CmdSpaceRelays, map[string]any{})
	case KindKeepers:
		if err := CheckKeepers(e.Keepers, e.Copies); err != nil {
			return refuse(RefusedBadList, "keepers: %v", err)
		}
		return mayOr(s, e.Root, CmdSpaceKeepers, map[string]any{})
	}
	return refuse(RefusedNoGrant, "unknown kind %q", e.Kind)
}

// refuseSucceed: a member who may /space/succeed, or any member where no
// member may (§2.7).
func refuseSucceed(s stateView, e *Event) *Refusal {
	if !s.IsMember(e.Root) {
		return refuse(RefusedNotMember, "%s is no member here", e.Root)
	}
	inv := newInvocation(CmdSpaceSucceed, map[string]any{})
	if s.may(e.Root, inv) {
		return nil
	}
	for _, m := range s.Readers() {
		if s.may(m, inv) {
			return refuse(RefusedNoGrant, "%s may not %s, and %s may", e.Root, CmdSpaceSucceed, m)
		}
	}
	return nil
}

// refuseInvite: whoever changes an invite assigns its role; closing needs
// the invite to exist, opening needs assigns(role) (§4.5).
func refuseInvite(s stateView, e *Event) *Refusal {
	inv, exists := s.Invite(e.InviteKey)
	if exists {
		if r := assigns(s, e.Root, inv.Role); r != nil {
			return r
		}
	}
	if !e.Open {
		if !exists {
			return refuse(RefusedNoInvite, "there is no invite %s to close", e.InviteKey)
		}
		return nil
	}
	return assigns(s, e.Root, e.Role)
}

func assigns(s stateView, who, role string) *Refusal {
	if !s.RoleExists(role) {
		return refuse(RefusedNoRole, "there is no role %q", role)
	}
	return mayOr(s, who, CmdRoleAssign, roleArgs(role, false, nil))
}

// refuseDefinition (§4.5): a new or contested collection needs defines; an
// existing one defines, or its first definer, still a member.
func refuseDefinition(s stateView, e *Event) *Refusal {
	r := mayOr(s, e.Root, CmdCollectionDefine, map[string]any{"collection": e.Collection})
	if r == nil {
		return nil
	}
	def, ok, _ := s.Definition(e.Collection)
	if ok && def.DefinedBy == e.Root && s.IsMember(e.Root) {
		return nil
	}
	return r
}

func refuseKey(s stateView, e *Event) *Refusal {
	if !s.private() {
		return refuse(RefusedPublic, "a public space has no key to change")
	}
	if r := mayOr(s, e.Root, CmdKeyChange, map[string]any{}); r != nil {
		return r
	}
	if s.keyUsed(e.KeyID, e.ReadKey) {
		return refuse(RefusedKeyReused, "key %s (read key %s) was used before", e.KeyID, e.ReadKey)
	}
	return nil
}

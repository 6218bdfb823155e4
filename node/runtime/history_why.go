package runtime

import (
	"fmt"
	"strings"

	"minca.dev/desktop/core/access"
	"minca.dev/desktop/node/api"
)

// What an access change does, for a screen to word it (03 §2.5, §6, §7.2);
// the other kinds (revoke, fork, relays, keepers, succeed) by their kind.
const (
	actJoin          = "join"              // an assign through an invite (§7.3)
	actAssign        = "assign"            // giving an account a role
	actUnassign      = "unassign"          // taking a role from another account
	actLeaveRole     = "leave-role"        // an account giving up a role of its own
	actRemove        = "remove"            // removing another account
	actLeave         = "leave"             // an account leaving the space (§6.1)
	actDefineRole    = "define-role"       // a role's definition (§2.4)
	actOpenInvite    = "open-invite"       // opening an invite (§7.2)
	actCloseInvite   = "close-invite"      // closing one
	actStepdown      = "stepdown"          // a founder stepping down (§6.2)
	actChangeKey     = "change-key"        // a private space's key change (§9.3)
	actDefineColl    = "define-collection" // a collection's definition (02 §6)
	whyRefused       = "refused"           // not allowed in its own view (§4.3 step 1)
	whyStruck        = "struck"            // struck by a reduction it had not seen (§4.3 step 4.1)
	whyRestsOnStruck = "rests-on-struck"   // refused once the struck changes it saw are left out (§4.3 step 4.2)
	whyWaiting       = "waiting"           // it names changes not held yet (§4.2)
)

// ref is a change by what it does: its action, and the account and role
// it is about.
func ref(e access.Event) api.ChangeRef {
	r := api.ChangeRef{ID: e.ID, Author: e.Root, Action: string(e.Kind)}
	switch e.Kind {
	case access.KindAssign:
		r.Subject, r.Role = e.DID, e.Role
		switch {
		case e.ViaInvite != "":
			r.Action = actJoin
		case e.Assigned:
			r.Action = actAssign
		case e.Root == e.DID:
			r.Action = actLeaveRole
		default:
			r.Action = actUnassign
		}
	case access.KindRemove:
		r.Subject, r.Action = e.DID, actRemove
		if e.Root == e.DID {
			r.Action = actLeave
		}
	case access.KindStepdown:
		r.Subject, r.Action = e.DID, actStepdown
	case access.KindRole:
		r.Role, r.Action = e.Name, actDefineRole
	case access.KindInvite:
		r.Role, r.Action = e.Role, actCloseInvite
		if e.Open {
			r.Action = actOpenInvite
		}
	case access.KindKey:
		r.Action = actChangeKey
	case access.KindDefinition:
		r.Action = actDefineColl
	}
	return r
}

// why is why a change was dropped, or what it waits for: nil for an
// applied one (03 §4.3, §4.6).
func why(e access.Entry, byID map[string]access.Event) *api.ChangeWhy {
	s := e.Status
	switch {
	case s.Outcome == access.Waiting:
		return &api.ChangeWhy{Kind: whyWaiting, WaitingFor: s.WaitingFor}
	case s.Outcome != access.Dropped:
		return nil
	case s.Reason == access.Refused && s.Refusal != nil:
		return &api.ChangeWhy{Kind: whyRefused, Code: string(s.Refusal.Code), Account: refusedAccount(e.Event, s.Refusal)}
	case s.Detail == access.StruckByReduction:
		return &api.ChangeWhy{Kind: whyStruck, By: refs(s.StruckBy, byID)}
	case s.Detail == access.RestsOnStruck:
		w := &api.ChangeWhy{Kind: whyRestsOnStruck, By: refs(s.RestsOn, byID)}
		if s.Refusal != nil {
			w.Code, w.Account = string(s.Refusal.Code), refusedAccount(e.Event, s.Refusal)
		}
		return w
	}
	return &api.ChangeWhy{Kind: string(s.Reason)}
}

// refusedAccount is the account a refusal is about (03 §4.5): whose grant
// fell short, the target of a change to members, or the writer.
func refusedAccount(e access.Event, r *access.Refusal) string {
	switch r.Code {
	case access.RefusedNoGrant:
		if r.Account != "" {
			return r.Account
		}
		return e.Root
	case access.RefusedNotMember:
		if e.Kind == access.KindRemove {
			return e.DID
		}
		return e.Root
	case access.RefusedFounder, access.RefusedNotFounder, access.RefusedNotSelf,
		access.RefusedNotHeld, access.RefusedAlreadyHeld:
		return e.DID
	}
	return ""
}

// refs are the changes of ids by what they did; an id the history does
// not hold is given by its id alone.
func refs(ids []string, byID map[string]access.Event) []api.ChangeRef {
	out := make([]api.ChangeRef, 0, len(ids))
	for _, id := range ids {
		if e, ok := byID[id]; ok {
			out = append(out, ref(e))
		} else {
			out = append(out, api.ChangeRef{ID: id})
		}
	}
	return out
}

// reason says in a sentence why a change did not apply, or what it waits
// for, with account ids as they are (the CLI's words; a screen words Why).
func reason(s access.Status, byID map[string]access.Event) string {
	switch {
	case s.Outcome == access.Waiting:
		return "waiting for " + strings.Join(s.WaitingFor, ", ")
	case s.Outcome != access.Dropped:
		return ""
	case s.Detail == access.StruckByReduction:
		return "struck by " + said(s.StruckBy, byID)
	case s.Detail == access.RestsOnStruck && s.Refusal != nil:
		return fmt.Sprintf("rests on a struck change (%s): %s", said(s.RestsOn, byID), s.Refusal.Text)
	case s.Refusal != nil:
		return "refused: " + s.Refusal.Text
	}
	return string(s.Reason)
}

// said is the changes of ids in sentences with their authors.
func said(ids []string, byID map[string]access.Event) string {
	parts := make([]string, 0, len(ids))
	for _, id := range ids {
		if e, ok := byID[id]; ok {
			parts = append(parts, fmt.Sprintf("%s (by %s)", summary(e), e.Root))
		} else {
			parts = append(parts, id)
		}
	}
	return strings.Join(parts, "; ")
}

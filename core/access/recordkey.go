package access

import "minca.dev/desktop/core/enc"

// RecordKey is the record key the event's version must sit at (03 §3.1,
// §2.5, §2.7, §6.1–§6.5, §7.2; checked against §3.1's example keys).
func (e *Event) RecordKey() string {
	p := kindInfo[e.Kind].prefix
	switch e.Kind {
	case KindRole:
		return p + e.Name
	case KindAssign:
		return p + enc.Hex40(e.DID+"|"+e.Role)
	case KindRemove, KindStepdown:
		return p + enc.Hex40(e.DID)
	case KindInvite:
		return p + enc.Hex40(e.InviteKey)
	case KindRevoke:
		return p + enc.Hex40(e.Key+"|"+e.Account)
	case KindFork:
		return p + enc.Hex40(e.Writer)
	case KindDefinition:
		return p + e.Collection
	case KindKey, KindRelays, KindKeepers:
		return p + "space"
	case KindSucceed:
		return p + enc.Hex40(e.Space)
	}
	return ""
}

// groupKey is the key events are grouped by in the merge: the record key
// without hashing, so two events share one exactly when they share a record
// key (§3.1), and lookups need no hash.
func (e *Event) groupKey() string {
	switch e.Kind {
	case KindRole:
		return roleGroup(e.Name)
	case KindAssign:
		return assignGroup(e.DID, e.Role)
	case KindRemove, KindStepdown:
		return string(e.Kind) + ":" + e.DID
	case KindInvite:
		return inviteGroup(e.InviteKey)
	case KindRevoke:
		return "revoke:" + e.Key + "|" + e.Account
	case KindFork:
		return "fork:" + e.Writer
	case KindDefinition:
		return definitionGroup(e.Collection)
	case KindSucceed:
		return "succeed:" + e.Space
	}
	return string(e.Kind) + ":space"
}

func roleGroup(name string) string             { return "role:" + name }
func assignGroup(did, role string) string      { return "assign:" + did + "|" + role }
func inviteGroup(key string) string            { return "invite:" + key }
func definitionGroup(collection string) string { return "collection:" + collection }

// cutoff is the event's cutoff as the replay reads it: only remove, assign,
// stepdown and revoke carry one (§3.3).
func (e *Event) cutoff() Cutoff {
	switch e.Kind {
	case KindRemove, KindAssign, KindStepdown, KindRevoke:
		return e.Cutoff
	}
	return nil
}

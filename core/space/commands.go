package space

import "slices"

// The commands every peer checks (03 §2.3). A grant may name any other
// command path, for an app's own use, and peers ignore it.
const (
	CmdAll              = "/"                  // covers every command
	CmdRecord           = "/record"            // covers the record commands
	CmdRecordRead       = "/record/read"       // { collection }; no peer checks it
	CmdRecordWrite      = "/record/write"      // { collection, byCreator, body }
	CmdRecordDelete     = "/record/delete"     // { collection, byCreator }
	CmdCollectionDefine = "/collection/define" // { collection }
	CmdRoleDefine       = "/role/define"       // { role }
	CmdRoleAssign       = "/role/assign"       // { role, self, roles }
	CmdRoleUnassign     = "/role/unassign"     // { role, self, roles }
	CmdMemberRemove     = "/member/remove"     // { self, roles }
	CmdKeyChange        = "/key/change"        // {}
	CmdSpaceRelays      = "/space/relays"      // {}
	CmdSpaceKeepers     = "/space/keepers"     // {}
	CmdSpaceSucceed     = "/space/succeed"     // {}
)

// Argument names a peer fills in before a policy runs (03 §2.3).
const (
	ArgCollection = "collection"
	ArgByCreator  = "byCreator"
	ArgBody       = "body"
	ArgRole       = "role"
	ArgSelf       = "self"
	ArgRoles      = "roles"
)

// RecordWriteArgs are /record/write's arguments (03 §5.2 step 6). body is
// the version's body as this peer opens it; policy.Unopened for one it
// can't (03 §2.2).
func RecordWriteArgs(collection string, byCreator bool, body any) map[string]any {
	return map[string]any{ArgCollection: collection, ArgByCreator: byCreator, ArgBody: body}
}

// RecordDeleteArgs are /record/delete's arguments (03 §5.2 step 6).
func RecordDeleteArgs(collection string, byCreator bool) map[string]any {
	return map[string]any{ArgCollection: collection, ArgByCreator: byCreator}
}

// RecordReadArgs are /record/read's arguments (03 §2.3).
func RecordReadArgs(collection string) map[string]any {
	return map[string]any{ArgCollection: collection}
}

// CollectionDefineArgs are /collection/define's arguments (03 §4.5).
func CollectionDefineArgs(collection string) map[string]any {
	return map[string]any{ArgCollection: collection}
}

// RoleDefineArgs are /role/define's arguments (03 §2.4, §4.5).
func RoleDefineArgs(role string) map[string]any {
	return map[string]any{ArgRole: role}
}

// RoleArgs are /role/assign's and /role/unassign's arguments (03 §2.5,
// §4.5): self is whether the invoker's account is the target, roles the
// target's roles (rolesOf, sorted) in the invocation's own view. Opening,
// changing or closing an invite uses RoleArgs(role, false, nil).
func RoleArgs(role string, self bool, roles []string) map[string]any {
	return map[string]any{ArgRole: role, ArgSelf: self, ArgRoles: sortedList(roles)}
}

// MemberRemoveArgs are /member/remove's arguments (03 §2.5, §4.5): self is
// always false, since removing oneself (leaving) needs no grant.
func MemberRemoveArgs(roles []string) map[string]any {
	return map[string]any{ArgSelf: false, ArgRoles: sortedList(roles)}
}

// NoArgs are the arguments of /key/change, /space/relays, /space/keepers
// and /space/succeed: none, so every selector reads null.
func NoArgs() map[string]any { return map[string]any{} }

func sortedList(s []string) []any {
	c := slices.Clone(s)
	slices.Sort(c)
	out := make([]any, len(c))
	for i, v := range c {
		out[i] = v
	}
	return out
}

package space

import (
	"testing"

	"minca.dev/desktop/core/policy"
)

func grant(t *testing.T, s string) Grant {
	t.Helper()
	g, err := ParseGrant(js(t, s))
	if err != nil {
		t.Fatalf("%s: %v", s, err)
	}
	return g
}

// TestGrantScenarios: the grants of 03 §1.2's examples and §2.2–§2.5.
func TestGrantScenarios(t *testing.T) {
	vs := loadConstitutions(t)
	c, err := ParseConstitution(js(t, vs[0].Constitution))
	if err != nil {
		t.Fatal(err)
	}
	editor, _ := c.Role("editor")
	fitsAny := func(gs []Grant, cmd string, args any) bool {
		for _, g := range gs {
			if g.Fits(cmd, args) {
				return true
			}
		}
		return false
	}
	butAdmin := grant(t, `{"cmd":"/","pol":[["!=",".role","admin"]]}`)
	named := []Grant{
		grant(t, `{"cmd":"/role/assign","pol":[["or",[["==",".role","member"],["==",".role","mod"]]]]}`),
		grant(t, `{"cmd":"/member/remove","pol":[["or",[["==",".role","member"],["==",".role","mod"]]]]}`),
	}
	treasurer := grant(t, `{"cmd":"/role/assign","pol":[["==",".role","treasurer"],["==",".self",false]]}`)
	mods := grant(t, `{"cmd":"/member/remove","pol":[["==",".self",false],["not",["any",".roles",["==",".","admin"]]]]}`)
	ownMoves := grant(t, `{"cmd":"/record/delete","pol":[["==",".collection","app.chess"],["==",".byCreator",true]]}`)
	cases := []struct {
		name   string
		grants []Grant
		cmd    string
		args   any
		want   bool
	}{
		// "editor … may do anything to records, define collections and assign editor" (§1.2).
		{"editor writes a record", editor.Grants, CmdRecordWrite, RecordWriteArgs("app.chess", false, map[string]any{}), true},
		{"editor deletes another's record", editor.Grants, CmdRecordDelete, RecordDeleteArgs("app.chess", false), true},
		{"editor defines a collection", editor.Grants, CmdCollectionDefine, CollectionDefineArgs("app.chess"), true},
		{"editor assigns editor", editor.Grants, CmdRoleAssign, RoleArgs("editor", false, nil), true},
		{"editor assigns admin", editor.Grants, CmdRoleAssign, RoleArgs("admin", false, nil), false},
		{"editor unassigns editor", editor.Grants, CmdRoleUnassign, RoleArgs("editor", false, []string{"editor"}), false},
		{"editor removes a member", editor.Grants, CmdMemberRemove, MemberRemoveArgs([]string{"editor"}), false},
		{"editor defines a role", editor.Grants, CmdRoleDefine, RoleDefineArgs("editor"), false},
		{"editor changes the key", editor.Grants, CmdKeyChange, NoArgs(), false},
		// §2.2 "Write what is allowed": / with != admin reaches removing an admin.
		{"!= admin: remove an admin", []Grant{butAdmin}, CmdMemberRemove, MemberRemoveArgs([]string{"admin"}), true},
		{"!= admin: change the key", []Grant{butAdmin}, CmdKeyChange, NoArgs(), true},
		{"!= admin: assign admin", []Grant{butAdmin}, CmdRoleAssign, RoleArgs("admin", false, nil), false},
		{"named: assign member", named, CmdRoleAssign, RoleArgs("member", false, nil), true},
		{"named: assign mod", named, CmdRoleAssign, RoleArgs("mod", true, []string{"member"}), true},
		{"named: assign admin", named, CmdRoleAssign, RoleArgs("admin", false, nil), false},
		{"named: remove has no role", named, CmdMemberRemove, MemberRemoveArgs([]string{"member"}), false},
		{"named: key change not named", named, CmdKeyChange, NoArgs(), false},
		// §2.3 "Members may delete their own moves".
		{"delete own move", []Grant{ownMoves}, CmdRecordDelete, RecordDeleteArgs("app.chess", true), true},
		{"delete another's move", []Grant{ownMoves}, CmdRecordDelete, RecordDeleteArgs("app.chess", false), false},
		{"write own move", []Grant{ownMoves}, CmdRecordWrite, RecordWriteArgs("app.chess", true, nil), false},
		// §2.5: opening, changing or closing an invite for a role needs
		// /role/assign for that role with { role, self: false, roles: [] }.
		{"editor opens an editor invite", editor.Grants, CmdRoleAssign, RoleArgs("editor", false, nil), true},
		{"treasurer grant opens no self invite", []Grant{treasurer}, CmdRoleAssign, RoleArgs("treasurer", false, nil), true},
		// §2.3/§2.6: "Admins assign Treasurer, not to themselves" — but to
		// their second account, which is another account (self: false).
		{"assign treasurer to oneself", []Grant{treasurer}, CmdRoleAssign, RoleArgs("treasurer", true, []string{"admin"}), false},
		{"assign treasurer to one's second account", []Grant{treasurer}, CmdRoleAssign, RoleArgs("treasurer", false, nil), true},
		// §2.3: "Moderators may remove members but not admins".
		{"mod removes a member", []Grant{mods}, CmdMemberRemove, MemberRemoveArgs([]string{"member"}), true},
		{"mod removes an admin", []Grant{mods}, CmdMemberRemove, MemberRemoveArgs([]string{"admin", "member"}), false},
		{"mod grant does not unassign", []Grant{mods}, CmdRoleUnassign, RoleArgs("member", false, []string{"member"}), false},
		// The co-op's steward may do anything.
		{"steward succeeds", []Grant{grant(t, `{"cmd":"/","pol":[]}`)}, CmdSpaceSucceed, NoArgs(), true},
	}
	for _, c := range cases {
		if got := fitsAny(c.grants, c.cmd, c.args); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}

// TestGrantOnUnreadableBody: 03 §2.2 — a peer that can't open a private
// body takes a statement on body as holding and judges the rest; a stub
// (03 §5.2 step 8) is not taken on trust.
func TestGrantOnUnreadableBody(t *testing.T) {
	g := grant(t, `{"cmd":"/record/write","pol":[["==",".collection","app.chat"],["==",".body.kind","note"]]}`)
	blind := RecordWriteArgs("app.chat", true, policy.Unopened)
	if !g.Fits(CmdRecordWrite, blind) {
		t.Error("blind peer refuses a statement on body")
	}
	if g.Outcome(CmdRecordWrite, blind) == policy.True {
		t.Error("stub check took the body on trust")
	}
	if g.Fits(CmdRecordWrite, RecordWriteArgs("app.todo", true, policy.Unopened)) {
		t.Error("blind peer did not judge the rest")
	}
	if g.Fits(CmdRecordWrite, RecordWriteArgs("app.chat", true, map[string]any{"kind": "poll"})) {
		t.Error("reader did not judge body whole")
	}
	if !g.Fits(CmdRecordWrite, RecordWriteArgs("app.chat", true, map[string]any{"kind": "note"})) {
		t.Error("reader refused a fitting body")
	}
	if g.Fits(CmdRecordWrite, RecordWriteArgs("app.chat", true, nil)) {
		t.Error("a missing body fits .body.kind")
	}
}

func TestGrantKey(t *testing.T) {
	a := grant(t, `{"pol":[["==",".n",1.0]],"cmd":"/x"}`)
	b := grant(t, `{"cmd":"/x","pol":[["==",".n",1]]}`)
	if a.Key() != b.Key() || a.Key() != `{"cmd":"/x","pol":[["==",".n",1]]}` {
		t.Fatalf("%s vs %s", a.Key(), b.Key())
	}
	for _, s := range []string{`{"cmd":"/x"}`, `{"pol":[]}`, `{"cmd":"/X","pol":[]}`, `[]`, `{"cmd":"/x","pol":{}}`} {
		if _, err := ParseGrant(js(t, s)); err == nil {
			t.Errorf("%s accepted", s)
		}
	}
}
